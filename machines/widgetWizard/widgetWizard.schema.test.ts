import { describe, expect, it } from 'vitest';
import { english } from '../test/messages.ts';
import { applyChange } from './widgetWizard.change.ts';
import { initialDraft } from './widgetWizard.defaults.ts';
import { ALL_WIDGET_TYPES, type WidgetDraft } from './widgetWizard.draft.ts';
import { validateDraft } from './widgetWizard.schema.ts';

const widgetTypes = [
  { id: 1, name: 'Exit popup' },
  { id: 2, name: 'Timed popup' },
  { id: 3, name: 'Floating icon' },
];

function change(draft: WidgetDraft, ...changes: [string, unknown][]): WidgetDraft {
  return changes.reduce((current, [path, value]) => applyChange(current, path, value, widgetTypes), draft);
}

function messages(draft: WidgetDraft): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(validateDraft(draft, widgetTypes)).map(([path, message]) => [path, english(message)]));
}

const valid = change(initialDraft(), ['name', 'Sales'], ['websiteUrl', 'shop.example.com'], ['typeId', 1], ['settings.settings.agentNumber', '+1 (415) 555-0123']);

describe('widget wizard validation (spec §5 Widget general)', () => {
  it('a new draft needs a name, a website, a type and a number', () => {
    expect(messages(initialDraft())).toEqual({
      name: 'Required field',
      websiteUrl: 'Required field',
      typeId: 'Required field',
      'settings.settings.agentNumber': 'Required field',
    });
    expect(messages(valid)).toEqual({});
  });

  it('counts stay lower than their bounds ("Lower than {n}", the contract\'s maximum + 1)', () => {
    expect(messages(change(valid, ['settings.settings.numberOfTries', '10'], ['settings.settings.minutesBetweenTries', '60']))).toEqual({
      'settings.settings.numberOfTries': 'Lower than 10',
      'settings.settings.minutesBetweenTries': 'Lower than 60',
    });
    expect(messages(change(valid, ['settings.settings.numberOfTries', '9'], ['settings.settings.minutesBetweenTries', '59']))).toEqual({});
    const timed = change(valid, ['typeId', 2]);
    expect(messages(change(timed, ['settings.settings.showsAfter', '3600'], ['settings.settings.repeatAfter', '86400'], ['settings.settings.displaysPerVisit', '100']))).toEqual({
      'settings.settings.showsAfter': 'Lower than 3600',
      'settings.settings.repeatAfter': 'Lower than 86400',
      'settings.settings.displaysPerVisit': 'Lower than 100',
    });
  });

  it('the website is a URL or a domain with a top-level domain', () => {
    expect(messages(change(valid, ['websiteUrl', 'not a site']))).toEqual({ websiteUrl: 'Must be a valid URL' });
    expect(messages(change(valid, ['websiteUrl', 'localhost']))).toEqual({ websiteUrl: 'Must be a valid URL' });
    expect(messages(change(valid, ['websiteUrl', 'https://Shop.Example.com/cart']))).toEqual({});
  });

  it('the number follows the phone pattern; the custom caller id too, unless empty or +1', () => {
    expect(messages(change(valid, ['settings.settings.agentNumber', '12345']))).toEqual({
      'settings.settings.agentNumber': 'Wrong phone number format',
    });
    expect(messages(change(valid, ['settings.settings.customCallerId.value', '+1']))).toEqual({});
    expect(messages(change(valid, ['settings.settings.customCallerId.value', '99']))).toEqual({
      'settings.settings.customCallerId.value': 'Wrong phone number format',
    });
  });

  it('with agents: at least one agent and a calling rule', () => {
    expect(messages(change(valid, ['settings.settings.useAgents', true]))).toEqual({
      agentIds: 'Required field',
      callingRuleId: 'Required field',
    });
    expect(messages(change(valid, ['settings.settings.useAgents', true], ['agentIds', [4]], ['callingRuleId', 1]))).toEqual({});
  });

  it('counts are required, numeric and greater than -1; timing fields only for Timed popup and All Widgets', () => {
    expect(messages(change(valid, ['settings.settings.numberOfTries', ''], ['settings.settings.minutesBetweenTries', '-1']))).toEqual({
      'settings.settings.numberOfTries': 'Required field',
      'settings.settings.minutesBetweenTries': 'Must be positive',
    });
    expect(messages(change(valid, ['settings.settings.numberOfTries', 'abc']))).toEqual({
      'settings.settings.numberOfTries': 'Value abc is not a number',
    });
    const timed = change(valid, ['typeId', 2], ['settings.settings.showsAfter', ''], ['settings.settings.displaysPerVisit', -2]);
    expect(messages(timed)).toEqual({
      'settings.settings.showsAfter': 'Required field',
      'settings.settings.displaysPerVisit': 'Must be positive',
    });
    expect(messages(change(timed, ['typeId', 1]))).toEqual({});
  });

  it('notifications, redirections and audio need their value while on', () => {
    const on = change(
      valid,
      ['notifications.email.isActive', true],
      ['notifications.phoneNumber.isActive', true],
      ['settings.settings.redirections.callNow.isActive', true],
      ['settings.settings.redirections.scheduleCall.isActive', true],
      ['settings.settings.redirections.scheduleCall.value', 'javascript:alert(1)'],
      ['settings.settings.waitingAudio.isActive', true],
    );
    expect(messages(on)).toEqual({
      'notifications.email.value': 'Required field',
      'notifications.phoneNumber.value': 'Required field',
      'settings.settings.redirections.callNow.value': 'Required field',
      'settings.settings.redirections.scheduleCall.value': 'Must be a valid URL',
      'settings.settings.waitingAudio.url': 'Required field',
    });
    expect(messages(change(on, ['notifications.email.value', 'nobody']))['notifications.email.value']).toBe('Invalid email');
  });

  it('the missed-call text to the visitor may be empty (the default is sent) and holds at most 300 characters', () => {
    const path = 'settings.settings.missedCallRecovery.textVisitor.text';
    expect(valid.settings.settings.missedCallRecovery.textVisitor).toEqual({ isActive: true, text: '' });
    expect(messages(change(valid, [path, 'x'.repeat(300)]))).toEqual({});
    expect(messages(change(valid, [path, 'x'.repeat(301)]))).toEqual({ [path]: 'Maximum field length 300' });
    // Switching the text off clears it, and with it the message.
    expect(messages(change(valid, [path, 'x'.repeat(301)], ['settings.settings.missedCallRecovery.textVisitor.isActive', false]))).toEqual({});
  });

  it('with useSchedule, the times available need an active day', () => {
    const noDays = initialDraft().settings.settings.activeHours.map((day) => ({ ...day, isActive: false }));
    const draft = change(valid, ['settings.settings.activeHours', noDays]);
    expect(messages(draft)).toEqual({});
    expect(messages(change(draft, ['settings.settings.useSchedule', true]))).toEqual({
      'settings.settings.activeHours': 'A minimum of one active day is required.',
    });
  });
});

