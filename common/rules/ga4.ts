// Google Analytics 4 (issue 19): the one home of the ids' shapes and of the event a call's outcome
// is sent as, for the widget (which reads the ids from the host page's cookies), the server (which
// keeps only well-formed ids and sends the event), the dashboard's GA4 form and guide, and the
// server's own GA_MEASUREMENT_ID. The contract (openapi/*.yaml) repeats the measurement id's
// pattern; it takes the visitor's ids leniently on purpose (a malformed analytics field never
// costs a lead) and leaves these strict patterns to the server.

/** A web stream's container id: the measurement id without `G-`, as GA4 also names its session cookie (`_ga_<container>`). */
const CONTAINER = '[A-Z0-9]{4,20}';

/** A GA4 web stream's measurement id: `G-` and 4 to 20 capital letters or digits (e.g. G-ABC123XYZ9). */
export const MEASUREMENT_ID_PATTERN = new RegExp(`^G-${CONTAINER}$`);

/** A Measurement Protocol API secret as the contract takes it (Ga4SettingsInput.apiSecret): 1 to 100 visible ASCII characters. */
export const API_SECRET_PATTERN = /^[\x21-\x7E]+$/;
export const MAX_API_SECRET_LENGTH = 100;

/** The container part of a measurement id, the key of GaSessionIds (openapi/widget.yaml). */
export const GA_CONTAINER_PATTERN = new RegExp(`^${CONTAINER}$`);

/** A GA client id as the `_ga` cookie holds it after `GA1.<n>.`: `<random>.<unix seconds of the first visit>`. */
export const GA_CLIENT_ID_PATTERN = /^[0-9]{1,20}\.[0-9]{1,20}$/;

/** A GA4 session id as the `_ga_<container>` cookie holds it: the unix seconds the session started. */
export const GA_SESSION_ID_PATTERN = /^[0-9]{1,20}$/;

/** Session ids a request carries at most: one per GA4 stream the page measures with, and pages have one or two. */
export const MAX_GA_SESSION_IDS = 5;

/** The container of a measurement id (`G-ABC123XYZ9` → `ABC123XYZ9`): where its session id is found in GaSessionIds. */
export function gaContainerOf(measurementId: string): string {
  return measurementId.slice(2);
}

/** The event a call's outcome is sent to the client's GA4 property as (openapi/dashboard.yaml saveGa4Settings). */
export const GA4_CALL_EVENT = 'callback_call_completed';

/** Its parameters of the call (besides GA4's own session_id and engagement_time_msec), in the order the guide lists them. */
export const GA4_CALL_PARAMS = ['call_status', 'call_type', 'duration_seconds', 'widget_id', 'widget_name'] as const;
export type Ga4CallParam = (typeof GA4_CALL_PARAMS)[number];
