import type { AnyRouter } from '@tanstack/react-router';
import type { ErrorInfo } from 'react';
import { captureException, init, reactErrorHandler, tanstackRouterBrowserTracingIntegration, type Breadcrumb, type Event } from '@sentry/react';

/**
 * Secrets that travel in paths: the one-time codes of the reset and verify pages and of the API
 * calls they make (/reset/…, /verify/…, /user/password-reset/…, /user/verify-email/…,
 * /user/change-email/verify/…), a payment intent's client secret, and any segment long and random
 * enough to be a token (20 or more base64url characters, digits among them).
 */
const SECRET_SEGMENT = /\/(reset|verify|password-reset|verify-email|payment-intents)\/[^/?#\s]+|\/(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{20,}(?=[/?#\s]|$)/g;

/** A URL (or a span's "METHOD url" name) with its codes and tokens replaced. */
export function withoutCodes(url: string): string {
  return url.replace(SECRET_SEGMENT, (_segment, prefix?: string) => (prefix ? `/${prefix}/[code]` : '/[code]'));
}

function scrubBreadcrumb(crumb: Breadcrumb): Breadcrumb {
  if (!crumb.data) return crumb;
  const data = { ...crumb.data };
  for (const key of ['url', 'from', 'to']) if (typeof data[key] === 'string') data[key] = withoutCodes(data[key]);
  return { ...crumb, data };
}

/** What a span or a trace context carries that may hold a URL: its name and its url attributes. */
function scrubSpan<T extends { description?: string; data?: Record<string, unknown> }>(span: T): T {
  const data = span.data ? Object.fromEntries(Object.entries(span.data).map(([key, value]) => [key, typeof value === 'string' && /url|target|route|name/.test(key) ? withoutCodes(value) : value])) : span.data;
  return { ...span, ...(span.description ? { description: withoutCodes(span.description) } : {}), ...(data ? { data } : {}) };
}

/** An event as sent: page addresses, breadcrumbs, span names and attributes without codes or tokens. */
export function scrubEvent<T extends Event>(event: T): T {
  const scrubbed = { ...event };
  if (scrubbed.request?.url) scrubbed.request = { ...scrubbed.request, url: withoutCodes(scrubbed.request.url) };
  if (scrubbed.breadcrumbs) scrubbed.breadcrumbs = scrubbed.breadcrumbs.map(scrubBreadcrumb);
  if (scrubbed.transaction) scrubbed.transaction = withoutCodes(scrubbed.transaction);
  if (scrubbed.spans) scrubbed.spans = scrubbed.spans.map(scrubSpan);
  if (scrubbed.contexts?.trace) scrubbed.contexts = { ...scrubbed.contexts, trace: scrubSpan(scrubbed.contexts.trace) };
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