describe('widget wizard validation (spec §5 Widget design)', () => {
  it('requires the button texts and the active texts', () => {
    const draft = change(
      valid,
      ['settings.callSetup.buttonText', ''],
      ['settings.callSetup.callBackText', ' '],
      ['settings.scheduleSetup.timeToCallText', ''],
      ['settings.scheduleSetup.buttonText', ''],
      ['settings.callSetup.main.text', ''],
      ['settings.scheduleSetup.customField2.isActive', true],
      ['settings.callSetup.picture.isActive', true],
    );
    expect(messages(draft)).toEqual({
      'settings.callSetup.buttonText': 'Required field',
      'settings.callSetup.callBackText': 'Required field',
      'settings.scheduleSetup.timeToCallText': 'Required field',
      'settings.scheduleSetup.buttonText': 'Required field',
      'settings.callSetup.main.text': 'Required field',
      'settings.scheduleSetup.customField2.text': 'Required field',
      'settings.callSetup.picture.src': 'Required field',
    });
    expect(messages(change(valid, ['settings.callSetup.buttonText', 'x'.repeat(201)]))).toEqual({
      'settings.callSetup.buttonText': 'Maximum field length 200',
    });
  });
});

describe('switch behaviour (spec §4)', () => {
  it('a switch turned off clears its text', () => {
    const on = change(
      valid,
      ['notifications.email.isActive', true],
      ['notifications.email.value', 'a@b.co'],
      ['settings.settings.redirections.callNow.isActive', true],
      ['settings.settings.redirections.callNow.value', 'https://example.com/thanks'],
      ['settings.scheduleSetup.customField1.isActive', true],
      ['settings.scheduleSetup.customField1.text', 'Company'],
    );
    const off = change(
      on,
      ['notifications.email.isActive', false],
      ['settings.settings.redirections.callNow.isActive', false],
      ['settings.scheduleSetup.customField1.isActive', false],
      ['settings.callSetup.disclaimer.isActive', false],
      ['settings.scheduleSetup.main.isActive', false],
    );
    expect(off.notifications.email).toEqual({ isActive: false, value: '' });
    expect(off.settings.settings.redirections.callNow).toEqual({ isActive: false, value: '' });
    expect(off.settings.scheduleSetup.customField1).toEqual({ isActive: false, text: '' });
    expect(off.settings.callSetup.disclaimer).toEqual({ isActive: false, text: '' });
    expect(off.settings.scheduleSetup.main).toEqual({ isActive: false, text: '' });
    // Turning on keeps what is there.
    expect(change(on, ['notifications.email.isActive', true]).notifications.email.value).toBe('a@b.co');
  });

  it('Text the visitor turned off clears its text; the other call-flow switches change only themselves', () => {
    const texted = change(valid, ['settings.settings.missedCallRecovery.textVisitor.text', 'Sorry! We call you back soon.']);
    const off = change(texted, ['settings.settings.missedCallRecovery.textVisitor.isActive', false]);
    expect(off.settings.settings.missedCallRecovery.textVisitor).toEqual({ isActive: false, text: '' });
    expect(change(off, ['settings.settings.missedCallRecovery.textVisitor.isActive', true]).settings.settings.missedCallRecovery.textVisitor).toEqual({ isActive: true, text: '' });
    const switched = change(
      texted,
      ['settings.settings.agentWhisper', false],
      ['settings.settings.missedCallRecovery.scheduleCallback', false],
      ['settings.settings.missedCallRecovery.notifyClient', false],
      ['settings.settings.recording.isActive', false],
      ['settings.settings.recording.notice', true],
    );
    expect(switched.settings.settings).toMatchObject({
      agentWhisper: false,
      missedCallRecovery: { textVisitor: { isActive: true, text: 'Sorry! We call you back soon.' }, scheduleCallback: false, notifyClient: false },
      recording: { isActive: false, notice: true },
    });
  });

  it('use agents on clears the number; off clears the agents and the calling rule', () => {
    const agents = change(valid, ['settings.settings.useAgents', true]);
    expect(agents.settings.settings.agentNumber).toBe('');
    const chosen = change(agents, ['agentIds', [3, 4]], ['callingRuleId', 2]);
    const back = change(chosen, ['settings.settings.useAgents', false]);
    expect(back.agentIds).toEqual([]);
    expect(back.callingRuleId).toBeNull();
  });

  it('leaving Timed popup clears its timing fields; entering it (or All Widgets) sets the defaults', () => {
    const timed = change(valid, ['typeId', 2], ['settings.settings.showsAfter', 30]);
    expect(timed.settings.settings).toMatchObject({ showsAfter: 30, repeatAfter: 120, displaysPerVisit: 3 });
    const exit = change(timed, ['typeId', 1]);
    expect(exit.settings.settings).toMatchObject({ showsAfter: null, repeatAfter: null, displaysPerVisit: null });
    expect(change(exit, ['typeId', ALL_WIDGET_TYPES]).settings.settings).toMatchObject({ showsAfter: 15, repeatAfter: 120, displaysPerVisit: 3 });
    expect(change(exit, ['typeId', 3]).settings.settings.showsAfter).toBeNull();
    // All Widgets to Timed popup keeps the values.
    expect(change(exit, ['typeId', ALL_WIDGET_TYPES], ['settings.settings.repeatAfter', 60], ['typeId', 2]).settings.settings.repeatAfter).toBe(60);
  });
});

