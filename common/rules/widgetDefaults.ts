import type { components } from '../contract/dashboard.gen.ts';
import { defaultCallFlow } from './callFlow.ts';
import { readDisplayRules } from './displayRules.ts';
import { defaultWorkingHours } from './workingHours.ts';

type Schemas = components['schemas'];

/** spec §9 Widget defaults: the Timed popup's timing fields. */
export const TIMED_POPUP_DEFAULTS = { showsAfter: 15, repeatAfter: 120, displaysPerVisit: 3 } as const;

/**
 * The counts of a widget's general settings must be lower than these (spec §5 "Lower than {n}";
 * the contract's `maximum` is one less): without a bound a client's typo (10000 tries) would keep
 * the call engine dialling for days; a popup that waits over an hour never shows.
 */
export const WIDGET_COUNT_BOUNDS = { numberOfTries: 10, minutesBetweenTries: 60, showsAfter: 3600, repeatAfter: 86_400, displaysPerVisit: 100 } as const;

const off = () => ({ isActive: false, value: '' });
const noText = () => ({ isActive: false, text: '' });

/**
 * A new widget's configuration (spec §9 Widget defaults, Design defaults, Default texts), the one
 * the wizard starts from and the demo seed stores. Calls go to `agentNumber`, or to the widget's
 * agents when it is null (useAgents). The texts are what visitors read on the widget, not
 * dashboard strings.
 */
export function defaultWidgetConfiguration(agentNumber: string | null): Schemas['WidgetConfiguration'] {
  return {
    settings: {
      useAgents: agentNumber === null,
      numberOfTries: 3,
      minutesBetweenTries: 1,
      ...TIMED_POPUP_DEFAULTS,
      useSchedule: false,
      activeHours: defaultWorkingHours(),
      agentNumber,
      duringWorkingHoursOnly: false,
      customCallerId: { value: null },
      showScheduleForm: { duringWorkingHours: true, outsideWorkingHours: true },
      redirections: { callNow: off(), scheduleCall: off() },
      waitingAudio: { isActive: false, url: null },
      deviceDisplay: { onDesktop: true, onMobile: true },
      ...defaultCallFlow(),
      // issue 20: every page, every visitor, at once (DEFAULT_DISPLAY_RULES), a fresh copy to edit.
      displayRules: readDisplayRules(null),
    },
    globalSetup: {
      layout: 'Vertical',
      background: '#FFFFFF',
      textOptions: { size: 20, color: '#333333', fontFamily: 'Arial' },
      // spec §9 Sliders: the button font size defaults to the text size.
      buttonOptions: { size: 50, color: '#83D1FC', fontSize: 20, fontColor: '#FFFFFF' },
      screenBackground: { color: 'Light', opacity: 70 },
      floatingIcon: { size: 100, bgColor: '#F5A624', phoneIconColor: '#FFFFFF', position: 'right' },
    },
    callSetup: {
      picture: { isActive: false, src: '', size: 50 },
      main: { isActive: true, text: 'Would you like us to call you right now?' },
      disclaimer: { isActive: true, text: '100% Safe and Secure' },
      buttonText: 'Call Me Now',
      callBackText: 'Schedule a call instead',
    },
    scheduleSetup: {
      timeToCallText: 'When should we call you?',
      buttonText: 'Schedule call',
      main: { isActive: true, text: 'Leave your number and we will call you back.' },
      disclaimer: { isActive: true, text: '100% Safe and Secure' },
      customField1: noText(),
      customField2: noText(),
      customField3: noText(),
    },
  };
}

/** Nobody is notified until the client switches a notification on. */
export function defaultNotifications(): Schemas['WidgetNotifications'] {
  return { email: off(), phoneNumber: off() };
}
