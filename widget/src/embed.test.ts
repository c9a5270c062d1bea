// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
