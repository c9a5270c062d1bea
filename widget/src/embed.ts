import { hiddenByPage, readDisplayRules, waitsFor } from '../../common/rules/displayRules.ts';
import { PHONE_PATTERN, stripVisitorNumber } from '../../common/rules/phone.ts';
import { isWithinWeeklyHours, localWallClock } from '../../common/rules/workingHours.ts';
import { eligibility } from './displayGate.ts';
import { embedStrings } from './embedStrings.ts';
import { announce, gaVisitor } from './hostAnalytics.ts';
import { mountWidget } from './render.ts';
import type { WidgetConfiguration, WidgetHandle, WidgetNotice, WidgetRenderState, WidgetView } from './types.ts';
import { visitor } from './visitor.ts';
import { type PublicWidget, WidgetClient, widgetApiBase } from './widgetClient.ts';
import { zonedInstant, zonedNow } from './zonedTime.ts';

/**
 * The embed script, /widget.js (ARCHITECTURE.md, The widget): the snippet
 * `<script src="https://…/widget.js?key=PUBLIC_KEY" async></script>` (or a `data-key`
 * attribute) loads the website's active widgets and shows them by type:
 *
 * - Floating icon: always there; a click opens Call now.
 * - Timed popup: showsAfter seconds after the page loads, again repeatAfter seconds after it was
 *   closed, at most displaysPerVisit times per visit (a browser tab session, sessionStorage).
 * - Exit popup: once per visit, on exit intent — desktop: the mouse leaves through the top of
 *   the window; touch devices: after EXIT_MIN_SECONDS on the page, a fast scroll back up
 *   (the reader heading for the address bar), which needs no history tricks.
 *
 * Device rules, "during working hours only" and the display rules' page, UTM source and visitor
 * conditions (issue 20; common/rules/displayRules.ts) decide whether a widget shows at all; their
 * scroll depth and seconds on the page when it becomes eligible (displayGate.ts): the floating
 * icon appears then, the exit popup listens for exit intent from then on, and the Timed popup,
 * whose showsAfter still counts from the page load, shows once both its time has come and it is
 * eligible. Each request and events batch carries the visitor's first-touch source (visitor.ts). Page
 * visits, views and clicks are sent in one beacon when the page is hidden; views and accepted
 * requests are also told to the host page's own analytics (hostAnalytics.ts, issue 19), and a
 * request carries the visitor's GA client and session ids when the page has them (the `_ga` and
 * `_ga_<container>` cookies). Nothing is
 * ever thrown into the host page, and the only global is the namespace `CallbackWidget`.
 */

/** Touch exit intent: at least this long on the page, then an upward scroll this fast and far. */
const EXIT_MIN_SECONDS = 10;
const EXIT_SCROLL_PX_PER_MS = 1.5;
const EXIT_SCROLL_MIN_PX = 120;
/** The visitor reads the confirmation before a redirection. */
const REDIRECT_DELAY_MS = 1500;
const STORE = 'callback-widget:';

export const version = '1';

function session(name: string): string | null {
  try {
    return sessionStorage.getItem(STORE + name);
  } catch {
    return null;
  }
}

function remember(name: string, value: string): void {
  try {
    sessionStorage.setItem(STORE + name, value);
  } catch {
    // Storage may be off (private mode, sandboxed frame): counts then last one page.
  }
}

function visitorId(): string {
  let id = session('visitor');
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    id = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    remember('visitor', id);
  }
  return id;
}

/** The snippet's key and the script's origin, from this script's own tag. */
function snippet(): { key: string; origin: string } | null {
  const script = (document.currentScript ?? document.querySelector('script[src*="/widget.js"]')) as HTMLScriptElement | null;
  if (!script?.src) return null;
  const src = new URL(script.src, location.href);
  const key = script.dataset.key ?? src.searchParams.get('key');
  return key ? { key, origin: src.origin } : null;
}

function isMobile(): boolean {
  return /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent) || (matchMedia('(pointer: coarse)').matches && innerWidth < 1024);
}

