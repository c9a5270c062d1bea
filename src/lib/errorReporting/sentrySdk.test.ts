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
});
