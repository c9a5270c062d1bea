import type { AnyRouter } from '@tanstack/react-router';
import type { ErrorInfo } from 'react';
import { captureException, init, reactErrorHandler, tanstackRouterBrowserTracingIntegration, type Breadcrumb, type Event } from '@sentry/react';

/** The one-time codes of the reset and verify pages (spec §2), which must not leave the browser. */
const ONE_TIME_CODE = /\/(reset|verify)\/[^/?#\s]+/g;

/** A URL with its reset or verification code replaced. */
export function withoutCodes(url: string): string {
  return url.replace(ONE_TIME_CODE, '/$1/[code]');
}

function scrubBreadcrumb(crumb: Breadcrumb): Breadcrumb {
  if (!crumb.data) return crumb;
  const data = { ...crumb.data };
  for (const key of ['url', 'from', 'to']) if (typeof data[key] === 'string') data[key] = withoutCodes(data[key]);
  return { ...crumb, data };
}

/** An event as sent: page addresses and breadcrumbs without one-time codes. */
export function scrubEvent<T extends Event>(event: T): T {
  const scrubbed = { ...event };
  if (scrubbed.request?.url) scrubbed.request = { ...scrubbed.request, url: withoutCodes(scrubbed.request.url) };
  if (scrubbed.breadcrumbs) scrubbed.breadcrumbs = scrubbed.breadcrumbs.map(scrubBreadcrumb);
  return scrubbed;
}

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
    beforeSend: scrubEvent,
    beforeSendTransaction: scrubEvent,
    beforeBreadcrumb: scrubBreadcrumb,
  });
  const reactError = reactErrorHandler();
  return {
    captureException: (error) => void captureException(error),
    captureReactError: (error, info) => reactError(error, info),
  };
}
