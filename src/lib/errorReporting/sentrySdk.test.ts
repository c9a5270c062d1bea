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

const { startSentry } = await import('./sentrySdk.ts');

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
    });
    const error = new Error('x');
    reporter.captureException(error);
    expect(sentry.captureException).toHaveBeenCalledWith(error);
    reporter.captureReactError(error, { componentStack: '\n    at Calls' });
    expect(sentry.handleReactError).toHaveBeenCalledWith(error, { componentStack: '\n    at Calls' });
  });
});
