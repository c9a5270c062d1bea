import { Stack } from '@chakra-ui/react/stack';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { acceptOf } from '../../../../machines/upload/upload.rules.ts';
import type { DeviceOption } from '../../../../machines/widgetWizard/widgetWizard.draft.ts';
import { DEVICE_OPTIONS, deviceDisplayOf, deviceOptionOf } from '../../../../machines/widgetWizard/widgetWizard.options.ts';
import { FileUpload, type UploadFieldState } from '../../../ui/FileUpload.tsx';
import { SwitchField } from '../../../ui/SwitchField.tsx';
import { DraftField, DraftTextField, errorAt, FormSection, RadioChoice } from './fields.tsx';
import type { GeneralStepMeta, SectionProps } from './generalStep.types.ts';

/** Custom waiting audio (switch and upload), devices and custom caller id (the last two by user flag). */
export function ExtrasSection({ draft, errors, onChange, meta, upload }: SectionProps & { meta: GeneralStepMeta; upload: UploadFieldState }) {
  const { t, i18n } = useLingui();
  const settings = draft.settings.settings;
  const deviceLabels: Record<DeviceOption, string> = { both: t`Desktop and mobile`, desktop: t`Desktop only`, mobile: t`Mobile only` };
  return (
    <FormSection title={t`Custom audio`}>
      <Stack gap="2">
        <DraftField path="settings.settings.waitingAudio.isActive">
          <SwitchField
            name="settings.settings.waitingAudio.isActive"
            checked={settings.waitingAudio.isActive}
            onChange={(on) => onChange('settings.settings.waitingAudio.isActive', on)}
          >
            {t`Play custom audio while the customer waits`}
          </SwitchField>
        </DraftField>
        {settings.waitingAudio.isActive ? (
          <DraftField path="settings.settings.waitingAudio.url">
            <FileUpload
              label={t`Waiting audio`}
              name="settings.settings.waitingAudio.url"
              accept={acceptOf('audio')}
              upload={upload}
              currentUrl={settings.waitingAudio.url}
              error={errors['settings.settings.waitingAudio.url'] as MessageDescriptor | undefined}
            />
          </DraftField>
        ) : null}
      </Stack>
      {meta.hasAdvancedWidgetSettings ? (
        <RadioChoice
          name="settings.settings.deviceDisplay"
          legend={t`Devices`}
          value={deviceOptionOf(settings.deviceDisplay)}
          options={DEVICE_OPTIONS.map((option) => ({ value: option, label: deviceLabels[option] }))}
          onChange={(option) => onChange('settings.settings.deviceDisplay', deviceDisplayOf(option))}
          error={errorAt(i18n, errors, 'settings.settings.deviceDisplay')}
        />
      ) : null}
      {meta.displayCustomNumberToCustomers ? (
        <DraftTextField
          path="settings.settings.customCallerId.value"
          label={t`Custom caller ID`}
          type="tel"
          placeholder="+14155550123"
          helper={t`The number your customers see when we call them. Leave empty to use the default.`}
          value={settings.customCallerId.value}
          errors={errors}
          onChange={onChange}
        />
      ) : null}
    </FormSection>
  );
}
