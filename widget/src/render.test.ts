// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountWidget } from './render.ts';
import { defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import type { WidgetConfiguration, WidgetHandle, WidgetRenderState } from './types.ts';

/** spec §9 defaults, calling one number. */
const testConfiguration = () => defaultWidgetConfiguration('+12125550100');

/** A Wednesday, 10:00 local time: inside the default working hours. */
const NOW = new Date(2026, 10, 18, 10, 0);

let handle: WidgetHandle | null = null;
let host: HTMLElement | null = null;

function mount(change: (config: WidgetConfiguration) => void = () => {}, state: Partial<WidgetRenderState> = {}, callbacks = {}) {
  const settings = testConfiguration();
  change(settings);
  host = document.createElement('div');
  document.body.append(host);
  handle = mountWidget(host, { widget: { kind: 'exitPopup', settings }, view: 'callNow', now: NOW, locale: 'en-US', ...state }, callbacks);
  return { shadow: host.shadowRoot!, settings };
}

function box(shadow: ShadowRoot): HTMLElement {
  return shadow.querySelector('.box') as HTMLElement;
}

afterEach(() => {
  handle?.destroy();
  host?.remove();
  handle = null;
  host = null;
});

describe('mountWidget: layouts (spec §9 Preview layout)', () => {
  it.each([
    ['Square', '500px', '60px', 'auto', '500px'],
    ['Vertical', '500px', '60px 40px', 'auto', '0px'],
    ['Horizontal', '500px', '40px 60px', 'auto', '0px'],
    ['Full screen', 'auto', '40px', '60px', '0px'],
  ] as const)('%s: width %s, padding %s, margin %s', (layout, width, padding, margin, minHeight) => {
    const { shadow } = mount((config) => {
      config.globalSetup.layout = layout;
    });
    const style = box(shadow).style;
    expect([style.width, style.padding, style.margin, style.minHeight]).toEqual([width, padding, margin, minHeight]);
    expect(shadow.querySelector('.overlay')!.classList.contains('full')).toBe(layout === 'Full screen');
  });

  it('rounds the box by 20px and keeps every style inside the shadow root', () => {
    const headBefore = document.head.innerHTML;
    const { shadow } = mount();
    const css = shadow.querySelector('style')!.textContent!;
    expect(css).toMatch(/\.box\{[^}]*border-radius:20px/);
    expect(document.head.innerHTML).toBe(headBefore);
    expect(document.querySelectorAll('style, link')).toHaveLength(0);
    expect(host!.children).toHaveLength(0);
  });

  it('draws the overlay Light or Dark at the chosen opacity, and the design as properties', () => {
    const { shadow } = mount((config) => {
      config.globalSetup.screenBackground = { color: 'Dark', opacity: 40 };
      config.globalSetup.buttonOptions = { size: 80, color: '#112233', fontSize: 30, fontColor: '#445566' };
      config.globalSetup.textOptions = { size: 24, color: '#010203', fontFamily: 'Georgia' };
      config.globalSetup.background = '#abcdef';
    });
    expect((shadow.querySelector('.overlay') as HTMLElement).style.backgroundColor).toBe('rgba(0, 0, 0, 0.4)');
    const root = shadow.querySelector('.cb') as HTMLElement;
    expect(root.style.getPropertyValue('--cb-btn-bg')).toBe('#112233');
    expect(root.style.getPropertyValue('--cb-btn-fg')).toBe('#445566');
    expect(root.style.getPropertyValue('--cb-btn-size')).toBe('30px');
    expect(root.style.getPropertyValue('--cb-btn-width')).toBe('80%');
    expect(root.style.getPropertyValue('--cb-size')).toBe('24px');
    expect(root.style.getPropertyValue('--cb-text')).toBe('#010203');
    expect(root.style.getPropertyValue('--cb-font')).toBe('Georgia, sans-serif');
    expect(box(shadow).style.backgroundColor).toBe('rgb(171, 205, 239)');
  });

  it('refuses design values that are not what the contract allows', () => {
    const { shadow } = mount((config) => {
      config.globalSetup.buttonOptions.color = 'red;}body{display:none';
      config.globalSetup.textOptions.fontFamily = 'x;}</style><script>';
      config.globalSetup.background = 'javascript:alert(1)';
      config.globalSetup.textOptions.size = 500;
      config.callSetup.picture = { isActive: true, src: 'javascript:alert(1)', size: 50 };
    });
    expect(shadow.querySelector('img')).toBeNull();
    const root = shadow.querySelector('.cb') as HTMLElement;
    expect(root.style.getPropertyValue('--cb-btn-bg')).toBe('#83D1FC');
    expect(root.style.getPropertyValue('--cb-font')).toBe('xstylescript, sans-serif');
    expect(root.style.getPropertyValue('--cb-size')).toBe('28px');
    expect(box(shadow).style.backgroundImage).toBe('');
  });

  it('uses an image URL background as a cover image', () => {
    const { shadow } = mount((config) => {
      config.globalSetup.background = 'https://cdn.example.com/bg.png';
    });
    expect(box(shadow).style.backgroundImage).toContain('https://cdn.example.com/bg.png');
  });
});

describe('mountWidget: Call now view', () => {
  it('shows main text, phone input, button, the 10 seconds promise, the schedule link and the disclaimer', () => {
    const { shadow } = mount();
    const content = shadow.querySelector('.content')!;
    expect(content.querySelector('.main')!.textContent).toBe('Would you like us to call you right now?');
    const phone = content.querySelector('input[type="tel"]') as HTMLInputElement;
    expect(phone.placeholder).toBe('Your phone number');
    expect(phone.getAttribute('aria-label')).toBe('Phone number');
    expect(content.querySelector('button[type="submit"]')!.textContent).toBe('Call Me Now');
    expect(content.querySelector('.note')!.textContent).toBe('We will call you within 10 seconds');
    expect(content.querySelector('.link')!.textContent).toBe('Schedule a call instead');
    expect(content.querySelector('.disclaimer')!.textContent).toBe('100% Safe and Secure');
    expect(box(shadow).getAttribute('role')).toBe('dialog');
    expect(box(shadow).getAttribute('aria-label')).toBe('Would you like us to call you right now?');
  });

  it('leaves out inactive texts, and shows the picture at its size', () => {
    const { shadow } = mount((config) => {
      config.callSetup.main.isActive = false;
      config.callSetup.disclaimer.isActive = false;
      config.callSetup.picture = { isActive: true, src: 'https://cdn.example.com/agent.png', size: 35 };
    });
    expect(shadow.querySelector('.main')).toBeNull();
    expect(shadow.querySelector('.disclaimer')).toBeNull();
    const image = shadow.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('https://cdn.example.com/agent.png');
    expect(image.style.width).toBe('35%');
  });

  it('puts the picture beside the text in the Horizontal layout', () => {
    const { shadow } = mount((config) => {
      config.globalSetup.layout = 'Horizontal';
      config.callSetup.picture = { isActive: true, src: 'https://cdn.example.com/agent.png', size: 30 };
    });
    const media = shadow.querySelector('.media')!;
    expect([...media.children].map((child) => child.className)).toEqual(['picture', 'main']);
  });

  it('sanitizes the disclaimer HTML', () => {
    const { shadow } = mount((config) => {
      config.callSetup.disclaimer.text = 'See <a href="javascript:alert(1)">this</a> and <a href="https://example.com/terms" onclick="x()">terms</a><img src=x onerror=alert(1)><script>alert(2)</script>';
    });
    const disclaimer = shadow.querySelector('.disclaimer')!;
    expect(disclaimer.innerHTML).toBe('See this and <a href="https://example.com/terms" target="_blank" rel="noopener noreferrer">terms</a>');
  });

  it('offers the schedule link by the schedule option (spec §3 showScheduleForm)', () => {
    const never = mount((config) => {
      config.settings.showScheduleForm = { duringWorkingHours: false, outsideWorkingHours: false };
    });
    expect(never.shadow.querySelector('.link')).toBeNull();
    handle!.destroy();
    // Outside working hours only: hidden live at 10:00 on a weekday, shown in the preview.
    const outside = (config: WidgetConfiguration) => {
      config.settings.showScheduleForm = { duringWorkingHours: false, outsideWorkingHours: true };
    };
    expect(mount(outside).shadow.querySelector('.link')).toBeNull();
    handle!.destroy();
    expect(mount(outside, { preview: true }).shadow.querySelector('.link')).not.toBeNull();
  });

  it('switches to the schedule view from the link and reports it', () => {
    const onViewChange = vi.fn();
    const { shadow } = mount(() => {}, { preview: true }, { onViewChange });
    (shadow.querySelector('.link') as HTMLButtonElement).click();
    expect(onViewChange).toHaveBeenCalledWith('schedule');
    expect(shadow.querySelector('button[type="submit"]')!.textContent).toBe('Schedule call');
  });

  it('submits the number live, and nothing in the preview', () => {
    const onCallNow = vi.fn();
    const onClose = vi.fn();
    const live = mount(() => {}, {}, { onCallNow, onClose });
    const phone = live.shadow.querySelector('input[name="phone"]') as HTMLInputElement;
    phone.value = ' +12125550100 ';
    (live.shadow.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    (live.shadow.querySelector('.close') as HTMLButtonElement).click();
    expect(onCallNow).toHaveBeenCalledWith({ phone: '+12125550100' });
    expect(onClose).toHaveBeenCalledTimes(1);
    handle!.destroy();

    const preview = mount(() => {}, { preview: true }, { onCallNow, onClose });
    (preview.shadow.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    (preview.shadow.querySelector('.close') as HTMLButtonElement).click();
    expect(onCallNow).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('mountWidget: Schedule view', () => {
  it('shows the time label, day and time choices within working hours, phone, button, main and disclaimer', () => {
    const { shadow } = mount(() => {}, { view: 'schedule' });
    expect(shadow.querySelector('label.label')!.textContent).toBe('When should we call you?');
    const day = shadow.querySelector('select[name="day"]') as HTMLSelectElement;
    const time = shadow.querySelector('select[name="time"]') as HTMLSelectElement;
    // Wednesday 10:00 → today, tomorrow (Thu), Fri, then Mon, Tue (weekend inactive).
    expect([...day.options].map((option) => option.textContent)).toEqual(['Today', 'Tomorrow', 'Friday, Nov 20', 'Monday, Nov 23', 'Tuesday, Nov 24']);
    expect(day.value).toBe('2026-11-18');
    // Today from 10:15 on, in half hours, the last start before 17:00.
    expect(time.options[0]!.value).toBe('10:30');
    expect(time.options[time.options.length - 1]!.value).toBe('16:30');
    expect(time.options[0]!.textContent).toBe('10:30 AM');
    day.value = '2026-11-19';
    day.dispatchEvent(new Event('change'));
    expect(time.options[0]!.value).toBe('09:00');
    expect(shadow.querySelector('input[name="phone"]')).not.toBeNull();
    expect(shadow.querySelector('button[type="submit"]')!.textContent).toBe('Schedule call');
    expect(shadow.querySelector('.main')!.textContent).toBe('Leave your number and we will call you back.');
    expect(shadow.querySelector('.disclaimer')!.textContent).toBe('100% Safe and Secure');
    expect(shadow.querySelector('.link')).toBeNull();
  });

  it('shows active custom fields only, labelled by their text', () => {
    const { shadow } = mount(
      (config) => {
        config.scheduleSetup.customField1 = { isActive: true, text: 'Your name' };
        config.scheduleSetup.customField2 = { isActive: false, text: 'Hidden question' };
        config.scheduleSetup.customField3 = { isActive: true, text: 'Best e-mail' };
      },
      { view: 'schedule' },
    );
    const inputs = [...shadow.querySelectorAll('input[type="text"]')] as HTMLInputElement[];
    expect(inputs.map((input) => input.name)).toEqual(['customField1', 'customField3']);
    expect(inputs.map((input) => input.closest('label')!.textContent)).toEqual(['Your name', 'Best e-mail']);
    expect(shadow.textContent).not.toContain('Hidden question');
  });

  it('says so when the working hours leave no time', () => {
    const { shadow } = mount((config) => {
      config.settings.activeHours = config.settings.activeHours.map((day) => ({ ...day, isActive: false }));
    }, { view: 'schedule' });
    const day = shadow.querySelector('select[name="day"]') as HTMLSelectElement;
    expect(day.disabled).toBe(true);
    expect(day.textContent).toBe('No times available');
  });

  it('submits the chosen day, time, custom fields and number live', () => {
    const onSchedule = vi.fn();
    const { shadow } = mount(
      (config) => {
        config.scheduleSetup.customField2 = { isActive: true, text: 'Company' };
      },
      { view: 'schedule' },
      { onSchedule },
    );
    (shadow.querySelector('input[name="phone"]') as HTMLInputElement).value = '+12125550100';
    (shadow.querySelector('input[name="customField2"]') as HTMLInputElement).value = 'Acme';
    (shadow.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    expect(onSchedule).toHaveBeenCalledWith({ phone: '+12125550100', day: '2026-11-18', time: '10:30', customFields: { customField2: 'Acme' } });
  });
});

describe('mountWidget: floating icon', () => {
  it('draws the icon with its size, colours, position and a phone glyph, and opens Call now on click', () => {
    const onViewChange = vi.fn();
    const { shadow } = mount(
      (config) => {
        config.globalSetup.floatingIcon = { size: 150, bgColor: '#123456', phoneIconColor: '#abcdef', position: 'left' };
      },
      { view: 'floatingIcon', preview: true },
      { onViewChange },
    );
    const icon = shadow.querySelector('.icon') as HTMLButtonElement;
    expect([icon.style.width, icon.style.height, icon.style.backgroundColor, icon.style.color]).toEqual(['150px', '150px', 'rgb(18, 52, 86)', 'rgb(171, 205, 239)']);
    expect(icon.classList.contains('left')).toBe(true);
    expect(icon.getAttribute('aria-label')).toBe('Call me');
    expect(icon.querySelector('svg path')).not.toBeNull();
    expect(shadow.querySelector('.overlay')).toBeNull();
    icon.click();
    expect(onViewChange).toHaveBeenCalledWith('callNow');
    expect(shadow.querySelector('.overlay')).not.toBeNull();
  });

  it('goes back to the icon when a floating icon widget is closed', () => {
    const onViewChange = vi.fn();
    const settings = testConfiguration();
    host = document.createElement('div');
    document.body.append(host);
    handle = mountWidget(host, { widget: { kind: 'floatingIcon', settings }, view: 'callNow', now: NOW }, { onViewChange });
    (host.shadowRoot!.querySelector('.close') as HTMLButtonElement).click();
    expect(onViewChange).toHaveBeenCalledWith('floatingIcon');
    expect(host.shadowRoot!.querySelector('.icon')).not.toBeNull();
  });
});

describe('mountWidget: update, strings and cleanup', () => {
  it('re-renders on update, keeping what the visitor typed', () => {
    const { shadow, settings } = mount();
    (shadow.querySelector('input[name="phone"]') as HTMLInputElement).value = '+1212555';
    const next = structuredClone(settings);
    next.callSetup.buttonText = 'Ring me';
    next.globalSetup.layout = 'Square';
    handle!.update({ widget: { kind: 'exitPopup', settings: next }, view: 'callNow', now: NOW });
    expect(shadow.querySelector('button[type="submit"]')!.textContent).toBe('Ring me');
    expect(box(shadow).style.padding).toBe('60px');
    expect((shadow.querySelector('input[name="phone"]') as HTMLInputElement).value).toBe('+1212555');
    handle!.update({ widget: { kind: 'exitPopup', settings: next }, view: 'floatingIcon', now: NOW });
    expect(shadow.querySelector('.box')).toBeNull();
    expect(shadow.querySelector('.icon')).not.toBeNull();
  });

  it('keeps the picture element across updates while its address is the same', () => {
    const { shadow, settings } = mount((config) => {
      config.callSetup.picture = { isActive: true, src: 'https://cdn.example.com/a.png', size: 50 };
    });
    const image = shadow.querySelector('img');
    handle!.update({ widget: { kind: 'exitPopup', settings: { ...settings, callSetup: { ...settings.callSetup, picture: { ...settings.callSetup.picture, size: 70 } } } }, view: 'callNow', now: NOW });
    expect(shadow.querySelector('img')).toBe(image);
    expect(image!.style.width).toBe('70%');
  });

  it('uses the strings it is given', () => {
    const { shadow } = mount(() => {}, {
      strings: { phonePlaceholder: 'Ihre Telefonnummer', phoneLabel: 'Telefonnummer', callWithin: 'Wir rufen Sie innerhalb von 10 Sekunden an', close: 'Schließen', openWidget: 'Rückruf', day: 'Tag', time: 'Uhrzeit', today: 'Heute', tomorrow: 'Morgen', noTimes: 'Keine Zeiten' },
    });
    expect((shadow.querySelector('input[name="phone"]') as HTMLInputElement).placeholder).toBe('Ihre Telefonnummer');
    expect(shadow.querySelector('.note')!.textContent).toBe('Wir rufen Sie innerhalb von 10 Sekunden an');
    expect(shadow.querySelector('.close')!.getAttribute('aria-label')).toBe('Schließen');
  });

  it('leaks no globals and leaves nothing behind after destroy', () => {
    const before = new Set(Object.getOwnPropertyNames(window));
    const bodyBefore = document.body.innerHTML;
    const { shadow } = mount(() => {}, { view: 'schedule' });
    handle!.update({ widget: { kind: 'floatingIcon', settings: testConfiguration() }, view: 'floatingIcon', now: NOW });
    expect(Object.getOwnPropertyNames(window).filter((name) => !before.has(name))).toEqual([]);
    handle!.destroy();
    expect(shadow.childNodes).toHaveLength(0);
    host!.remove();
    expect(document.body.innerHTML).toBe(bodyBefore);
  });
});
