import type { components } from '../../../common/contract/dashboard.gen.ts';
import type { AvailabilityDay } from '../../db/schema/toolbox.ts';

type WidgetGeneral = components['schemas']['WidgetConfiguration']['settings'];

/** The general settings of a widget that requesting and placing a call read. */
export type CallSettings = Pick<WidgetGeneral, 'useSchedule' | 'duringWorkingHoursOnly'> & {
  activeHours: AvailabilityDay[];
  showScheduleForm?: { duringWorkingHours: boolean; outsideWorkingHours: boolean };
};

/** The general settings a call reads (settings.settings), defensive about older rows. */
export function readGeneralSettings(settings: Record<string, unknown>): CallSettings & Partial<Omit<WidgetGeneral, 'activeHours' | 'showScheduleForm'>> {
  const general = ((settings as { settings?: Partial<WidgetGeneral> }).settings ?? {}) as Partial<WidgetGeneral>;
  return {
    ...general,
    useSchedule: general.useSchedule ?? false,
    duringWorkingHoursOnly: general.duringWorkingHoursOnly ?? false,
    activeHours: (general.activeHours ?? []) as AvailabilityDay[],
    showScheduleForm: general.showScheduleForm,
  };
}
