import type { WidgetConfiguration } from './types.ts';

/** The spec §9 defaults as the wizard starts a widget (server/domain/widgets/widgetDefaults.ts), for tests. */
export function testConfiguration(): WidgetConfiguration {
  const weekday = (day: 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday') => ({ day, isActive: true, times: [{ from: '09:00', to: '17:00' }] });
  return {
    settings: {
      useAgents: false,
      numberOfTries: 3,
      minutesBetweenTries: 1,
      showsAfter: null,
      repeatAfter: null,
      displaysPerVisit: null,
      useSchedule: false,
      activeHours: [
        weekday('monday'),
        weekday('tuesday'),
        weekday('wednesday'),
        weekday('thursday'),
        weekday('friday'),
        { day: 'saturday', isActive: false, times: [] },
        { day: 'sunday', isActive: false, times: [] },
      ],
      agentNumber: '+12125550100',
      duringWorkingHoursOnly: false,
      customCallerId: { value: null },
      showScheduleForm: { duringWorkingHours: true, outsideWorkingHours: true },
      redirections: { callNow: { isActive: false, value: '' }, scheduleCall: { isActive: false, value: '' } },
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
      customField1: { isActive: false, text: '' },
      customField2: { isActive: false, text: '' },
      customField3: { isActive: false, text: '' },
    },
  };
}
