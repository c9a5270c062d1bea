import { defaultWorkingHours, normalizeWorkingHours } from '../shared/workingHours.ts';
import type { WidgetConfiguration, WidgetDraft, WidgetNotifications } from './widgetWizard.draft.ts';
import type { StoredWidget } from './widgetWizard.types.ts';

/** spec §9 Widget defaults: the Timed popup's timing fields. */
export const TIMED_POPUP_DEFAULTS = { showsAfter: 15, repeatAfter: 120, displaysPerVisit: 3 } as const;

const off = () => ({ isActive: false, value: '' });
const noText = () => ({ isActive: false, text: '' });

/**
 * A new widget's configuration (spec §9 Widget defaults, Design defaults, Default texts). The
 * server keeps the same defaults for its demo seed (server/domain/widgets/widgetDefaults.ts).
 * The texts are what visitors read on the widget, not dashboard strings.
 */
export function defaultConfiguration(): WidgetConfiguration {
  return {
    settings: {
      useAgents: false,
      numberOfTries: 3,
      minutesBetweenTries: 1,
      ...TIMED_POPUP_DEFAULTS,
      useSchedule: false,
      activeHours: defaultWorkingHours(),
      agentNumber: '',
      duringWorkingHoursOnly: false,
      customCallerId: { value: '' },
      showScheduleForm: { duringWorkingHours: true, outsideWorkingHours: true },
      redirections: { callNow: off(), scheduleCall: off() },
      waitingAudio: { isActive: false, url: null },
      deviceDisplay: { onDesktop: true, onMobile: true },
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

export function defaultNotifications(): WidgetNotifications {
  return { email: off(), phoneNumber: off() };
}

/** spec §2 Widget wizard: "Creating starts with a null widgetId and initial general and design state". */
export function initialDraft(): WidgetDraft {
  return {
    name: '',
    websiteUrl: '',
    typeId: null,
    agentIds: [],
    callingRuleId: null,
    notifications: defaultNotifications(),
    settings: defaultConfiguration(),
  };
}

/** The draft of a stored widget being edited; its schedule reads as the editor shows it (spec §5). */
export function draftFromWidget(widget: StoredWidget): WidgetDraft {
  const { settings } = widget.settings;
  return {
    name: widget.name,
    websiteUrl: widget.websiteUrl,
    typeId: widget.typeId,
    agentIds: [...widget.agentIds],
    callingRuleId: widget.callingRuleId,
    notifications: widget.notifications,
    settings: {
      ...widget.settings,
      settings: {
        ...settings,
        agentNumber: settings.agentNumber ?? '',
        customCallerId: { value: settings.customCallerId.value ?? '' },
        activeHours: normalizeWorkingHours(settings.activeHours),
      },
    },
  };
}