describe('defaults (spec §9)', () => {
  it('starts with the widget and design defaults', () => {
    const { settings, globalSetup, callSetup, scheduleSetup } = initialDraft().settings;
    expect(settings).toMatchObject({ numberOfTries: 3, minutesBetweenTries: 1, showsAfter: 15, repeatAfter: 120, displaysPerVisit: 3 });
    // Issue 18: whisper and accept, every recovery of a missed call, recorded without a notice.
    expect(settings).toMatchObject({
      agentWhisper: true,
      missedCallRecovery: { textVisitor: { isActive: true, text: '' }, scheduleCallback: true, notifyClient: true },
      recording: { notice: false, isActive: true },
    });
    expect(settings.activeHours.filter((day) => day.isActive).map((day) => day.day)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
    expect(settings.activeHours[0]?.times).toEqual([{ from: '09:00', to: '17:00' }]);
    expect(globalSetup).toMatchObject({
      layout: 'Vertical',
      textOptions: { size: 20 },
      buttonOptions: { color: '#83D1FC' },
      screenBackground: { color: 'Light', opacity: 70 },
      floatingIcon: { size: 100, bgColor: '#F5A624', position: 'right' },
    });
    expect([callSetup.buttonText, callSetup.callBackText, scheduleSetup.buttonText, callSetup.disclaimer.text]).toEqual([
      'Call Me Now',
      'Schedule a call instead',
      'Schedule call',
      '100% Safe and Secure',
    ]);
  });
});
