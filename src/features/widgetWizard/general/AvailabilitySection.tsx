import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { normalizeWorkingHours } from '../../../../common/rules/workingHours.ts';
import type { ScheduleOption } from '../../../../machines/widgetWizard/widgetWizard.draft.ts';
import { SCHEDULE_OPTIONS, scheduleOptionOf, showScheduleFormOf } from '../../../../machines/widgetWizard/widgetWizard.options.ts';
import { SwitchField } from '../../../ui/SwitchField.tsx';
import { WorkingHoursEditor } from '../../../ui/WorkingHoursEditor.tsx';
import { DraftField, errorAt, FormSection, RadioChoice } from './fields.tsx';
import type { SectionProps } from './generalStep.types.ts';

/** Times available (the weekly working hours) and when the Schedule a call form is offered. */
export function AvailabilitySection({ draft, errors, onChange }: SectionProps) {
  const { t, i18n } = useLingui();
  const settings = draft.settings.settings;
  const scheduleLabels: Record<ScheduleOption, string> = {
    always: t`Always`,
    never: t`Never`,
    outside: t`Outside working hours`,
    during: t`During working hours`,
  };
  return (
    <FormSection title={t`Times available`}>
      <DraftField path="settings.settings.useSchedule">
        <SwitchField name="settings.settings.useSchedule" checked={settings.useSchedule} onChange={(on) => onChange('settings.settings.useSchedule', on)}>
          {t`Take calls only during working hours`}
        </SwitchField>
      </DraftField>
      {settings.useSchedule ? (
        <>
          <DraftField path="settings.settings.activeHours">
            <WorkingHoursEditor
              value={normalizeWorkingHours(settings.activeHours)}
              onChange={(value) => onChange('settings.settings.activeHours', value)}
              error={(errors['settings.settings.activeHours'] as MessageDescriptor | undefined) ?? null}
            />
          </DraftField>
          <DraftField path="settings.settings.duringWorkingHoursOnly">
            <SwitchField
              name="settings.settings.duringWorkingHoursOnly"
              checked={settings.duringWorkingHoursOnly}
              onChange={(on) => onChange('settings.settings.duringWorkingHoursOnly', on)}
            >
              {t`Show the widget only during working hours`}
            </SwitchField>
          </DraftField>
        </>
      ) : null}
      <RadioChoice
        name="settings.settings.showScheduleForm"
        legend={t`Show the Schedule a call form`}
        value={scheduleOptionOf(settings.showScheduleForm)}
        options={SCHEDULE_OPTIONS.map((option) => ({ value: option, label: scheduleLabels[option] }))}
        onChange={(option) => onChange('settings.settings.showScheduleForm', showScheduleFormOf(option))}
        error={errorAt(i18n, errors, 'settings.settings.showScheduleForm')}
      />
    </FormSection>
  );
}
