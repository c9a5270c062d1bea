// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetConfiguration, WidgetPreviewView } from '../../../../machines/widgetWizard/widgetWizard.draft.ts';
import { defaultStrings } from '../../../../widget/src/strings.ts';
import { defaultWidgetConfiguration } from '../../../../common/rules/widgetDefaults.ts';
import { messages as deScreen } from '../../../locales/de/widgetWizard.po';
import { messages as deShared } from '../../../locales/de/messages.po';
import { messages as enScreen } from '../../../locales/en/widgetWizard.po';
import { messages as enShared } from '../../../locales/en/messages.po';
import { system } from '../../../ui/system.ts';
import { WidgetPreview, WidgetViewTabs, widgetPreviewViews } from './WidgetPreview.tsx';
import { translatedWidgetStrings } from './widgetStrings.ts';

/** spec §9 defaults, calling one number. */
const testConfiguration = () => defaultWidgetConfiguration('+12125550100');

function i18nFor(locale: 'en' | 'de') {
  return setupI18n({ locale, messages: { en: { ...enShared, ...enScreen }, de: { ...deShared, ...deScreen } } });
}

function ui(props: { settings: WidgetConfiguration; view: WidgetPreviewView; typeName?: string; onViewChange?: (view: WidgetPreviewView) => void }, locale: 'en' | 'de' = 'en') {
  return (
    <I18nProvider i18n={i18nFor(locale)}>
      <ChakraProvider value={system}>
        <WidgetPreview typeName={props.typeName ?? 'Exit popup'} settings={props.settings} view={props.view} onViewChange={props.onViewChange} />
      </ChakraProvider>
    </I18nProvider>
  );
}

/** The widget's shadow root inside the preview frame. */
function widgetRoot(title = 'Widget preview'): ShadowRoot {
  const frame = screen.getByTitle(title) as HTMLIFrameElement;
  const root = frame.contentDocument!.body.firstElementChild!.shadowRoot;
  expect(root).not.toBeNull();
  return root!;
}

describe('WidgetPreview', () => {
  afterEach(cleanup);

  it('draws the real widget inside a titled iframe, not in the dashboard document', () => {
    render(ui({ settings: testConfiguration(), view: 'callNow' }));
    const root = widgetRoot();
    expect(root.querySelector('button[type="submit"]')!.textContent).toBe('Call Me Now');
    expect((root.querySelector('input[name="phone"]') as HTMLInputElement).placeholder).toBe('Your phone number');
    expect(document.body.textContent).not.toContain('Call Me Now');
  });

  it('updates the same widget on every change, without remounting', () => {
    const settings = testConfiguration();
    const { rerender } = render(ui({ settings, view: 'callNow' }));
    const root = widgetRoot();
    (root.querySelector('input[name="phone"]') as HTMLInputElement).value = '+1212';
    const changed = structuredClone(settings);
    changed.callSetup.buttonText = 'Ring me back';
    changed.globalSetup.layout = 'Horizontal';
    rerender(ui({ settings: changed, view: 'callNow' }));
    expect(widgetRoot()).toBe(root);
    expect(root.querySelector('button[type="submit"]')!.textContent).toBe('Ring me back');
    expect((root.querySelector('.box') as HTMLElement).style.padding).toBe('40px 60px');
    expect((root.querySelector('input[name="phone"]') as HTMLInputElement).value).toBe('+1212');
    rerender(ui({ settings: changed, view: 'floatingIcon', typeName: 'Floating icon' }));
    expect(root.querySelector('.icon')).not.toBeNull();
  });

  it('reports the switch to the schedule view, and submits nothing', () => {
    const onViewChange = vi.fn();
    render(ui({ settings: testConfiguration(), view: 'callNow', onViewChange }));
    const root = widgetRoot();
    act(() => (root.querySelector('button[type="submit"]') as HTMLButtonElement).click());
    act(() => (root.querySelector('.link') as HTMLButtonElement).click());
    expect(onViewChange).toHaveBeenCalledExactlyOnceWith('schedule');
  });

  it('passes the dashboard language’s built-in texts to the widget', () => {
    render(ui({ settings: testConfiguration(), view: 'callNow' }, 'de'));
    const root = widgetRoot('Widget-Vorschau');
    expect(root.querySelector('.close')!.getAttribute('aria-label')).toBe('Schließen');
    expect((screen.getByTitle(/./) as HTMLIFrameElement).contentDocument!.documentElement.lang).toBe('de');
  });

  it('has the same English built-in texts as the widget', () => {
    expect(translatedWidgetStrings(i18nFor('en'))).toEqual(defaultStrings);
  });
});

describe('WidgetViewTabs', () => {
  afterEach(cleanup);

  it('offers the floating icon view for Floating icon widgets only, and presses the chosen view', () => {
    expect(widgetPreviewViews('Floating icon')).toEqual(['callNow', 'schedule', 'floatingIcon']);
    expect(widgetPreviewViews('Exit popup')).toEqual(['callNow', 'schedule']);
    const onChange = vi.fn();
    render(
      <I18nProvider i18n={i18nFor('en')}>
        <ChakraProvider value={system}>
          <WidgetViewTabs value="schedule" onChange={onChange} />
        </ChakraProvider>
      </I18nProvider>,
    );
    const group = screen.getByRole('group', { name: 'Preview' });
    expect(screen.getByRole('button', { name: 'Schedule' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Call now' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Floating icon' }));
    expect(onChange).toHaveBeenCalledWith('floatingIcon');
    expect(group.children).toHaveLength(3);
  });
});
