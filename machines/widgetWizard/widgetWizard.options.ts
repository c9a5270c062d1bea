import { ALL_WIDGET_TYPES, type DeviceOption, type ScheduleOption, type WidgetDraft, type WidgetSettings } from './widgetWizard.draft.ts';

type ShowScheduleForm = WidgetSettings['showScheduleForm'];
type DeviceDisplay = WidgetSettings['deviceDisplay'];

/** spec §9 Schedule display options, in the order the General step offers them. */
export const SCHEDULE_OPTIONS: readonly ScheduleOption[] = ['always', 'never', 'outside', 'during'];

/** spec §9 Device options, in the order the General step offers them. */
export const DEVICE_OPTIONS: readonly DeviceOption[] = ['both', 'desktop', 'mobile'];

/** The schedule option a widget's showScheduleForm stands for. */
export function scheduleOptionOf(form: ShowScheduleForm): ScheduleOption {
  if (form.duringWorkingHours && form.outsideWorkingHours) return 'always';
  if (form.outsideWorkingHours) return 'outside';
  if (form.duringWorkingHours) return 'during';
  return 'never';
}

/** The showScheduleForm value of a schedule option (sent whole as settings.settings.showScheduleForm). */
export function showScheduleFormOf(option: ScheduleOption): ShowScheduleForm {
  return {
    duringWorkingHours: option === 'always' || option === 'during',
    outsideWorkingHours: option === 'always' || option === 'outside',
  };
}

/**
 * The device option a widget's deviceDisplay stands for. Neither device is no valid choice
 * (the view offers none), so it reads as both, the default.
 */
export function deviceOptionOf(display: DeviceDisplay): DeviceOption {
  if (display.onDesktop && !display.onMobile) return 'desktop';
  if (display.onMobile && !display.onDesktop) return 'mobile';
  return 'both';
}

/** The deviceDisplay value of a device option (sent whole as settings.settings.deviceDisplay). */
export function deviceDisplayOf(option: DeviceOption): DeviceDisplay {
  return { onDesktop: option !== 'mobile', onMobile: option !== 'desktop' };
}

/**
 * Whether the General step shows the timed-popup behaviour (showsAfter, repeatAfter,
 * displaysPerVisit): for Timed popup and for All Widgets (spec §5 Widget general). The type is
 * found by its metadata name.
 */
export function showsTimedPopupFields(typeId: WidgetDraft['typeId'], widgetTypes: ReadonlyArray<{ id: number; name: string }>): boolean {
  if (typeId === ALL_WIDGET_TYPES) return true;
  const type = widgetTypes.find((candidate) => candidate.id === typeId);
  return type?.name.trim().toLowerCase() === 'timed popup';
}
