declare global {
  interface Window {
    /** Google tag's command queue (gtag.js reads it when it loads). */
    dataLayer?: unknown[];
  }
}

/** What analytics needs of the router: resolved navigations and the routes they matched. */
export interface RouteChanges {
  subscribe(eventType: 'onResolved', listener: (event: { pathChanged: boolean }) => void): () => void;
  readonly state: { readonly matches: ReadonlyArray<{ readonly fullPath: string }> };
}

export interface AnalyticsOptions {
  /** Runs `load` once the page is interactive; default `afterPageInteractive`. */
  whenInteractive?: (load: () => void) => void;
}

/** gtag.js of Google Analytics 4 (the CSP allows it only when GA_MEASUREMENT_ID is set). */
export const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';

/**
 * The window event registration sends on success (src/features/auth/registration.actors.ts,
 * spec §4: each thank-you page's conversion event), with `detail.page`: ty, ty2 or main.
 */
export const SIGN_UP_CONVERSION_EVENT = 'dashboard:sign-up-conversion';

/** The Google tag's command function; null while analytics is off. */
let tag: ((...command: unknown[]) => void) | null = null;

function gtag(..._command: unknown[]): void {
  // gtag.js takes its commands as Arguments objects, not arrays.
  // eslint-disable-next-line prefer-rest-params
  (window.dataLayer ??= []).push(arguments);
}

/**
 * The page a view is counted for: the route's pattern (e.g. /reset/$verificationCode), never the
 * address in the bar, which holds reset and verification codes and record ids.
 */
function pageOf(router: RouteChanges): { page_location: string; page_title: string } {
  const route = router.state.matches.at(-1)?.fullPath ?? '/';
  return { page_location: `${location.origin}${route}`, page_title: document.title };
}

/**
 * Google Analytics 4 (spec §7 "an analytics id"; GA_MEASUREMENT_ID, written into the page by the
 * server). With no id nothing happens. With one, a page view is queued for each route the app
 * shows (Google's automatic page views are off, so they are not counted twice), a `sign_up`
 * event for each sign-up conversion (with its thank-you page), and gtag.js is loaded only once
 * the page is interactive; it then sends what was queued. Returns what stops it (tests).
 */
export function startAnalytics(measurementId: string | undefined, router: RouteChanges, { whenInteractive = afterPageInteractive }: AnalyticsOptions = {}): () => void {
  if (!measurementId) return () => {};
  window.dataLayer = window.dataLayer ?? [];
  tag = gtag;
  gtag('js', new Date());
  const onConversion = (event: Event) => {
    const page = (event as CustomEvent<{ page?: string } | null>).detail?.page ?? 'main';
    gtag('event', 'sign_up', { method: 'email', thank_you_page: page });
  };
  addEventListener(SIGN_UP_CONVERSION_EVENT, onConversion);
  let configured = false;
  const unsubscribe = router.subscribe('onResolved', ({ pathChanged }) => {
    if (!pathChanged) return;
    const page = pageOf(router);
    // `set` first: every hit after it (engagement, scrolls) carries the pattern, not the address.
    gtag('set', page);
    if (!configured) gtag('config', measurementId, { send_page_view: false });
    configured = true;
    gtag('event', 'page_view', page);
  });
  whenInteractive(() => {
    const script = document.createElement('script');
    script.async = true;
    script.src = `${GTAG_URL}?id=${encodeURIComponent(measurementId)}`;
    document.head.append(script);
  });
  return () => {
    unsubscribe();
    removeEventListener(SIGN_UP_CONVERSION_EVENT, onConversion);
    tag = null;
  };
}

/** A GA4 event (e.g. a sign-up conversion); nothing when analytics is off. */
export function trackEvent(name: string, parameters: Record<string, unknown> = {}): void {
  tag?.('event', name, parameters);
}

/** After the load event, when the browser is next idle (at most 5 s later): the page is interactive. */
export function afterPageInteractive(run: () => void): void {
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: 5000 });
    else setTimeout(run, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
