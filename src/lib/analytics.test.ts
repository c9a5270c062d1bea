// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Analytics from './analytics.ts';
import type { RouteChanges } from './analytics.ts';

/** A router that resolves navigations when the test says so. */
function fakeRouter() {
  let listener: ((event: { pathChanged: boolean }) => void) | null = null;
  const router: RouteChanges & { resolve(fullPath: string, pathChanged?: boolean): void } = {
    state: { matches: [] },
    subscribe: vi.fn((_type, fn) => {
      listener = fn;
      return () => {};
    }),
    resolve(fullPath, pathChanged = true) {
      (router.state as { matches: { fullPath: string }[] }).matches = [{ fullPath: '__root__' }, { fullPath }];
      listener?.({ pathChanged });
    },
  };
  return router;
}

/** The data layer's commands as arrays (gtag pushes Arguments objects). */
const commands = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const gtagScripts = () => [...document.querySelectorAll('script')].filter((script) => script.src.startsWith('https://www.googletagmanager.com/'));

// Each test gets a fresh module: analytics keeps whether it is on.
let analytics: typeof Analytics;
let stop = () => {};
beforeEach(async () => {
  vi.resetModules();
  analytics = await import('./analytics.ts');
  delete window.dataLayer;
  document.head.replaceChildren();
  document.title = 'Call widget dashboard';
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('analytics (GA4)', () => {
  it('does nothing without a measurement id: no gtag.js, no data layer, no listener', () => {
    const router = fakeRouter();
    const whenInteractive = vi.fn();
    stop = analytics.startAnalytics(undefined, router, { whenInteractive });
    analytics.trackEvent('sign_up');
    expect(window.dataLayer).toBeUndefined();
    expect(router.subscribe).not.toHaveBeenCalled();
    expect(whenInteractive).not.toHaveBeenCalled();
    expect(gtagScripts()).toEqual([]);
  });

  it('loads gtag.js only once the page is interactive', () => {
    let load = () => {};
    stop = analytics.startAnalytics('G-A1B2C3D4E5', fakeRouter(), { whenInteractive: (run) => (load = run) });
    expect(gtagScripts()).toEqual([]);
    load();
    const [script] = gtagScripts();
    expect(script!.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-A1B2C3D4E5');
    expect(script!.async).toBe(true);
  });

  it('counts a page view per route change, by the route\'s pattern, never the address', () => {
    const router = fakeRouter();
    stop = analytics.startAnalytics('G-A1B2C3D4E5', router, { whenInteractive: () => {} });
    expect(commands()).toEqual([['js', expect.any(Date)]]);

    router.resolve('/reset/$verificationCode');
    const page = { page_location: 'http://localhost:3000/reset/$verificationCode', page_title: 'Call widget dashboard' };
    expect(commands().slice(1)).toEqual([
      ['set', page],
      ['config', 'G-A1B2C3D4E5', { send_page_view: false }],
      ['event', 'page_view', page],
    ]);

    // Only the search changed (a filter): not a new page.
    router.resolve('/reset/$verificationCode', false);
    expect(commands()).toHaveLength(4);

    router.resolve('/calls');
    const calls = { page_location: 'http://localhost:3000/calls', page_title: 'Call widget dashboard' };
    expect(commands().slice(4)).toEqual([['set', calls], ['event', 'page_view', calls]]);
  });

  it('sends events once it is on', () => {
    stop = analytics.startAnalytics('G-A1B2C3D4E5', fakeRouter(), { whenInteractive: () => {} });
    analytics.trackEvent('generate_lead', { value: 1 });
    expect(commands().at(-1)).toEqual(['event', 'generate_lead', { value: 1 }]);
  });

  it('reports each sign-up conversion with its thank-you page (spec §4)', () => {
    const conversion = (page?: string) => window.dispatchEvent(new CustomEvent(analytics.SIGN_UP_CONVERSION_EVENT, { detail: page ? { page } : null }));
    conversion('ty');
    expect(window.dataLayer).toBeUndefined();

    stop = analytics.startAnalytics('G-A1B2C3D4E5', fakeRouter(), { whenInteractive: () => {} });
    conversion('ty2');
    conversion();
    expect(commands().slice(-2)).toEqual([
      ['event', 'sign_up', { method: 'email', thank_you_page: 'ty2' }],
      ['event', 'sign_up', { method: 'email', thank_you_page: 'main' }],
    ]);
  });

  it('waits for the load event, then for the browser to be idle', () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const run = vi.fn();
    analytics.afterPageInteractive(run);
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    expect(run).not.toHaveBeenCalled();
    idle[0]!();
    expect(run).toHaveBeenCalledTimes(1);

    readyState.mockReturnValue('complete');
    analytics.afterPageInteractive(run);
    expect(idle).toHaveLength(2);
    readyState.mockRestore();
  });
});
