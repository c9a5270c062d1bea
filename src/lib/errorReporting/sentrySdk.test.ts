import type { AnyRouter } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';

const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  captureException: vi.fn(),
  handleReactError: vi.fn(),
  tanstackRouterBrowserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
}));
vi.mock('@sentry/react', () => ({
  init: sentry.init,
  captureException: sentry.captureException,
  reactErrorHandler: () => sentry.handleReactError,
  tanstackRouterBrowserTracingIntegration: sentry.tanstackRouterBrowserTracingIntegration,
}));

const { scrubEvent, startSentry, withoutCodes } = await import('./sentrySdk.ts');

describe('startSentry', () => {
  it('starts Sentry as spec §7 says: traces sample rate 1, environment production, traces named by route', () => {
    const router = { routeTree: {} } as unknown as AnyRouter;
    const reporter = startSentry('https://0123abcd@o42.ingest.sentry.io/4501', router);
    expect(sentry.tanstackRouterBrowserTracingIntegration).toHaveBeenCalledWith(router);
    expect(sentry.init).toHaveBeenCalledExactlyOnceWith({
      dsn: 'https://0123abcd@o42.ingest.sentry.io/4501',
      environment: 'production',
      tracesSampleRate: 1,
      integrations: [{ name: 'BrowserTracing' }],
      beforeSend: scrubEvent,
      beforeSendTransaction: scrubEvent,
      beforeBreadcrumb: expect.any(Function),
    });
    const error = new Error('x');
    reporter.captureException(error);
    expect(sentry.captureException).toHaveBeenCalledWith(error);
    reporter.captureReactError(error, { componentStack: '\n    at Calls' });
    expect(sentry.handleReactError).toHaveBeenCalledWith(error, { componentStack: '\n    at Calls' });
  });
});

describe('what reaches Sentry', () => {
  it('carries no reset or verification code: page addresses and breadcrumbs are scrubbed', () => {
    expect(withoutCodes('https://app.example/reset/abc-123_X?x=1')).toBe('https://app.example/reset/[code]?x=1');
    expect(withoutCodes('/verify/tok3n?type=account')).toBe('/verify/[code]?type=account');
    expect(withoutCodes('/calls?page=2')).toBe('/calls?page=2');
    const event = scrubEvent({
      request: { url: 'https://app.example/reset/secret-code' },
      breadcrumbs: [{ category: 'navigation', data: { from: '/auth/login', to: '/verify/secret-code?type=account' } }],
    });
    expect(event.request?.url).toBe('https://app.example/reset/[code]');
    expect(event.breadcrumbs?.[0]?.data).toEqual({ from: '/auth/login', to: '/verify/[code]?type=account' });
    expect(JSON.stringify(event)).not.toContain('secret-code');
  });

  it('scrubs the API calls that carry the codes, span names and attributes, and long tokens anywhere in a path', () => {
    const code = 'k3vR9xQ2mT7wZ1pL0aB4cD';
    expect(withoutCodes(`https://app.example/api/user/password-reset/${code}`)).toBe('https://app.example/api/user/password-reset/[code]');
    expect(withoutCodes(`/api/user/verify-email/${code}`)).toBe('/api/user/verify-email/[code]');
    expect(withoutCodes(`/api/user/change-email/verify/${code}?x=1`)).toBe('/api/user/change-email/verify/[code]?x=1');
    expect(withoutCodes(`/api/local-card-processor/payment-intents/pi_1_secret_2/confirm`)).toBe('/api/local-card-processor/payment-intents/[code]/confirm');
    expect(withoutCodes('/api/client/widgets/12')).toBe('/api/client/widgets/12');
    const transaction = scrubEvent({
      type: 'transaction',
      transaction: `/reset/${code}`,
      spans: [{ description: `POST https://app.example/api/user/password-reset/${code}`, data: { url: `https://app.example/api/user/password-reset/${code}`, 'http.method': 'POST' } }],
      contexts: { trace: { trace_id: 't', span_id: 's', data: { 'http.url': `https://app.example/reset/${code}` } } },
    } as never);
    expect(JSON.stringify(transaction)).not.toContain(code);
  });
});
