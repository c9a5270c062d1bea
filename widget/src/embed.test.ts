// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DISPLAY_RULES, type DisplayRules } from '../../common/rules/displayRules.ts';
import { defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import type { PublicWidget, WidgetConfig } from './widgetClient.ts';

/** spec §9 defaults, calling one number. */
const testConfiguration = () => defaultWidgetConfiguration('+12125550100');

// The embed script's behaviour on a page, with the widget API answered by a fake fetch (the
// real API and browser are tests/widget/embed.spec.ts). Each test imports a fresh copy of the
// script; the copies of earlier tests keep listening on the same window, so every test uses its
// own widget ids (visit counts live in sessionStorage) and reads the latest beacon.

const KEY = 'TestPublicKey123';

function widget(kind: PublicWidget['kind'], id: number, settings: Partial<PublicWidget['settings']> = {}): PublicWidget {
  const { settings: general, globalSetup, callSetup, scheduleSetup } = testConfiguration();
  return {
    id,
    typeId: { exitPopup: 1, timedPopup: 2, floatingIcon: 3 }[kind],
    kind,
    name: `Widget ${id} on the shop`,
    settings: {
      showsAfter: general.showsAfter,
      repeatAfter: general.repeatAfter,
      displaysPerVisit: general.displaysPerVisit,
      activeHours: general.activeHours,
      duringWorkingHoursOnly: false,
      useSchedule: false,
      showScheduleForm: general.showScheduleForm,
      redirections: general.redirections,
      deviceDisplay: general.deviceDisplay,
      displayRules: general.displayRules!,
      ...settings,
    },
    globalSetup,
    callSetup,
    scheduleSetup,
  };
}

let beacons: { url: string; body: { key: string; events: { kind: string; widgetId?: number }[] } }[];
let requests: { url: string; body?: unknown }[];

async function embed(config: WidgetConfig | null, answers: Record<string, { status: number; body: unknown }> = {}) {
  const script = document.createElement('script');
  script.src = `https://callback.example/widget.js?key=${KEY}`;
  document.head.append(script);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.includes('/config/')) return new Response(config ? JSON.stringify(config) : '{}', { status: config ? 200 : 404 });
    const answer = Object.entries(answers).find(([path]) => url.endsWith(path))?.[1] ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.resetModules();
  await import('./embed.ts');
  await vi.advanceTimersByTimeAsync(0);
}

const hosts = () => [...document.querySelectorAll('callback-widget')];
const shadow = (index = 0) => hosts()[index]!.shadowRoot!;
const hide = () => window.dispatchEvent(new Event('pagehide'));

