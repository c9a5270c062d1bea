// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadMessages } from '../../../../machines/upload/upload.rules.ts';
import { withValueAt } from '../../../../machines/widgetWizard/widgetWizard.change.ts';
import { initialDraft } from '../../../../machines/widgetWizard/widgetWizard.defaults.ts';
import type { WidgetDraft, WidgetDraftErrors } from '../../../../machines/widgetWizard/widgetWizard.draft.ts';
import type { UploadFieldState } from '../../../ui/FileUpload.tsx';
import { system } from '../../../ui/system.ts';
import { DesignStep } from './DesignStep.tsx';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

const idleUpload: UploadFieldState = { fileName: null, progress: 0, uploading: false, error: null, select: () => {} };

function draftWith(changes: Record<string, unknown> = {}): WidgetDraft {
  return Object.entries(changes).reduce((draft, [path, value]) => withValueAt(draft, path, value), initialDraft());
}

function renderStep({ draft = draftWith(), errors = {}, upload = idleUpload, preview }: { draft?: WidgetDraft; errors?: WidgetDraftErrors; upload?: UploadFieldState; preview?: React.ReactNode } = {}) {
  const onChange = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <DesignStep draft={draft} errors={errors} onChange={onChange} upload={upload} preview={preview} />
      </ChakraProvider>
    </I18nProvider>,
  );
  return { onChange };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('DesignStep', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('chooses the layout', () => {
    const { onChange } = renderStep();
    const layouts = screen.getByRole('group', { name: 'Popup layout' });
    expect(within(layouts).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Square', 'Vertical', 'Horizontal', 'Full screen']);
    expect((within(layouts).getByRole('radio', { name: 'Vertical' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(layouts).getByRole('radio', { name: 'Full screen' }));
    expect(onChange).toHaveBeenLastCalledWith('settings.globalSetup.layout', 'Full screen');
  });

  it('designs the Call now popup: picture with upload and size, texts behind their switches', () => {
    const select = vi.fn();
    const { onChange } = renderStep({
      draft: draftWith({ 'settings.callSetup.picture': { isActive: true, src: '/files/1/logo.png', size: 40 } }),
      upload: { ...idleUpload, select, uploading: true, progress: 7 },
    });
    const call = section('Call now design');
    const picture = within(call).getByLabelText('Picture') as HTMLInputElement;
    expect(picture.accept).toBe('image/*');
    const file = new File(['x'], 'face.jpg', { type: 'image/jpeg' });
    fireEvent.change(picture, { target: { files: [file] } });
    expect(select).toHaveBeenCalledWith(file);
    fireEvent.change(picture, { target: { files: [] } });
    expect(select).toHaveBeenLastCalledWith(null);
    expect(within(call).getByText('logo.png')).toBeTruthy();
    expect(within(call).getByRole('status').textContent).toBe('Uploading… 7%');

    const size = within(call).getByRole('slider', { name: 'Picture size' });
    expect([size.getAttribute('min'), size.getAttribute('max'), size.getAttribute('step')]).toEqual(['0', '100', '1']);
    expect(within(call).getByText('40')).toBeTruthy();
    fireEvent.change(size, { target: { value: '65' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.callSetup.picture.size', 65);

    fireEvent.click(within(call).getByRole('switch', { name: 'Show a picture' }));
    expect(onChange).toHaveBeenLastCalledWith('settings.callSetup.picture.isActive', false);
    fireEvent.change(within(call).getByLabelText('Main text'), { target: { value: 'Talk to us now' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.callSetup.main.text', 'Talk to us now');
    fireEvent.click(within(call).getByRole('switch', { name: 'Show a disclaimer' }));
    expect(onChange).toHaveBeenLastCalledWith('settings.callSetup.disclaimer.isActive', false);
    fireEvent.change(within(call).getByLabelText('Button text'), { target: { value: 'Call me' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.callSetup.buttonText', 'Call me');
    fireEvent.change(within(call).getByLabelText('Schedule link text'), { target: { value: 'Later' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.callSetup.callBackText', 'Later');
  });

  it('shows the picture errors: a refused file and a missing picture', () => {
    renderStep({
      draft: draftWith({ 'settings.callSetup.picture': { isActive: true, src: '', size: 50 } }),
      upload: { ...idleUpload, error: uploadMessages.tooLarge },
      errors: { 'settings.callSetup.buttonText': msg`Required field` },
    });
    expect(screen.getByText('The image size limit is 5MB.')).toBeTruthy();
    expect(screen.getByLabelText('Button text', { selector: 'input[name="settings.callSetup.buttonText"]' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('designs the Request Callback popup with three custom fields', () => {
    const { onChange } = renderStep({ draft: draftWith({ 'settings.scheduleSetup.customField2': { isActive: true, text: 'Company' } }) });
    const schedule = section('Request Callback design');
    fireEvent.change(within(schedule).getByLabelText('Time to call text'), { target: { value: 'When?' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.scheduleSetup.timeToCallText', 'When?');
    fireEvent.change(within(schedule).getByLabelText('Button text'), { target: { value: 'Book' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.scheduleSetup.buttonText', 'Book');
    fireEvent.change(within(schedule).getByLabelText('Disclaimer'), { target: { value: 'Safe' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.scheduleSetup.disclaimer.text', 'Safe');
    for (const n of [1, 2, 3]) {
      fireEvent.click(within(schedule).getByRole('switch', { name: `Ask Custom Field #${n}` }));
      expect(onChange).toHaveBeenLastCalledWith(`settings.scheduleSetup.customField${n}.isActive`, n !== 2);
    }
    expect(within(schedule).queryByLabelText('Custom Field #1 label')).toBeNull();
    fireEvent.change(within(schedule).getByLabelText('Custom Field #2 label'), { target: { value: 'Company name' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.scheduleSetup.customField2.text', 'Company name');
  });

  it('designs the floating icon: size 50–200 in steps of 5, colours, corner', () => {
    const { onChange } = renderStep();
    const icon = section('Floating icon design');
    const size = within(icon).getByRole('slider', { name: 'Icon size' });
    expect([size.getAttribute('min'), size.getAttribute('max'), size.getAttribute('step')]).toEqual(['50', '200', '5']);
    expect(within(icon).getByText('100px')).toBeTruthy();
    fireEvent.change(size, { target: { value: '150' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.globalSetup.floatingIcon.size', 150);
    const colour = within(icon).getByLabelText('Icon colour');
    expect((colour as HTMLInputElement).value).toBe('#F5A624');
    fireEvent.change(colour, { target: { value: '#12' } });
    expect(within(icon).getByText('Enter a colour as #RRGGBB.')).toBeTruthy();
    fireEvent.change(colour, { target: { value: '#112233' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.globalSetup.floatingIcon.bgColor', '#112233');
    expect(onChange).toHaveBeenCalledTimes(2);
    fireEvent.input(within(icon).getByLabelText('Phone icon colour picker'), { target: { value: '#aabbcc' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.globalSetup.floatingIcon.phoneIconColor', '#AABBCC');
    fireEvent.click(within(icon).getByRole('radio', { name: 'Left' }));
    expect(onChange).toHaveBeenLastCalledWith('settings.globalSetup.floatingIcon.position', 'left');
  });

  it('sets the global design with the slider ranges of spec §9', () => {
    const { onChange } = renderStep();
    const global = section('Colours and text');
    const sliders = Object.fromEntries(
      within(global).getAllByRole('slider').map((slider) => [slider.getAttribute('name'), [slider.getAttribute('min'), slider.getAttribute('max'), slider.getAttribute('step')]]),
    );
    expect(sliders).toEqual({
      'settings.globalSetup.textOptions.size': ['14', '28', '1'],
      'settings.globalSetup.buttonOptions.size': ['0', '100', '1'],
      'settings.globalSetup.buttonOptions.fontSize': ['12', '45', '1'],
      'settings.globalSetup.screenBackground.opacity': ['0', '100', '10'],
    });
    expect(within(global).getByText('70%')).toBeTruthy();
    for (const [label, path, value] of [
      ['Text size', 'settings.globalSetup.textOptions.size', 24],
      ['Button size', 'settings.globalSetup.buttonOptions.size', 80],
      ['Button font size', 'settings.globalSetup.buttonOptions.fontSize', 30],
      ['Screen background opacity', 'settings.globalSetup.screenBackground.opacity', 40],
    ] as const) {
      fireEvent.change(within(global).getByRole('slider', { name: label }), { target: { value: String(value) } });
      expect(onChange).toHaveBeenLastCalledWith(path, value);
    }
    for (const [label, path] of [
      ['Background', 'settings.globalSetup.background'],
      ['Text colour', 'settings.globalSetup.textOptions.color'],
      ['Button colour', 'settings.globalSetup.buttonOptions.color'],
      ['Button font colour', 'settings.globalSetup.buttonOptions.fontColor'],
    ] as const) {
      fireEvent.change(within(global).getByLabelText(label), { target: { value: '#010203' } });
      expect(onChange).toHaveBeenLastCalledWith(path, '#010203');
    }
    fireEvent.change(within(global).getByLabelText('Font family'), { target: { value: 'Georgia' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.globalSetup.textOptions.fontFamily', 'Georgia');
    fireEvent.click(within(global).getByRole('radio', { name: 'Dark' }));
    expect(onChange).toHaveBeenLastCalledWith('settings.globalSetup.screenBackground.color', 'Dark');
  });

  it('lays the preview out first (above the form on phones)', () => {
    renderStep({ preview: <div data-testid="preview">preview</div> });
    const preview = screen.getByTestId('preview');
    const layout = screen.getByRole('region', { name: 'Layout' });
    expect(preview.compareDocumentPosition(layout) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
