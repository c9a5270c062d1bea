// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadMessages } from '../../../../machines/upload/upload.rules.ts';
import { initialDraft } from '../../../../machines/widgetWizard/widgetWizard.defaults.ts';
import type { WidgetDraft, WidgetDraftErrors } from '../../../../machines/widgetWizard/widgetWizard.draft.ts';
import type { UploadFieldState } from '../../../ui/FileUpload.tsx';
import { system } from '../../../ui/system.ts';
import { withValueAt } from '../../../../machines/widgetWizard/widgetWizard.change.ts';
import { GeneralStep, type GeneralStepMeta } from './GeneralStep.tsx';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

const baseMeta: GeneralStepMeta = {
  widgetTypes: [
    { id: 1, name: 'Exit popup' },
    { id: 2, name: 'Timed popup' },
    { id: 3, name: 'Floating icon' },
  ],
  callingRules: [
    { id: 1, name: 'All at once' },
    { id: 2, name: 'In turn' },
  ],
  websiteDomains: ['shop.example.com', 'blog.example.com'],
  agents: [
    { id: 7, name: 'Alice Agent', phone: '+14155550101' },
    { id: 8, name: 'Bruno Agent', phone: '+14155550102' },
  ],
  hasAdvancedWidgetSettings: false,
  displayCustomNumberToCustomers: false,
  typeLocked: false,
};

const idleUpload: UploadFieldState = { fileName: null, progress: 0, uploading: false, error: null, select: () => {} };

function draftWith(changes: Record<string, unknown> = {}): WidgetDraft {
  return Object.entries(changes).reduce((draft, [path, value]) => withValueAt(draft, path, value), initialDraft());
}

function renderStep({ draft = draftWith(), errors = {}, meta = {}, upload = idleUpload, pageTest }: { draft?: WidgetDraft; errors?: WidgetDraftErrors; meta?: Partial<GeneralStepMeta>; upload?: UploadFieldState; pageTest?: ReactNode } = {}) {
  const onChange = vi.fn();
  const view = render(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <GeneralStep draft={draft} errors={errors} onChange={onChange} meta={{ ...baseMeta, ...meta }} upload={upload} pageTest={pageTest} />
      </ChakraProvider>
    </I18nProvider>,
  );
  return { onChange, ...view };
}

const field = (path: string) => document.querySelector<HTMLElement>(`[data-field="${path}"]`);

// Rendering the whole step (the phone inputs' country lists, the week editor) takes seconds in jsdom.
/** A phone field once its library has come (PhoneInput loads it after the first paint; read-only until then). */
async function phoneField(label: string): Promise<HTMLInputElement> {
  const field = screen.getByLabelText(label) as HTMLInputElement;
  await waitFor(() => expect(field.readOnly).toBe(false));
  return field;
}

