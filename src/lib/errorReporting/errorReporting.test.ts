// @vitest-environment jsdom
import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startErrorReporting } from './errorReporting.ts';
import type { ErrorReporter } from './sentrySdk.ts';

const DSN = 'https://0123abcd@o42.ingest.sentry.io/4501';
const router = {} as AnyRouter;

/** A loader the test settles, with a reporter that records what it is given. */
function fakeSdk() {
  const reporter = { captureException: vi.fn(), captureReactError: vi.fn() } satisfies ErrorReporter;
  let settle: (loaded: ErrorReporter | Error) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<ErrorReporter>((resolve, reject) => {
        settle = (loaded) => (loaded instanceof Error ? reject(loaded) : resolve(loaded));
      }),
  );
  return { reporter, load, succeed: () => settle(reporter), fail: () => settle(new Error('Failed to fetch dynamically imported module')) };
}

/**
 * An uncaught error as the browser reports it. A listener stands in for the page's others (the
 * SDK's own, once loaded): Vitest fails the run on an error event no listener of the page takes.
 */
function raise(error: Error) {
  const other = () => {};
  window.addEventListener('error', other);
  window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
  window.removeEventListener('error', other);
}

afterEach(() => vi.restoreAllMocks());

describe('error reporting (spec §7, SENTRY_DSN)', () => {
  it('loads nothing without a DSN', () => {
    const sdk = fakeSdk();
    expect(startErrorReporting(undefined, router, sdk.load)).toBeNull();
    expect(sdk.load).not.toHaveBeenCalled();
  });

  it('loads the SDK with the DSN and the router, and hands it the errors raised meanwhile', async () => {
    const sdk = fakeSdk();
    const reporting = startErrorReporting(DSN, router, sdk.load)!;
    expect(sdk.load).toHaveBeenCalledWith(DSN, router);
    const early = new Error('before the SDK');
    raise(early);
    expect(sdk.reporter.captureException).not.toHaveBeenCalled();
    const removed = vi.spyOn(window, 'removeEventListener');
    sdk.succeed();
    await reporting.ready;
    expect(sdk.reporter.captureException).toHaveBeenCalledExactlyOnceWith(early);
    // From now on the SDK's own handlers see uncaught errors: ours are gone.
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual(['error', 'unhandledrejection']);
  });

  it('logs and reports the errors React\'s error boundaries catch', async () => {
    const sdk = fakeSdk();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reporting = startErrorReporting(DSN, router, sdk.load)!;
    const error = new Error('render failed');
    reporting.rootOptions.onCaughtError!(error, { componentStack: '\n    at Calls' });
    expect(logged).toHaveBeenCalledWith(error);
    sdk.succeed();
    await reporting.ready;
    await Promise.resolve();
    expect(sdk.reporter.captureReactError).toHaveBeenCalledExactlyOnceWith(error, { componentStack: '\n    at Calls' });
  });

  it('stays quiet when the SDK cannot be loaded (offline, blocked)', async () => {
    const sdk = fakeSdk();
    const reporting = startErrorReporting(DSN, router, sdk.load)!;
    sdk.fail();
    await expect(reporting.ready).resolves.toBeUndefined();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    reporting.rootOptions.onRecoverableError!(new Error('hydration'), {});
    await Promise.resolve();
    expect(sdk.reporter.captureReactError).not.toHaveBeenCalled();
  });
});
