import type { components } from '../../../common/contract/dashboard.gen.ts';

type Schemas = components['schemas'];

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;

/** spec §9: "Working hours 9:00 to 17:00 Monday to Friday, Saturday and Sunday inactive". */
export function defaultWorkingHours(): Schemas['WorkingHours'][] {
  return [
    ...WEEKDAYS.map((day) => ({ day, isActive: true, times: [{ from: '09:00', to: '17:00' }] })),
    { day: 'saturday' as const, isActive: false, times: [] },
    { day: 'sunday' as const, isActive: false, times: [] },
  ];
}

const off = { isActive: false, value: '' };
const noText = { isActive: false, text: '' };

/**
 * A new widget's settings as the wizard starts them (spec §9 Widget defaults, Design defaults,
 * Default texts), calling `agentNumber`. For the demo seed and tests; the SPA keeps its own
 * copy of these defaults in its wizard machine.
 */
export function defaultWidgetConfiguration(agentNumber: string | null): Schemas['WidgetConfiguration'] {
  return {
    settings: {
      useAgents: agentNumber === null,
      numberOfTries: 3,
      minutesBetweenTries: 1,
      showsAfter: 15,
      repeatAfter: 120,
      displaysPerVisit: 3,
      useSchedule: false,
      activeHours: defaultWorkingHours(),
      agentNumber,
      duringWorkingHoursOnly: false,
      customCallerId: { value: null },
      showScheduleForm: { duringWorkingHours: true, outsideWorkingHours: true },
      redirections: { callNow: off, scheduleCall: off },
      waitingAudio: { isActive: false, url: null },
      deviceDisplay: { onDesktop: true, onMobile: true },
    },
    globalSetup: {
      layout: 'Vertical',
      background: '#FFFFFF',
      textOptions: { size: 20, color: '#333333', fontFamily: 'Arial' },
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
      customField1: noText,
      customField2: noText,
      customField3: noText,
    },
  };
}

/** Nobody is notified until the client switches a notification on. */
export function defaultNotifications(): Schemas['WidgetNotifications'] {
  return { email: off, phoneNumber: off };
}
