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