beforeEach(() => {
  vi.useFakeTimers();
  beacons = [];
  requests = [];
  document.head.replaceChildren();
  document.body.replaceChildren();
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => beacons.push({ url, body: JSON.parse(body) }) > 0,
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('embed script', () => {
  it('shows nothing when the account cannot take calls, but still counts the page visit', async () => {
    await embed({ available: false, timeZone: 'UTC', widgets: [] });
    expect(requests[0]!.url).toBe(`https://callback.example/widget-api/config/${KEY}`);
    expect(hosts()).toHaveLength(0);
    hide();
    expect(beacons.slice(-1)).toEqual([{ url: 'https://callback.example/widget-api/events', body: expect.objectContaining({ key: KEY, events: [{ kind: 'page_visit' }] }) }]);
  });

  it('never throws when the config cannot be loaded', async () => {
    await embed(null);
    expect(hosts()).toHaveLength(0);
  });

  it('shows the floating icon at once; a click opens Call now and counts one view and one click', async () => {
    await embed({ available: true, timeZone: 'UTC', widgets: [widget('floatingIcon', 7)] });
    expect(hosts()).toHaveLength(1);
    const icon = shadow().querySelector('button.icon') as HTMLButtonElement;
    icon.click();
    expect(shadow().querySelector('[role="dialog"]')).not.toBeNull();
    hide();
    expect(beacons.at(-1)!.body.events).toEqual([{ kind: 'page_visit' }, { kind: 'widget_view', widgetId: 7 }, { kind: 'widget_click', widgetId: 7 }]);
  });

  it('follows the device rules', async () => {
    await embed({ available: true, timeZone: 'UTC', widgets: [widget('floatingIcon', 7, { deviceDisplay: { onDesktop: false, onMobile: true } })] });
    expect(hosts()).toHaveLength(0);
  });

  it('shows the timed popup after showsAfter, again repeatAfter after closing, displaysPerVisit times', async () => {
    await embed({ available: true, timeZone: 'UTC', widgets: [widget('timedPopup', 8, { showsAfter: 15, repeatAfter: 120, displaysPerVisit: 2 })] });
    await vi.advanceTimersByTimeAsync(14_000);
    expect(hosts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hosts()).toHaveLength(1);
    (shadow().querySelector('button.close') as HTMLButtonElement).click();
    expect(hosts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(119_000);
    expect(hosts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hosts()).toHaveLength(1);
    (shadow().querySelector('button.close') as HTMLButtonElement).click();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(hosts()).toHaveLength(0);
    expect(JSON.parse(sessionStorage.getItem('callback-widget:timed:8')!)).toMatchObject({ shown: 2 });
  });

  it('shows the exit popup once per visit when the mouse leaves through the top', async () => {
    await embed({ available: true, timeZone: 'UTC', widgets: [widget('exitPopup', 9)] });
    expect(hosts()).toHaveLength(0);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 300, relatedTarget: null }));
    expect(hosts()).toHaveLength(0);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null }));
    expect(hosts()).toHaveLength(1);
    (shadow().querySelector('button.close') as HTMLButtonElement).click();
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null }));
    expect(hosts()).toHaveLength(0);
  });

  it('checks the number, submits Call now and shows the answer', async () => {
    await embed({ available: true, timeZone: 'UTC', widgets: [widget('exitPopup', 10)] }, {
      '/calls': { status: 202, body: { duplicate: false, message: 'Thank you! We will call you within 10 seconds.' } },
    });
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null }));
    const root = shadow();
    // The popup re-renders with each notice: find the input afresh.
    const phone = { set value(text: string) { (root.querySelector('input[name="phone"]') as HTMLInputElement).value = text; } };
    const submit = () => (root.querySelector('form') as HTMLFormElement).dispatchEvent(new Event('submit', { cancelable: true }));
    phone.value = 'call me';
    submit();
    expect(root.querySelector('.notice.error')!.textContent).toBe('Wrong phone number format.');
    expect(requests.filter((request) => request.url.endsWith('/calls'))).toHaveLength(0);
    phone.value = '+1 (415) 555-0123';
    submit();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.find((request) => request.url.endsWith('/calls'))!.body).toMatchObject({ key: KEY, widgetId: 10, phone: '+14155550123' });
    expect(root.querySelector('.notice.success')!.textContent).toBe('Thank you! We will call you within 10 seconds.');
  });

  it("shows the server's refusal", async () => {
    await embed({ available: true, timeZone: 'UTC', widgets: [widget('floatingIcon', 7)] }, {
      '/calls': { status: 422, body: { error: 'no_credits', error_description: 'Calls are unavailable: the account has no credits.' } },
    });
    (shadow().querySelector('button.icon') as HTMLButtonElement).click();
    (shadow().querySelector('input[name="phone"]') as HTMLInputElement).value = '+14155550123';
    (shadow().querySelector('form') as HTMLFormElement).dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(shadow().querySelector('.notice.error')!.textContent).toBe('Calls are unavailable: the account has no credits.');
  });
});