describe('GeneralStep', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('reports name, website and type by their paths, with the domains as suggestions', () => {
    const { onChange } = renderStep();
    const name = screen.getByLabelText('Widget Name');
    // Public: the widget hands it to the host page's analytics (widget_name).
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe("Visible to your website's analytics tools.");
    fireEvent.change(name, { target: { value: 'Sales' } });
    expect(onChange).toHaveBeenLastCalledWith('name', 'Sales');
    const website = screen.getByLabelText('Website URL');
    fireEvent.change(website, { target: { value: 'new.example.com' } });
    expect(onChange).toHaveBeenLastCalledWith('websiteUrl', 'new.example.com');
    const suggestions = document.getElementById(website.getAttribute('list') ?? '');
    expect([...(suggestions?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual(['shop.example.com', 'blog.example.com']);

    const type = screen.getByLabelText('Widget Type');
    expect(within(type).getAllByRole('option').map((option) => option.textContent)).toEqual(['Select a widget type', 'Exit popup', 'Timed popup', 'Floating icon', 'All Widgets']);
    fireEvent.change(type, { target: { value: 'all' } });
    expect(onChange).toHaveBeenLastCalledWith('typeId', 'all');
    fireEvent.change(type, { target: { value: '3' } });
    expect(onChange).toHaveBeenLastCalledWith('typeId', 3);
  });

  it('shows a stored widget\'s type without letting it change, and offers All Widgets only when creating', () => {
    renderStep({ draft: draftWith({ typeId: 2 }), meta: { typeLocked: true } });
    const type = screen.getByLabelText<HTMLSelectElement>('Widget Type');
    expect(type.disabled).toBe(true);
    expect(type.value).toBe('2');
    expect(within(type).getAllByRole('option').map((option) => option.textContent)).toEqual(['Select a widget type', 'Exit popup', 'Timed popup', 'Floating icon']);
    expect(screen.getByLabelText('Shows after (seconds)')).toBeTruthy();
  });

  it('shows the timed-popup behaviour for Timed popup and All Widgets only', () => {
    renderStep({ draft: draftWith({ typeId: 1 }) });
    expect(screen.queryByLabelText('Shows after (seconds)')).toBeNull();
    cleanup();
    const { onChange } = renderStep({ draft: draftWith({ typeId: 2 }) });
    fireEvent.change(screen.getByLabelText('Shows after (seconds)'), { target: { value: '30' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.settings.showsAfter', 30);
    fireEvent.change(screen.getByLabelText('Repeat after (seconds)'), { target: { value: 'soon' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.settings.repeatAfter', 'soon');
    fireEvent.change(screen.getByLabelText('Displays per visit'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.settings.displaysPerVisit', null);
    cleanup();
    renderStep({ draft: draftWith({ typeId: 'all' }) });
    expect(screen.getByLabelText('Displays per visit')).toBeTruthy();
  });

  it('takes one phone number while agents are not used', async () => {
    const { onChange } = renderStep({ draft: draftWith({ 'settings.settings.useAgents': false }) });
    expect(screen.queryByRole('group', { name: 'Agents' })).toBeNull();
    fireEvent.change(await phoneField('Phone number to call'), { target: { value: '4155550123' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.settings.agentNumber', '+14155550123');
    fireEvent.click(screen.getByRole('switch', { name: 'Use agents' }));
    expect(onChange).toHaveBeenLastCalledWith('settings.settings.useAgents', true);
  });

  it('chooses agents by name and a calling rule while agents are used', () => {
    const { onChange } = renderStep({ draft: draftWith({ 'settings.settings.useAgents': true, agentIds: [8] }) });
    expect(screen.queryByLabelText('Phone number to call')).toBeNull();
    const agents = screen.getByRole('group', { name: 'Agents' });
    expect((within(agents).getByRole('checkbox', { name: /Bruno Agent/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(agents).getByRole('checkbox', { name: /Alice Agent/ }));
    expect(onChange).toHaveBeenLastCalledWith('agentIds', [8, 7]);
    fireEvent.click(within(agents).getByRole('checkbox', { name: /Bruno Agent/ }));
    expect(onChange).toHaveBeenLastCalledWith('agentIds', []);
    fireEvent.change(screen.getByLabelText('Calling Rule'), { target: { value: '2' } });
    expect(onChange).toHaveBeenLastCalledWith('callingRuleId', 2);
    cleanup();
    renderStep({ draft: draftWith({ 'settings.settings.useAgents': true }), meta: { agents: [] } });
    expect(screen.getByText("You don't have any added agent, yet.")).toBeTruthy();
  });

  it('reports the retry settings, labelled in seconds', () => {
    const { onChange } = renderStep();
    fireEvent.change(screen.getByLabelText('Number of tries'), { target: { value: '5' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.settings.numberOfTries', 5);
    fireEvent.change(screen.getByLabelText('Seconds between tries'), { target: { value: '2' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.settings.minutesBetweenTries', 2);
  });

  it('edits the working hours behind the schedule switch, and sends the schedule option whole', () => {
    const { onChange } = renderStep({ draft: draftWith({ 'settings.settings.useSchedule': false }) });
    expect(screen.queryByRole('group', { name: 'Monday' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Take calls only during working hours' }));
    expect(onChange).toHaveBeenLastCalledWith('settings.settings.useSchedule', true);
    const schedule = screen.getByRole('group', { name: 'Show the Schedule a call form' });
    expect((within(schedule).getByRole('radio', { name: 'Always' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(schedule).getByRole('radio', { name: 'Outside working hours' }));
    expect(onChange).toHaveBeenLastCalledWith('settings.settings.showScheduleForm', { duringWorkingHours: false, outsideWorkingHours: true });
    cleanup();

    const scheduled = renderStep({ draft: draftWith({ 'settings.settings.useSchedule': true, 'settings.settings.showScheduleForm': { duringWorkingHours: true, outsideWorkingHours: false } }) });
    expect((screen.getByRole('radio', { name: 'During working hours' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(screen.getByRole('group', { name: 'Saturday' })).getByRole('switch'));
    const [path, hours] = scheduled.onChange.mock.lastCall ?? [];
    expect(path).toBe('settings.settings.activeHours');
    expect((hours as Array<{ day: string; isActive: boolean }>).find((day) => day.day === 'saturday')?.isActive).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Show the widget only during working hours' }));
    expect(scheduled.onChange).toHaveBeenLastCalledWith('settings.settings.duringWorkingHoursOnly', true);
  });

  it('reports the notification and redirection switches and their values', async () => {
    const off = renderStep();
    for (const [name, path] of [
      ['Notify me by e-mail', 'notifications.email.isActive'],
      ['Notify me by text message', 'notifications.phoneNumber.isActive'],
      ['Redirect after Call now', 'settings.settings.redirections.callNow.isActive'],
      ['Redirect after scheduling a call', 'settings.settings.redirections.scheduleCall.isActive'],
    ] as const) {
      fireEvent.click(screen.getByRole('switch', { name }));
      expect(off.onChange).toHaveBeenLastCalledWith(path, true);
    }
    expect(screen.queryByLabelText('Email')).toBeNull();
    cleanup();

    const on = { isActive: true, value: '' };
    const { onChange } = renderStep({
      draft: draftWith({
        'notifications.email': on,
        'notifications.phoneNumber': on,
        'settings.settings.redirections': { callNow: on, scheduleCall: on },
      }),
    });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@example.com' } });
    expect(onChange).toHaveBeenLastCalledWith('notifications.email.value', 'owner@example.com');
    fireEvent.change(await phoneField('Phone Number'), { target: { value: '4155550199' } });
    expect(onChange).toHaveBeenLastCalledWith('notifications.phoneNumber.value', '+14155550199');
    fireEvent.change(screen.getByLabelText('Call now redirect URL'), { target: { value: 'https://example.com/thanks' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.settings.redirections.callNow.value', 'https://example.com/thanks');
    fireEvent.change(screen.getByLabelText('Schedule redirect URL'), { target: { value: 'https://example.com/later' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.settings.redirections.scheduleCall.value', 'https://example.com/later');
  });

  it('uploads the waiting audio behind its switch', () => {
    const off = renderStep();
    expect(document.querySelector('input[type="file"]')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Play custom audio while the customer waits' }));
    expect(off.onChange).toHaveBeenLastCalledWith('settings.settings.waitingAudio.isActive', true);
    cleanup();

    const select = vi.fn();
    renderStep({
      draft: draftWith({ 'settings.settings.waitingAudio': { isActive: true, url: '/files/3/hold-music.mp3' } }),
      upload: { ...idleUpload, select, uploading: true, progress: 42, fileName: 'new.wav', error: uploadMessages.tooLarge },
    });
    const input = screen.getByLabelText('Waiting audio') as HTMLInputElement;
    expect(input.accept.split(',')).toContain('audio/mpeg');
    const file = new File(['x'], 'new.wav', { type: 'audio/wav' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(select).toHaveBeenCalledWith(file);
    expect(screen.getByRole('status').textContent).toBe('Uploading… 42%');
    expect(screen.getByText('The image size limit is 5MB.')).toBeTruthy();
    expect(screen.getByText('new.wav')).toBeTruthy();
  });

  it('offers devices and custom caller id only with their user flags', () => {
    renderStep();
    expect(screen.queryByRole('group', { name: 'Devices' })).toBeNull();
    expect(screen.queryByLabelText('Custom caller ID')).toBeNull();
    cleanup();
    const { onChange } = renderStep({ meta: { hasAdvancedWidgetSettings: true, displayCustomNumberToCustomers: true } });
    const devices = screen.getByRole('group', { name: 'Devices' });
    expect((within(devices).getByRole('radio', { name: 'Desktop and mobile' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(devices).getByRole('radio', { name: 'Mobile only' }));
    expect(onChange).toHaveBeenLastCalledWith('settings.settings.deviceDisplay', { onDesktop: false, onMobile: true });
    fireEvent.change(screen.getByLabelText('Custom caller ID'), { target: { value: '+1' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.settings.customCallerId.value', '+1');
  });

  it('shows the call flow of issue 18 with its defaults and reports each switch by its path', () => {
    const { onChange } = renderStep();
    const switchNamed = (name: string) => screen.getByRole<HTMLInputElement>('switch', { name });
    const description = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;
    const whisper = switchNamed('Agent hears who is calling and presses 1 to accept');
    expect(whisper.checked).toBe(true);
    expect(description(whisper)).toMatch(/a voicemail is never connected to the visitor/);
    const recording = screen.getByRole('group', { name: 'Recording' });
    expect(within(recording).getByRole<HTMLInputElement>('switch', { name: 'Record calls' }).checked).toBe(true);
    const notice = within(recording).getByRole<HTMLInputElement>('switch', { name: 'Play a recording notice to both parties' });
    expect(notice.checked).toBe(false);
    expect(description(notice)).toBe('Both parties hear “This call is recorded.” before they are connected.');

    const missed = screen.getByRole('region', { name: 'When a call is missed' });
    expect(within(missed).getByRole<HTMLInputElement>('switch', { name: 'Text the visitor' }).checked).toBe(true);
    const text = within(missed).getByLabelText<HTMLTextAreaElement>('Text message to the visitor');
    expect(text.value).toBe('');
    // Empty sends the service's default in the visitor's language: the placeholder shows it.
    expect(text.placeholder).toBe('Sorry we missed your call. We will call you back as soon as we can.');
    expect(description(text)).toBe("Leave empty to send the message shown, in the visitor's language. Up to 300 characters.");
    expect(within(missed).getByRole<HTMLInputElement>('switch', { name: 'Schedule a callback at the next available time' }).checked).toBe(true);
    expect(within(missed).getByRole<HTMLInputElement>('switch', { name: "Notify me (the widget's notifications)" }).checked).toBe(true);

    fireEvent.change(text, { target: { value: 'We call you back today.' } });
    expect(onChange).toHaveBeenLastCalledWith('settings.settings.missedCallRecovery.textVisitor.text', 'We call you back today.');
    for (const [name, path, value] of [
      ['Agent hears who is calling and presses 1 to accept', 'settings.settings.agentWhisper', false],
      ['Text the visitor', 'settings.settings.missedCallRecovery.textVisitor.isActive', false],
      ['Schedule a callback at the next available time', 'settings.settings.missedCallRecovery.scheduleCallback', false],
      ["Notify me (the widget's notifications)", 'settings.settings.missedCallRecovery.notifyClient', false],
      ['Record calls', 'settings.settings.recording.isActive', false],
      ['Play a recording notice to both parties', 'settings.settings.recording.notice', true],
    ] as const) {
      fireEvent.click(switchNamed(name));
      expect(onChange).toHaveBeenLastCalledWith(path, value);
    }
  });

  it('hides the visitor\'s text while Text the visitor is off, and shows its length message', () => {
    renderStep({ draft: draftWith({ 'settings.settings.missedCallRecovery.textVisitor': { isActive: false, text: '' }, 'settings.settings.recording': { isActive: false, notice: true } }) });
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Text the visitor' }).checked).toBe(false);
    expect(screen.queryByLabelText('Text message to the visitor')).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Record calls' }).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Play a recording notice to both parties' }).checked).toBe(true);
    cleanup();

    const path = 'settings.settings.missedCallRecovery.textVisitor.text';
    renderStep({ draft: draftWith({ [path]: 'x'.repeat(301) }), errors: { [path]: msg`Maximum field length ${300}` } });
    const text = within(field(path)!).getByLabelText('Text message to the visitor');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(text.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Maximum field length 300');
  });

  it('shows each error at its field, which carries its path for scrolling', () => {
    renderStep({
      draft: draftWith({ 'settings.settings.useAgents': false }),
      errors: { name: msg`Required field`, 'settings.settings.agentNumber': msg`Wrong phone number format` },
    });
    const name = within(field('name')!).getByLabelText('Widget Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('name')).toBe('name');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Required field');
    expect(within(field('settings.settings.agentNumber')!).getByText('Wrong phone number format')).toBeTruthy();
    expect(field('websiteUrl')?.querySelector('[aria-invalid="true"]')).toBeNull();
  });
  it('edits the display rules (issue 20): lists one entry a line, optional numbers, visitors, each message at its field', () => {
    const rules = 'settings.settings.displayRules';
    const { onChange } = renderStep({
      draft: draftWith({ [`${rules}.includePages`]: ['/pricing', 'blog/*'], [`${rules}.minSecondsOnPage`]: 30, [`${rules}.visitors`]: 'returning' }),
      errors: { [`${rules}.includePages`]: msg`Line ${2}: Must start with / or *` },
      pageTest: <p>the page test</p>,
    });
    const section = screen.getByRole('region', { name: 'Display rules' });
    const include = within(section).getByLabelText<HTMLTextAreaElement>('Show on pages');
    expect(include.value).toBe('/pricing\nblog/*');
    expect(include.getAttribute('aria-invalid')).toBe('true');
    expect(include.getAttribute('spellcheck')).toBe('false');
    expect(document.getElementById(include.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Line 2: Must start with / or *');
    expect(within(field(`${rules}.includePages`)!).getByText('One pattern per line. Use * as a wildcard, e.g. /blog/*. Leave empty to show on every page.')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Hide on pages'), { target: { value: '/checkout*\n' } });
    expect(onChange).toHaveBeenLastCalledWith(`${rules}.excludePages`, '/checkout*\n');
    fireEvent.change(within(section).getByLabelText('Only for visitors from UTM sources'), { target: { value: 'google' } });
    expect(onChange).toHaveBeenLastCalledWith(`${rules}.utmSources`, 'google');
    fireEvent.change(within(section).getByLabelText('Show after the visitor scrolls (%)'), { target: { value: '50' } });
    expect(onChange).toHaveBeenLastCalledWith(`${rules}.minScrollPercent`, 50);
    const seconds = within(section).getByLabelText<HTMLInputElement>('Show after time on page (seconds)');
    expect(seconds.value).toBe('30');
    // The helper stays linked while there is no error.
    expect(document.getElementById(seconds.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Leave empty to show without waiting.');
    fireEvent.change(seconds, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(`${rules}.minSecondsOnPage`, null);
    const visitors = within(section).getByRole('group', { name: 'Visitors' });
    expect(within(visitors).getByRole<HTMLInputElement>('radio', { name: 'Returning visitors' }).checked).toBe(true);
    fireEvent.click(within(visitors).getByRole('radio', { name: 'New visitors' }));
    expect(onChange).toHaveBeenLastCalledWith(`${rules}.visitors`, 'new');
    expect(within(section).getByText('the page test')).toBeTruthy();
  });
});
