import { background, clamp, colour, designProperties, imageUrl, overlayColour } from './design.ts';
import { el, phoneGlyph } from './dom.ts';
import { FULL_SCREEN_MARGIN, FULL_SCREEN_PADDING, ICON_OFFSET, LAYOUTS, POPUP_GUTTER, layoutOf } from './layout.ts';
import { appendSafeHtml } from './sanitize.ts';
import { isScheduleOffered, scheduleDays, type ScheduleDay } from './schedule.ts';
import { WIDGET_CSS } from './styles.ts';
import { defaultStrings, type WidgetStrings } from './strings.ts';
import type { ScheduleRequest, WidgetCallbacks, WidgetHandle, WidgetRenderState, WidgetView } from './types.ts';

type ToggleText = { isActive: boolean; text: string };
type Kept = Record<string, string>;

const CUSTOM_FIELDS = ['customField1', 'customField2', 'customField3'] as const;

/**
 * Draws a widget into a shadow root on `host` (its styles stay inside) and keeps it in step
 * with `update()`. The same code draws the embed script's widgets and the wizard's live
 * preview (state.preview), so the preview shows what visitors will see.
 */
export function mountWidget(host: HTMLElement, initial: WidgetRenderState, callbacks: WidgetCallbacks = {}): WidgetHandle {
  const doc = host.ownerDocument;
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const style = el(doc, 'style', {}, WIDGET_CSS);
  let state = initial;
  let view: WidgetView = initial.view;
  let current: HTMLElement | null = null;
  let picture: HTMLImageElement | null = null;

  function setView(next: WidgetView) {
    if (next === view) return;
    view = next;
    render();
    callbacks.onViewChange?.(next);
  }

  function close() {
    if (state.preview) return;
    if (state.widget.kind === 'floatingIcon') setView('floatingIcon');
    else callbacks.onClose?.();
  }

  /** The picture element, reused while its address stays the same so updates don't reload it. */
  function pictureFor(src: string): HTMLImageElement {
    if (picture?.getAttribute('src') === src) return picture;
    picture = el(doc, 'img', { class: 'picture', src, alt: '' }) as HTMLImageElement;
    const changed = () => callbacks.onLayout?.();
    picture.addEventListener('load', changed);
    picture.addEventListener('error', changed);
    return picture;
  }

  function render() {
    const kept = current ? keptValues(current) : {};
    const focused = (root.activeElement as HTMLElement | null)?.getAttribute('name');
    const strings = state.strings ?? defaultStrings;
    const next = el(doc, 'div', { class: 'cb' });
    for (const [name, value] of Object.entries(designProperties(state.widget.settings.globalSetup))) next.style.setProperty(name, value);
    next.append(view === 'floatingIcon' ? floatingIcon(strings) : popup(strings, kept));
    root.replaceChildren(style, next);
    current = next;
    if (focused) (next.querySelector(`[name="${focused}"]`) as HTMLElement | null)?.focus();
  }

  function floatingIcon(strings: WidgetStrings): HTMLElement {
    const icon = state.widget.settings.globalSetup.floatingIcon;
    const size = `${clamp(icon?.size, 50, 200, 100)}px`;
    const button = el(doc, 'button', { type: 'button', class: `icon ${icon?.position === 'left' ? 'left' : 'right'}`, 'aria-label': strings.openWidget }, phoneGlyph(doc));
    Object.assign(button.style, {
      width: size,
      height: size,
      backgroundColor: colour(icon?.bgColor, '#F5A624'),
      color: colour(icon?.phoneIconColor, '#FFFFFF'),
    });
    button.addEventListener('click', () => setView('callNow'));
    return button;
  }

  function popup(strings: WidgetStrings, kept: Kept): HTMLElement {
    const global = state.widget.settings.globalSetup;
    const layout = layoutOf(global.layout);
    const box = el(doc, 'div', { class: 'box', role: 'dialog', 'aria-label': popupLabel() });
    Object.assign(box.style, LAYOUTS[layout]);
    const fill = background(global.background);
    box.style.backgroundColor = fill.color;
    if (fill.image) box.style.backgroundImage = fill.image;
    const closeButton = el(doc, 'button', { type: 'button', class: 'close', 'aria-label': strings.close }, '×');
    closeButton.addEventListener('click', close);
    box.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') close();
    });
    const content = el(doc, 'div', { class: layout === 'Horizontal' ? 'content h' : 'content' });
    content.append(...(view === 'schedule' ? scheduleContent(strings, kept) : callNowContent(strings, kept)));
    box.append(closeButton, content);
    const overlay = el(doc, 'div', { class: layout === 'Full screen' ? 'overlay full' : 'overlay' }, box);
    overlay.style.backgroundColor = overlayColour(global.screenBackground);
    return overlay;
  }

  function popupLabel(): string {
    const { callSetup, scheduleSetup } = state.widget.settings;
    const main = view === 'schedule' ? scheduleSetup.main : callSetup.main;
    return main.isActive && main.text ? main.text : view === 'schedule' ? scheduleSetup.buttonText : callSetup.buttonText;
  }

  function callNowContent(strings: WidgetStrings, kept: Kept): Node[] {
    const { callSetup, settings } = state.widget.settings;
    const main = mainText(callSetup.main);
    const nodes: Node[] = [];
    const src = callSetup.picture.isActive ? imageUrl(callSetup.picture.src) : null;
    if (src) {
      const image = pictureFor(src);
      image.style.width = `${clamp(callSetup.picture.size, 0, 100, 50)}%`;
      const horizontal = layoutOf(state.widget.settings.globalSetup.layout) === 'Horizontal';
      nodes.push(horizontal && main ? el(doc, 'div', { class: 'media' }, image, main) : image);
      if (!horizontal && main) nodes.push(main);
    } else if (main) {
      nodes.push(main);
    }
    const phone = phoneInput(strings, kept);
    const form = el(doc, 'form', { class: 'form', novalidate: '' }, phone, el(doc, 'button', { type: 'submit', class: 'button' }, callSetup.buttonText));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!state.preview) callbacks.onCallNow?.({ phone: phone.value.trim() });
    });
    nodes.push(form);
    const notice = noticeText();
    if (notice) nodes.push(notice);
    nodes.push(el(doc, 'p', { class: 'note' }, strings.callWithin));
    if (isScheduleOffered(settings, state.now ?? new Date(), state.preview === true)) {
      const link = el(doc, 'button', { type: 'button', class: 'link' }, callSetup.callBackText);
      link.addEventListener('click', () => setView('schedule'));
      nodes.push(link);
    }
    const disclaimer = disclaimerText(callSetup.disclaimer);
    if (disclaimer) nodes.push(disclaimer);
    return nodes;
  }

  function scheduleContent(strings: WidgetStrings, kept: Kept): Node[] {
    const { scheduleSetup, settings } = state.widget.settings;
    const nodes: Node[] = [];
    const main = mainText(scheduleSetup.main);
    if (main) nodes.push(main);
    const days = scheduleDays(settings.activeHours, state.now ?? new Date());
    const dayId = 'cb-day';
    const daySelect = el(doc, 'select', { id: dayId, name: 'day', 'aria-label': strings.day, disabled: days.length === 0 && '' }) as HTMLSelectElement;
    const timeSelect = el(doc, 'select', { name: 'time', 'aria-label': strings.time, disabled: days.length === 0 && '' }) as HTMLSelectElement;
    if (days.length === 0) daySelect.append(el(doc, 'option', { value: '' }, strings.noTimes));
    for (const day of days) daySelect.append(el(doc, 'option', { value: day.date }, dayLabel(day, strings)));
    if (days.some((day) => day.date === kept.day)) daySelect.value = kept.day!;
    const fillTimes = (keep?: string) => {
      const day = days.find((candidate) => candidate.date === daySelect.value);
      timeSelect.replaceChildren(...(day?.times ?? []).map((time) => el(doc, 'option', { value: time }, timeLabel(day!, time))));
      if (keep && day?.times.includes(keep)) timeSelect.value = keep;
    };
    fillTimes(kept.time);
    daySelect.addEventListener('change', () => fillTimes());
    const fields = el(
      doc,
      'div',
      { class: 'fields' },
      el(doc, 'label', { class: 'label', for: dayId }, scheduleSetup.timeToCallText),
      el(doc, 'div', { class: 'row' }, daySelect, timeSelect),
    );
    for (const name of CUSTOM_FIELDS) {
      const field = scheduleSetup[name];
      if (!field.isActive || !field.text) continue;
      const input = el(doc, 'input', { type: 'text', name, maxlength: '200' }) as HTMLInputElement;
      if (kept[name]) input.value = kept[name];
      fields.append(el(doc, 'label', {}, el(doc, 'span', { class: 'label' }, field.text), input));
    }
    const phone = phoneInput(strings, kept);
    const form = el(doc, 'form', { class: 'form', novalidate: '' }, fields, phone, el(doc, 'button', { type: 'submit', class: 'button' }, scheduleSetup.buttonText));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (state.preview) return;
      const customFields: ScheduleRequest['customFields'] = {};
      for (const name of CUSTOM_FIELDS) {
        const input = form.querySelector(`input[name="${name}"]`) as HTMLInputElement | null;
        if (input) customFields[name] = input.value.trim();
      }
      callbacks.onSchedule?.({ phone: phone.value.trim(), day: daySelect.value, time: timeSelect.value, customFields });
    });
    nodes.push(form);
    const notice = noticeText();
    if (notice) nodes.push(notice);
    const disclaimer = disclaimerText(scheduleSetup.disclaimer);
    if (disclaimer) nodes.push(disclaimer);
    return nodes;
  }

  /** The embed script's answer to the last request, announced to screen readers. */
  function noticeText(): HTMLElement | null {
    const notice = state.notice;
    if (!notice?.text) return null;
    return el(doc, 'p', { class: `notice ${notice.tone}`, role: notice.tone === 'error' ? 'alert' : 'status' }, notice.text);
  }

  function mainText(main: ToggleText): HTMLElement | null {
    return main.isActive && main.text ? el(doc, 'p', { class: 'main' }, main.text) : null;
  }

  function disclaimerText(disclaimer: ToggleText): HTMLElement | null {
    if (!disclaimer.isActive || !disclaimer.text) return null;
    const paragraph = el(doc, 'p', { class: 'disclaimer' });
    appendSafeHtml(paragraph, disclaimer.text);
    return paragraph;
  }

  function phoneInput(strings: WidgetStrings, kept: Kept): HTMLInputElement {
    const input = el(doc, 'input', {
      type: 'tel',
      name: 'phone',
      class: 'phone',
      autocomplete: 'tel',
      inputmode: 'tel',
      placeholder: strings.phonePlaceholder,
      'aria-label': strings.phoneLabel,
    }) as HTMLInputElement;
    if (kept.phone) input.value = kept.phone;
    return input;
  }

  function dayLabel(day: ScheduleDay, strings: WidgetStrings): string {
    if (day.offset === 0) return strings.today;
    if (day.offset === 1) return strings.tomorrow;
    return format(new Date(`${day.date}T12:00`), { weekday: 'long', month: 'short', day: 'numeric' });
  }

  function timeLabel(day: ScheduleDay, time: string): string {
    return format(new Date(`${day.date}T${time}`), { hour: 'numeric', minute: '2-digit' });
  }

  function format(date: Date, options: Intl.DateTimeFormatOptions): string {
    try {
      return new Intl.DateTimeFormat(state.locale, options).format(date);
    } catch {
      return new Intl.DateTimeFormat(undefined, options).format(date);
    }
  }

  render();

  return {
    update(next) {
      state = next;
      view = next.view;
      render();
    },
    destroy() {
      root.replaceChildren();
      current = null;
      picture = null;
    },
    naturalSize() {
      if (!current) return { width: 0, height: 0 };
      if (view === 'floatingIcon') {
        const icon = current.querySelector('.icon') as HTMLElement;
        return { width: icon.offsetWidth + 2 * ICON_OFFSET, height: icon.offsetHeight + 2 * ICON_OFFSET };
      }
      const box = current.querySelector('.box') as HTMLElement;
      if (layoutOf(state.widget.settings.globalSetup.layout) === 'Full screen') {
        // The box stretches to the screen; its content's own height is what it needs.
        const content = current.querySelector('.content') as HTMLElement;
        return { width: 0, height: content.offsetHeight + 2 * (FULL_SCREEN_MARGIN + FULL_SCREEN_PADDING) };
      }
      return { width: box.offsetWidth + 2 * POPUP_GUTTER, height: box.offsetHeight + 2 * POPUP_GUTTER };
    },
  };
}

/** The values the visitor typed or chose, by input name, to carry across a re-render. */
function keptValues(container: HTMLElement): Kept {
  const kept: Kept = {};
  for (const input of container.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input[name], select[name]')) kept[input.name] = input.value;
  return kept;
}