describe("the host page's analytics (issue 19)", () => {
  const accepted = { '/calls': { status: 202, body: { duplicate: false, message: 'Thank you! We will call you within 10 seconds.' } } };
  const params = (id: number, type = 'floating_icon') => ({ widget_id: id, widget_name: `Widget ${id} on the shop`, widget_type: type });

  /** The visitor opens the floating icon's Call now and asks for a call. */
  async function requestCall() {
    (shadow().querySelector('button.icon') as HTMLButtonElement).click();
    (shadow().querySelector('input[name="phone"]') as HTMLInputElement).value = '+14155550123';
    (shadow().querySelector('form') as HTMLFormElement).dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.advanceTimersByTimeAsync(0);
  }

  it('calls gtag when the page has it, and pushes nothing to dataLayer itself (gtag does: one channel, no double count)', async () => {
    const dataLayer: unknown[] = [];
    const gtag = vi.fn();
    vi.stubGlobal('dataLayer', dataLayer);
    vi.stubGlobal('gtag', gtag);
    await embed({ available: true, timeZone: 'UTC', widgets: [widget('floatingIcon', 20)] }, accepted);
    expect(gtag.mock.calls).toEqual([['event', 'callback_widget_view', params(20)]]);
    await requestCall();
    expect(gtag.mock.calls).toEqual([['event', 'callback_widget_view', params(20)], ['event', 'callback_call_requested', params(20)]]);
    expect(dataLayer).toEqual([]);
  });

  it("pushes to the page's dataLayer when it has no gtag: the view, then an accepted call request", async () => {
    const dataLayer: unknown[] = [];
    vi.stubGlobal('dataLayer', dataLayer);
    await embed({ available: true, timeZone: 'UTC', widgets: [widget('floatingIcon', 21)] }, accepted);
    expect(dataLayer).toEqual([{ event: 'callback_widget_view', ...params(21) }]);
    await requestCall();
    expect(shadow().querySelector('.notice.success')!.textContent).toBe('Thank you! We will call you within 10 seconds.');
    expect(dataLayer).toEqual([{ event: 'callback_widget_view', ...params(21) }, { event: 'callback_call_requested', ...params(21) }]);
  });

  it('creates no dataLayer, gtag or any other global on a page without them, and throws nothing', async () => {
    const before = Object.getOwnPropertyNames(window);
    await embed({ available: true, timeZone: 'UTC', widgets: [widget('floatingIcon', 22)] }, accepted);
    await requestCall();
    expect(shadow().querySelector('.notice.success')).not.toBeNull();
    expect(Object.getOwnPropertyNames(window).filter((name) => !before.includes(name))).toEqual([]);
    expect('dataLayer' in window || 'gtag' in window).toBe(false);
  });

  it("goes on when the page's gtag throws", async () => {
    vi.stubGlobal('gtag', () => {
      throw new Error('broken analytics');
    });
    await embed({ available: true, timeZone: 'UTC', widgets: [widget('floatingIcon', 23)] }, accepted);
    expect(hosts()).toHaveLength(1);
    await requestCall();
    expect(shadow().querySelector('.notice.success')!.textContent).toBe('Thank you! We will call you within 10 seconds.');
  });

  it('announces nothing for a repeated request (the server answers duplicate: the same lead) or a refused one', async () => {
    const dataLayer: unknown[] = [];
    vi.stubGlobal('dataLayer', dataLayer);
    await embed({ available: true, timeZone: 'UTC', widgets: [widget('timedPopup', 24, { showsAfter: 0 }), widget('floatingIcon', 25)] }, {
      '/calls': { status: 202, body: { duplicate: true, message: 'Thank you! We will call you within 10 seconds.' } },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(dataLayer).toEqual([{ event: 'callback_widget_view', ...params(25) }, { event: 'callback_widget_view', ...params(24, 'timed_popup') }]);
    dataLayer.length = 0;
    const popup = shadow(1);
    (popup.querySelector('input[name="phone"]') as HTMLInputElement).value = '+14155550123';
    (popup.querySelector('form') as HTMLFormElement).dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(popup.querySelector('.notice.success')!.textContent).toBe('Thank you! We will call you within 10 seconds.');
    expect(dataLayer).toEqual([]);
  });

  it("sends the visitor's GA client and session ids from the page's _ga cookies with Call now and Schedule, and none without them", async () => {
    vi.setSystemTime(new Date('2026-11-18T10:00:00Z'));
    const answers = {
      ...accepted,
      '/scheduled-calls': { status: 202, body: { duplicate: false, scheduledAt: '2026-11-18T10:30:00.000Z', message: 'Thank you! We will call you at the chosen time.' } },
    };
    await embed({ available: true, timeZone: 'UTC', widgets: [widget('floatingIcon', 27)] }, answers);
    await requestCall();
    expect(requests.find((request) => request.url.endsWith('/calls'))!.body).not.toHaveProperty('gaClientId');
    expect(requests.find((request) => request.url.endsWith('/calls'))!.body).not.toHaveProperty('gaSessionIds');
    // Read when the call is asked for: gtag may set the cookies after the widget loaded.
    document.cookie = '_ga=GA1.1.123456789.1700000000';
    document.cookie = '_ga_ABC123XYZ9=GS2.1.s1700000500$o3$g1$t1700000600$j0$l0$h0';
    const ids = { gaClientId: '123456789.1700000000', gaSessionIds: { ABC123XYZ9: '1700000500' } };
    try {
      requests.length = 0;
      (shadow().querySelector('input[name="phone"]') as HTMLInputElement).value = '+14155550124';
      (shadow().querySelector('form') as HTMLFormElement).dispatchEvent(new Event('submit', { cancelable: true }));
      await vi.advanceTimersByTimeAsync(0);
      expect(requests.find((request) => request.url.endsWith('/calls'))!.body).toMatchObject({ widgetId: 27, ...ids });
      (shadow().querySelector('.link') as HTMLButtonElement).click();
      (shadow().querySelector('input[name="phone"]') as HTMLInputElement).value = '+14155550124';
      (shadow().querySelector('form') as HTMLFormElement).dispatchEvent(new Event('submit', { cancelable: true }));
      await vi.advanceTimersByTimeAsync(0);
      expect(requests.find((request) => request.url.endsWith('/scheduled-calls'))!.body).toMatchObject({ widgetId: 27, ...ids });
    } finally {
      document.cookie = '_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
      document.cookie = '_ga_ABC123XYZ9=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it('announces an accepted scheduled call as callback_call_scheduled', async () => {
    // A Wednesday at 10:00, within the default working hours: the schedule form offers times.
    vi.setSystemTime(new Date('2026-11-18T10:00:00Z'));
    const dataLayer: unknown[] = [];
    vi.stubGlobal('dataLayer', dataLayer);
    await embed({ available: true, timeZone: 'UTC', widgets: [widget('exitPopup', 26)] }, {
      '/scheduled-calls': { status: 202, body: { duplicate: false, scheduledAt: '2026-11-18T10:30:00.000Z', message: 'Thank you! We will call you at the chosen time.' } },
    });
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null }));
    expect(dataLayer).toEqual([{ event: 'callback_widget_view', ...params(26, 'exit_popup') }]);
    (shadow().querySelector('.link') as HTMLButtonElement).click();
    (shadow().querySelector('input[name="phone"]') as HTMLInputElement).value = '+14155550123';
    (shadow().querySelector('form') as HTMLFormElement).dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.find((request) => request.url.endsWith('/scheduled-calls'))!.body).toMatchObject({ widgetId: 26, scheduledAt: '2026-11-18T10:30:00.000Z' });
    expect(dataLayer).toEqual([{ event: 'callback_widget_view', ...params(26, 'exit_popup') }, { event: 'callback_call_scheduled', ...params(26, 'exit_popup') }]);
  });
});

