import { GA_CLIENT_ID_PATTERN, GA_CONTAINER_PATTERN, GA_SESSION_ID_PATTERN, MAX_GA_SESSION_IDS } from '../../common/rules/ga4.ts';
import type { PublicWidget } from './widgetClient.ts';

/** The events the host page's analytics hear (issue 19, Analytics events). */
export type HostAnalyticsEvent = 'callback_widget_view' | 'callback_call_requested' | 'callback_call_scheduled';

type Gtag = (command: 'event', name: HostAnalyticsEvent, params: Record<string, unknown>) => void;
type HostWindow = { gtag?: unknown; dataLayer?: unknown };

const widgetTypes = { floatingIcon: 'floating_icon', timedPopup: 'timed_popup', exitPopup: 'exit_popup' } as const;

/**
 * Tells the host page's own analytics about `widget`: `event` with `widget_id`, `widget_name` and
 * `widget_type` (floating_icon, timed_popup or exit_popup). One channel only, so nothing counts
 * twice: gtag when the page has it (gtag pushes to dataLayer itself, and a GA4 tag installed
 * without Tag Manager hears only gtag), else Tag Manager's `dataLayer` when the page made one
 * (`{ event, ...params }`, ready for a Custom Event trigger). A page with neither hears nothing:
 * the widget never creates `dataLayer` or any other global, and never throws into the page.
 */
export function announce(event: HostAnalyticsEvent, widget: PublicWidget): void {
  try {
    const params = { widget_id: widget.id, widget_name: widget.name, widget_type: widgetTypes[widget.kind] };
    const host = window as unknown as HostWindow;
    if (typeof host.gtag === 'function') (host.gtag as Gtag)('event', event, params);
    else if (typeof (host.dataLayer as { push?: unknown } | undefined)?.push === 'function') (host.dataLayer as unknown[]).push({ event, ...params });
  } catch {
    // The page's analytics failing is not the visitor's problem.
  }
}

/** What a call request tells of the visitor's Google Analytics ids (openapi/widget.yaml CallRequest). */
export interface GaVisitor {
  gaClientId?: string;
  gaSessionIds?: Record<string, string>;
}

/**
 * The visitor's Google Analytics ids, read from the host page's cookies when the call is asked for
 * (gtag may set them after the script loaded), for the call's outcome the server sends to the
 * client's GA4 property (openapi/widget.yaml GaClientId, GaSessionIds):
 * - the client id of `_ga`: `GA1.1.123456789.1700000000` (or `GA1.2.…`, by the cookie's domain
 *   depth) gives `123456789.1700000000`; the first well-formed `_ga` counts;
 * - the session id of each GA4 stream's `_ga_<container>` (up to MAX_GA_SESSION_IDS): the third
 *   field of `GS1.1.<session id>.<session number>.…`, or the `s` field of
 *   `GS2.1.s<session id>$o<session number>$…` (GS2's fields come in any order). The server picks
 *   the one of the client's own stream.
 * Only what matches the strict patterns (common/rules/ga4.ts) is sent. Without a client id nothing
 * is: the visitor has no GA cookie (often declined analytics cookies), and the server sends no
 * outcome without one. Nothing either when the page denies cookies (a sandboxed frame throws).
 */
export function gaVisitor(): GaVisitor {
  try {
    let gaClientId: string | undefined;
    const gaSessionIds: Record<string, string> = {};
    let sessions = 0;
    for (const pair of document.cookie.split(';')) {
      const at = pair.indexOf('=');
      if (at < 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (name === '_ga') {
        const id = /^GA\d+\.\d+\.(.*)$/.exec(value)?.[1];
        if (!gaClientId && id && GA_CLIENT_ID_PATTERN.test(id)) gaClientId = id;
      } else if (name.startsWith('_ga_')) {
        const container = name.slice(4);
        const session = sessionIdOf(value);
        // The first cookie of a stream counts, as for `_ga` (a page can see one per domain depth).
        if (session && sessions < MAX_GA_SESSION_IDS && GA_CONTAINER_PATTERN.test(container) && !(container in gaSessionIds)) {
          gaSessionIds[container] = session;
          sessions += 1;
        }
      }
    }
    if (!gaClientId) return {};
    return sessions ? { gaClientId, gaSessionIds } : { gaClientId };
  } catch {
    return {};
  }
}

/** The session id of a `_ga_<container>` cookie's value, GS1 or GS2, when it is well formed. */
function sessionIdOf(value: string): string | undefined {
  const gs1 = /^GS1\.\d+\.([^.]*)\./.exec(value);
  const gs2 = /^GS2\.\d+\.(.*)$/.exec(value);
  const id = gs1 ? gs1[1] : gs2?.[1]!.split('$').find((field) => field.startsWith('s'))?.slice(1);
  return id !== undefined && GA_SESSION_ID_PATTERN.test(id) ? id : undefined;
}
