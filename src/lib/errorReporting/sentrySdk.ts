import type { AnyRouter } from '@tanstack/react-router';
import type { ErrorInfo } from 'react';
import { captureException, init, reactErrorHandler, tanstackRouterBrowserTracingIntegration } from '@sentry/react';

/** What the app asks of the error-reporting SDK once it is loaded. */
export interface ErrorReporter {
  /** An error nothing else reported (one raised before the SDK was loaded). */
  captureException(error: unknown): void;
  /** An error a React error boundary caught (route error screens), with its component stack. */
  captureReactError(error: unknown, info: ErrorInfo): void;
}

/**
 * Starts Sentry (spec §7: "an error-reporting endpoint (traces sample rate 1, environment
 * production)"): uncaught errors and unhandled rejections, and a page-load or navigation trace
 * per route, named by its route pattern (TanStack Router integration). Loaded only through
 * `startErrorReporting`'s import(), so the SDK is a chunk of its own that a page without a DSN
 * never loads; the named imports keep the rest of the SDK (replay, feedback) out of it.
 */
export function startSentry(dsn: string, router: AnyRouter): ErrorReporter {
  init({
    dsn,
    environment: 'production',
    tracesSampleRate: 1,
    integrations: [tanstackRouterBrowserTracingIntegration(router)],
  });
  const reactError = reactErrorHandler();
  return {
    captureException: (error) => void captureException(error),
    captureReactError: (error, info) => reactError(error, info),
  };
}
