import type { AnyRouter } from '@tanstack/react-router';
import type { ErrorInfo, RootOptions } from 'react-dom/client';
import type { ErrorReporter } from './sentrySdk.ts';

type LoadReporter = (dsn: string, router: AnyRouter) => Promise<ErrorReporter>;

/** The SDK's own chunk (sentrySdk.ts), fetched only when a DSN is configured. */
const loadSentry: LoadReporter = async (dsn, router) => (await import('./sentrySdk.ts')).startSentry(dsn, router);

/** Errors raised before the SDK arrives, handed to it once it has (a page that fails at once still reports). */
const EARLY_ERRORS_KEPT = 10;

export interface ErrorReporting {
  /** Settles when the SDK is running, or failed to load (offline, blocked): either way nothing throws. */
  ready: Promise<void>;
  /** For `createRoot`: errors React's error boundaries catch are logged and reported too. */
  rootOptions: Pick<RootOptions, 'onCaughtError' | 'onRecoverableError'>;
}

/**
 * Error reporting (spec §7; SENTRY_DSN, written into the page by the server): with no DSN nothing
 * is loaded and null is returned; with one, the Sentry SDK is imported lazily, started, and
 * given what went wrong meanwhile.
 */
export function startErrorReporting(dsn: string | undefined, router: AnyRouter, load: LoadReporter = loadSentry): ErrorReporting | null {
  if (!dsn) return null;
  const early: unknown[] = [];
  const keep = (error: unknown) => {
    if (early.length < EARLY_ERRORS_KEPT) early.push(error);
  };
  const onError = (event: ErrorEvent) => keep(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => keep(event.reason);
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  const stopListening = () => {
    // From here on the SDK's own handlers see every uncaught error.
    removeEventListener('error', onError);
    removeEventListener('unhandledrejection', onRejection);
  };

  const reporter = load(dsn, router).then(
    (loaded) => {
      stopListening();
      for (const error of early.splice(0)) loaded.captureException(error);
      return loaded;
    },
    () => {
      stopListening();
      return null;
    },
  );
  const caught = (error: unknown, info: ErrorInfo) => {
    // React's default for these is to log them; keep that, and report them.
    console.error(error);
    void reporter.then((loaded) => loaded?.captureReactError(error, info));
  };
  return { ready: reporter.then(() => undefined), rootOptions: { onCaughtError: caught, onRecoverableError: caught } };
}