describe('display rules (issue 20)', () => {
  const rules = (displayRules: Partial<DisplayRules>) => ({ displayRules: { ...DEFAULT_DISPLAY_RULES, ...displayRules } });
  const config = (...widgets: PublicWidget[]): WidgetConfig => ({ available: true, timeZone: 'UTC', widgets });
  /** The visitor is on `path` of the host page. */
  const at = (path: string) => history.replaceState(null, '', path);
  /** A later visit (a new tab session) of the same visitor: the visit is forgotten, the first touch kept. */
  /** A later visit: a new tab session, an hour on (a tab within 30 minutes of the first visit belongs to it). */
  const nextVisit = () => {
    sessionStorage.removeItem('callback-widget:visit');
    vi.setSystemTime(Date.now() + 60 * 60_000);
  };
  const page = document.documentElement;

  beforeEach(() => {
    localStorage.clear();
    nextVisit();
    at('/');
  });
  afterEach(() => {
    delete (page as { scrollHeight?: number }).scrollHeight;
    Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 0 });
  });

  it('shows on every page to everyone at once with the defaults, and with no rules at all (a widget saved before them)', async () => {
    at('/any/page?x=1');
    const { displayRules: _none, ...before } = widget('floatingIcon', 40).settings;
    await embed(config(widget('floatingIcon', 40), { ...widget('floatingIcon', 41), settings: before as PublicWidget['settings'] }));
    expect(hosts()).toHaveLength(2);
  });

  it.each([
    ['/pricing', { includePages: ['/pricing'] }, true],
    ['/pricing/?plan=pro', { includePages: ['/pricing'] }, true],
    ['/about', { includePages: ['/pricing', '/plans/*'] }, false],
    ['/plans/team', { includePages: ['/pricing', '/plans/*'] }, true],
    ['/shop/checkout/pay', { includePages: ['/shop/*'], excludePages: ['*/checkout*'] }, false],
    ['/shop/shoes', { includePages: ['/shop/*'], excludePages: ['*/checkout*'] }, true],
    ['/compare?plan=pro', { includePages: ['/compare?plan=pro'] }, true],
    ['/compare?plan=basic', { includePages: ['/compare?plan=pro'] }, false],
  ])('on %s with %j, shows: %s', async (path, pages, shows) => {
    at(path);
    await embed(config(widget('floatingIcon', 42, rules(pages))));
    expect(hosts()).toHaveLength(shows ? 1 : 0);
  });

  it('shows for the listed UTM sources only: this visit’s, on every page of it, else the first touch', async () => {
    const fromGoogle = () => config(widget('floatingIcon', 43, rules({ utmSources: ['Google'] })));
    at('/landing?utm_source=GOOGLE&utm_medium=cpc');
    await embed(fromGoogle());
    expect(hosts()).toHaveLength(1);
    at('/pricing');
    await embed(fromGoogle());
    expect(hosts()).toHaveLength(2);
    // A later visit straight to the site: the first touch was Google.
    nextVisit();
    await embed(fromGoogle());
    expect(hosts()).toHaveLength(3);
    // A later visit from the newsletter: this visit's source decides.
    nextVisit();
    at('/?utm_source=newsletter');
    document.body.replaceChildren();
    await embed(fromGoogle());
    expect(hosts()).toHaveLength(0);
  });

  it('hides from a visitor without a UTM source when sources are listed', async () => {
    await embed(config(widget('floatingIcon', 44, rules({ utmSources: ['google'] }))));
    expect(hosts()).toHaveLength(0);
  });

  it('shows to new visitors during their first visit only, and to returning ones on later visits', async () => {
    const both = () => config(widget('floatingIcon', 45, rules({ visitors: 'new' })), widget('floatingIcon', 46, rules({ visitors: 'returning' })));
    await embed(both());
    expect(hosts().length).toBe(1);
    at('/second-page');
    document.body.replaceChildren();
    await embed(both());
    expect(hosts()).toHaveLength(1);
    hosts()[0]!.shadowRoot!.querySelector<HTMLButtonElement>('button.icon')!.click();
    hide();
    expect(beacons.at(-1)!.body.events).toContainEqual({ kind: 'widget_view', widgetId: 45 });
    nextVisit();
    document.body.replaceChildren();
    beacons.length = 0;
    await embed(both());
    hide();
    expect(beacons.at(-1)!.body.events).toEqual([{ kind: 'page_visit' }, { kind: 'widget_view', widgetId: 46 }]);
  });

  it('waits for minSecondsOnPage, counted from the page load, before the floating icon appears', async () => {
    await embed(config(widget('floatingIcon', 47, rules({ minSecondsOnPage: 20 }))));
    await vi.advanceTimersByTimeAsync(19_900);
    expect(hosts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(hosts()).toHaveLength(1);
  });

  it('waits for the scroll depth, reading it once a frame, and stops listening once it is reached', async () => {
    Object.defineProperty(page, 'scrollHeight', { configurable: true, value: 4 * innerHeight });
    const scrollTo = async (y: number) => {
      Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: y });
      window.dispatchEvent(new Event('scroll'));
      await vi.advanceTimersByTimeAsync(20);
    };
    const removed = vi.spyOn(window, 'removeEventListener');
    await embed(config(widget('floatingIcon', 48, rules({ minScrollPercent: 50 }))));
    await vi.advanceTimersByTimeAsync(20);
    expect(hosts()).toHaveLength(0);
    // The bottom of the window at 25% + 20% of the page: not yet half of it seen.
    await scrollTo(0.8 * innerHeight);
    expect(hosts()).toHaveLength(0);
    expect(removed.mock.calls.filter(([type]) => type === 'scroll')).toHaveLength(0);
    await scrollTo(innerHeight);
    expect(hosts()).toHaveLength(1);
    expect(removed.mock.calls.filter(([type]) => type === 'scroll')).toHaveLength(1);
  });

  it('takes a page scrolled to its end as seen whole, though a zoomed page stops a fraction of a pixel short', async () => {
    Object.defineProperty(page, 'scrollHeight', { configurable: true, value: 4 * innerHeight });
    await embed(config(widget('floatingIcon', 54, rules({ minScrollPercent: 100 }))));
    Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 3 * innerHeight - 2 });
    window.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(20);
    expect(hosts()).toHaveLength(0);
    Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 3 * innerHeight - 0.4 });
    window.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(20);
    expect(hosts()).toHaveLength(1);
  });

  it('shows at once on a page no taller than the window, once its seconds have passed too', async () => {
    await embed(config(widget('floatingIcon', 49, rules({ minScrollPercent: 90, minSecondsOnPage: 5 }))));
    await vi.advanceTimersByTimeAsync(4_000);
    expect(hosts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hosts()).toHaveLength(1);
  });

  it('keeps the Timed popup’s own timing from the page load: shown when both its time and the rules are met', async () => {
    await embed(config(widget('timedPopup', 50, { showsAfter: 15, ...rules({ minSecondsOnPage: 20 }) }), widget('timedPopup', 51, { showsAfter: 30, ...rules({ minSecondsOnPage: 20 }) })));
    await vi.advanceTimersByTimeAsync(19_000);
    expect(hosts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hosts()).toHaveLength(1);
    (shadow().querySelector('button.close') as HTMLButtonElement).click();
    await vi.advanceTimersByTimeAsync(9_000);
    expect(hosts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hosts()).toHaveLength(1);
  });

  it('listens for the exit intent only once the widget is eligible', async () => {
    await embed(config(widget('exitPopup', 52, rules({ minSecondsOnPage: 10 }))));
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null }));
    expect(hosts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(10_000);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null }));
    expect(hosts()).toHaveLength(1);
  });

  it('sends the first-touch source with the events and with Call now', async () => {
    at('/landing?utm_source=Google&utm_campaign=spring');
    const source = { source: 'google', medium: null, campaign: 'spring', landingPage: '/landing?utm_source=Google&utm_campaign=spring' };
    await embed(config(widget('floatingIcon', 53)), { '/calls': { status: 202, body: { duplicate: false, message: 'Thank you!' } } });
    hide();
    expect(beacons.at(-1)!.body).toMatchObject({ key: KEY, source });
    at('/pricing');
    document.body.replaceChildren();
    requests.length = 0;
    await embed(config(widget('floatingIcon', 53)), { '/calls': { status: 202, body: { duplicate: false, message: 'Thank you!' } } });
    (shadow().querySelector('button.icon') as HTMLButtonElement).click();
    (shadow().querySelector('input[name="phone"]') as HTMLInputElement).value = '+14155550123';
    (shadow().querySelector('form') as HTMLFormElement).dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.find((request) => request.url.endsWith('/calls'))!.body).toMatchObject({ widgetId: 53, source });
  });
});