/** The renderer's configuration: the public settings plus neutral values for what stays on the server. */
function renderSettings(widget: PublicWidget): WidgetConfiguration {
  return {
    settings: {
      ...widget.settings,
      useAgents: false,
      numberOfTries: 0,
      minutesBetweenTries: 0,
      agentNumber: null,
      customCallerId: { value: null },
      waitingAudio: { isActive: false, url: null },
    } as WidgetConfiguration['settings'],
    globalSetup: widget.globalSetup as unknown as WidgetConfiguration['globalSetup'],
    callSetup: widget.callSetup as unknown as WidgetConfiguration['callSetup'],
    scheduleSetup: widget.scheduleSetup as unknown as WidgetConfiguration['scheduleSetup'],
  };
}

function start(): void {
  const found = snippet();
  if (!found) return;
  // On load, whatever the config says: the visit's landing page and source are this page's.
  const seen = visitor();
  const client = new WidgetClient(widgetApiBase(found.origin), found.key, visitorId(), seen.firstTouch);
  client.track({ kind: 'page_visit' });
  const flush = () => client.flush();
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  client
    .config()
    .then((config) => {
      if (!config?.available) return;
      const mobile = isMobile();
      for (const widget of config.widgets) {
        const { deviceDisplay, duringWorkingHoursOnly, activeHours } = widget.settings;
        if (!(mobile ? deviceDisplay.onMobile : deviceDisplay.onDesktop)) continue;
        if (duringWorkingHoursOnly && !isWithinWeeklyHours(activeHours, localWallClock(zonedNow(config.timeZone)))) continue;
        const rules = readDisplayRules(widget.settings.displayRules);
        if (hiddenByPage(rules, { pathAndQuery: location.pathname + location.search, utmSource: seen.utmSource, returning: seen.returning })) continue;
        show(widget, config.timeZone, client, eligibility(waitsFor(rules)));
      }
    })
    .catch(() => undefined);
}

/** Whether a popup is open: two popups never stack. */
let popupOpen = false;

/** Runs what it is given once the widget is eligible (display rules' scroll depth and time). */
type Gate = ReturnType<typeof eligibility>;

function show(widget: PublicWidget, timeZone: string, client: WidgetClient, gate: Gate): void {
  const settings = renderSettings(widget);
  let handle: WidgetHandle | null = null;
  let host: HTMLElement | null = null;
  let clicked = false;
  let notice: WidgetNotice | undefined;
  let view: WidgetView = widget.kind === 'floatingIcon' ? 'floatingIcon' : 'callNow';
  const state = (): WidgetRenderState => ({ widget: { kind: widget.kind, settings }, view, notice, now: zonedNow(timeZone) });

  const click = () => {
    if (clicked) return;
    clicked = true;
    client.track({ kind: 'widget_click', widgetId: widget.id });
  };
  const render = () => handle?.update(state());

  const open = () => {
    if (handle) return;
    if (widget.kind !== 'floatingIcon') popupOpen = true;
    host = document.createElement('callback-widget');
    (document.body ?? document.documentElement).append(host);
    clicked = false;
    notice = undefined;
    handle = mountWidget(host, state(), {
      onViewChange(next) {
        view = next;
        notice = undefined;
        if (next !== 'floatingIcon') click();
        render();
      },
      onClose: close,
      onCallNow: ({ phone }) => submit('calls', phone, visitorLanguage(), widget.settings.redirections.callNow),
      onSchedule: ({ phone, day, time, customFields }) => {
        if (!day || !time) return say('error', embedStrings.chooseTime);
        const scheduledAt = zonedInstant(day, time, timeZone).toISOString();
        submit('scheduled-calls', phone, { scheduledAt, customFields }, widget.settings.redirections.scheduleCall);
      },
    });
    client.track({ kind: 'widget_view', widgetId: widget.id });
    announce('callback_widget_view', widget);
  };

  function close() {
    handle?.destroy();
    host?.remove();
    handle = null;
    host = null;
    popupOpen = false;
    closedListeners.forEach((listener) => listener());
  }
  const closedListeners: (() => void)[] = [];

  function say(tone: WidgetNotice['tone'], text: string) {
    notice = { tone, text };
    render();
  }

  async function submit(path: 'calls' | 'scheduled-calls', phone: string, extra: Record<string, unknown>, redirect: { isActive: boolean; value: string }) {
    const number = stripVisitorNumber(phone);
    if (!PHONE_PATTERN.test(number)) return say('error', embedStrings.wrongPhone);
    click();
    say('success', embedStrings.sending);
    const outcome = await client.post(path, { widgetId: widget.id, phone: number, ...extra, ...gaVisitor() }, embedStrings.failed);
    say(outcome.ok ? 'success' : 'error', outcome.message || embedStrings.failed);
    // A repeat is the same lead: the host page's analytics heard it the first time.
    if (outcome.ok && !outcome.duplicate) announce(path === 'calls' ? 'callback_call_requested' : 'callback_call_scheduled', widget);
    if (outcome.ok && redirect.isActive && /^https?:\/\//i.test(redirect.value)) {
      setTimeout(() => location.assign(redirect.value), REDIRECT_DELAY_MS);
    }
  }

  if (widget.kind === 'floatingIcon') gate(open);
  else if (widget.kind === 'timedPopup') timedPopup(widget, open, closedListeners, gate);
  else gate(() => exitPopup(widget, open));
}

