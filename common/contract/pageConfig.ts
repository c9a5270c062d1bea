/**
 * What the server tells the SPA when it serves index.html (issue 16, item 10). The SPA is built
 * once and served by any server, so settings from the server's environment reach it as
 * `<meta name="…" content="…">` tags written into the page at serve time: nothing extra to fetch
 * before the app starts, and nothing for the Content-Security-Policy to allow (no inline script).
 * A tag is present only when its setting is configured; the SPA reads each by these names.
 */
export const PAGE_CONFIG_META = {
  /** spec §7 "an error-reporting endpoint": the Sentry DSN (SENTRY_DSN). */
  sentryDsn: 'config:sentry-dsn',
  /** spec §7 "an analytics id": the GA4 measurement id (GA_MEASUREMENT_ID). */
  gaMeasurementId: 'config:ga-measurement-id',
  /** Where websites load the embed script (WIDGET_SCRIPT_URL); absent: `/widget.js` on the dashboard's origin. */
  widgetScriptUrl: 'config:widget-script-url',
} as const;

/** The page's settings by name; an absent one is not configured. */
export type PageConfig = { -readonly [Name in keyof typeof PAGE_CONFIG_META]?: string };
