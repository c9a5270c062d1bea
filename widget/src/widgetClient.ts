import type { components } from '../../common/contract/widgetApi.gen.ts';
import { WIDGET_API_BASE_PLACEHOLDER } from '../../common/contract/widgetScript.ts';
import type { TrafficSource } from './visitor.ts';

export type WidgetConfig = components['schemas']['WidgetConfig'];
export type PublicWidget = components['schemas']['PublicWidget'];
export type WidgetEvent = components['schemas']['WidgetEvent'];
type Accepted = components['schemas']['CallAccepted'] | components['schemas']['ScheduledCallAccepted'];

/**
 * A request's outcome as the widget shows it: the server's English sentence either way, and for an
 * accepted one whether it repeats a request the server already took (`duplicate`: no second call or lead).
 */
export type RequestOutcome = { ok: true; message: string; duplicate: boolean } | { ok: false; message: string };

/**
 * The widget API (openapi/widget.yaml) as the embed script calls it: no cookies (any origin,
 * no credentials), events batched and sent with sendBeacon when the page is hidden.
 */
export class WidgetClient {
  readonly #base: string;
  readonly #key: string;
  readonly #visitorId: string;
  readonly #source: TrafficSource | undefined;
  #queue: WidgetEvent[] = [];

  /**
   * @param base the widget API's base address (`widgetApiBase`), e.g. `https://…/widget-api`
   * @param source the visitor's first-touch source (issue 20), sent with every batch and request
   */
  constructor(base: string, key: string, visitorId: string, source?: TrafficSource) {
    this.#base = base;
    this.#key = key;
    this.#visitorId = visitorId;
    this.#source = source;
  }

  async config(): Promise<WidgetConfig | null> {
    const response = await fetch(`${this.#base}/config/${encodeURIComponent(this.#key)}`, { credentials: 'omit' });
    return response.ok ? ((await response.json()) as WidgetConfig) : null;
  }

  /** Queues an event; a full batch goes at once, the rest when the page is hidden (flush). */
  track(event: WidgetEvent): void {
    this.#queue.push(event);
    if (this.#queue.length >= 50) this.flush();
  }

  flush(): void {
    if (this.#queue.length === 0) return;
    const body = JSON.stringify({ key: this.#key, visitorId: this.#visitorId, url: pageUrl(), source: this.#source, events: this.#queue.splice(0, 50) });
    const url = `${this.#base}/events`;
    // A string beacon is text/plain: no CORS preflight, and it survives the page unloading.
    if (!navigator.sendBeacon?.(url, body)) {
      void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'content-type': 'text/plain' } }).catch(() => undefined);
    }
  }

  async post(path: 'calls' | 'scheduled-calls', body: Record<string, unknown>, failed: string): Promise<RequestOutcome> {
    try {
      const response = await fetch(`${this.#base}/${path}`, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: this.#key, visitorId: this.#visitorId, url: pageUrl(), source: this.#source, ...body }),
      });
      const answer = (await response.json().catch(() => ({}))) as Partial<Accepted> & { error_description?: string };
      if (response.ok) return { ok: true, message: answer.message ?? '', duplicate: answer.duplicate === true };
      // Refusals meant for the visitor carry an English sentence; a server failure does not.
      return { ok: false, message: response.status < 500 && answer.error_description ? answer.error_description : failed };
    } catch {
      return { ok: false, message: failed };
    }
  }
}

/**
 * Where the script calls the widget API: the base the server wrote over the placeholder when it
 * served the script (WIDGET_API_URL, common/contract/widgetScript.ts), else `/widget-api` on the
 * origin the script came from. A regular expression, not a comparison with the placeholder, so
 * the minifier cannot fold the check and drop the string the server looks for.
 */
export function widgetApiBase(scriptOrigin: string, written: string = WIDGET_API_BASE_PLACEHOLDER): string {
  return /^https?:\/\//.test(written) ? written : `${scriptOrigin}/widget-api`;
}

/** The page address without its fragment, within the contract's 2048 characters. */
function pageUrl(): string {
  return location.href.split('#')[0]!.slice(0, 2048);
}