/**
 * showsAfter, then repeatAfter after each close, at most displaysPerVisit times per visit. The
 * timer counts from the page load, not from eligibility: a popup due at 15 s on a page that asks
 * for 20 s shows at 20 s, not 35 s.
 */
function timedPopup(widget: PublicWidget, open: () => void, closed: (() => void)[], gate: Gate): void {
  const name = `timed:${widget.id}`;
  const { showsAfter, repeatAfter, displaysPerVisit } = widget.settings;
  const read = (): { shown: number; closedAt: number } => {
    try {
      return { shown: 0, closedAt: 0, ...JSON.parse(session(name) ?? '{}') };
    } catch {
      return { shown: 0, closedAt: 0 };
    }
  };
  const plan = () => {
    const { shown, closedAt } = read();
    if (displaysPerVisit !== null && shown >= displaysPerVisit) return;
    if (shown > 0 && repeatAfter === null) return;
    const delay = shown === 0 ? (showsAfter ?? 0) * 1000 : Math.max(0, closedAt + (repeatAfter ?? 0) * 1000 - Date.now());
    const attempt = () => {
      // Another popup is open: try again shortly rather than stacking two.
      if (popupOpen) return void setTimeout(attempt, 5000);
      remember(name, JSON.stringify({ ...read(), shown: read().shown + 1 }));
      open();
    };
    setTimeout(() => gate(attempt), delay);
  };
  closed.push(() => {
    remember(name, JSON.stringify({ ...read(), closedAt: Date.now() }));
    plan();
  });
  plan();
}

/** Once per visit, on exit intent (see the file comment). */
function exitPopup(widget: PublicWidget, open: () => void): void {
  const name = `exit:${widget.id}`;
  if (session(name)) return;
  const loadedAt = Date.now();
  let lastY = scrollY;
  let lastAt = loadedAt;
  const trigger = () => {
    if (session(name) || popupOpen) return;
    remember(name, '1');
    document.removeEventListener('mouseout', onMouseOut);
    removeEventListener('scroll', onScroll);
    open();
  };
  function onMouseOut(event: MouseEvent) {
    if (!event.relatedTarget && event.clientY <= 0) trigger();
  }
  function onScroll() {
    const now = Date.now();
    const up = lastY - scrollY;
    if (up >= EXIT_SCROLL_MIN_PX && up / Math.max(1, now - lastAt) >= EXIT_SCROLL_PX_PER_MS && now - loadedAt >= EXIT_MIN_SECONDS * 1000) trigger();
    if (now - lastAt > 250 || up < 0) {
      lastY = scrollY;
      lastAt = now;
    }
  }
  document.addEventListener('mouseout', onMouseOut);
  if (isMobile()) addEventListener('scroll', onScroll, { passive: true });
}

try {
  start();
} catch {
  // Never into the host page.
}

/** The visitor's language for the text sent after a missed call (issue 18), when it is a tag the widget API takes. */
function visitorLanguage(): { language?: string } {
  const language = navigator.language;
  return language && language.length <= 35 && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(language) ? { language } : {};
}
