import { Stack } from '@chakra-ui/react/stack';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { acceptOf } from '../../../../machines/upload/upload.rules.ts';
import { FileUpload, type UploadFieldState } from '../../../ui/FileUpload.tsx';
import { SliderField } from '../../../ui/SliderField.tsx';
import { SwitchField } from '../../../ui/SwitchField.tsx';
import { DraftField, DraftTextField, FormSection } from '../general/fields.tsx';
import { ToggleTextField } from './designFields.tsx';
import type { DesignSectionProps } from './designStep.types.ts';

/** spec §3 callSetup: picture, main text, disclaimer, button text and the schedule link text. */
export function CallNowDesignSection({ draft, errors, onChange, upload }: DesignSectionProps & { upload: UploadFieldState }) {
  const { t } = useLingui();
  const call = draft.settings.callSetup;
  const base = 'settings.callSetup';
  return (
    <FormSection title={t`Call now design`}>
      <Stack gap="3">
        <DraftField path={`${base}.picture.isActive`}>
          <SwitchField name={`${base}.picture.isActive`} checked={call.picture.isActive} onChange={(on) => onChange(`${base}.picture.isActive`, on)}>
            {t`Show a picture`}
          </SwitchField>
        </DraftField>
        {call.picture.isActive ? (
          <>
            <DraftField path={`${base}.picture.src`}>
              <FileUpload
                label={t`Picture`}
                name={`${base}.picture.src`}
                accept={acceptOf('image')}
                upload={upload}
                currentUrl={call.picture.src}
                error={errors[`${base}.picture.src`] as MessageDescriptor | undefined}
              />
            </DraftField>
            <DraftField path={`${base}.picture.size`}>
              <SliderField
                label={t`Picture size`}
                name={`${base}.picture.size`}
                min={0}
                max={100}
                value={call.picture.size}
                onChange={(value) => onChange(`${base}.picture.size`, value)}
              />
            </DraftField>
          </>
        ) : null}
      </Stack>
      <ToggleTextField path={`${base}.main`} switchLabel={t`Show the main text`} textLabel={t`Main text`} value={call.main} errors={errors} onChange={onChange} multiline />
      <ToggleTextField
        path={`${base}.disclaimer`}
        switchLabel={t`Show a disclaimer`}
        textLabel={t`Disclaimer`}
        helper={t`Links (<a href="…">) are kept; other HTML is removed.`}
        value={call.disclaimer}
        errors={errors}
        onChange={onChange}
        multiline
      />
      <DraftTextField path={`${base}.buttonText`} label={t`Button text`} value={call.buttonText} errors={errors} onChange={onChange} />
      <DraftTextField path={`${base}.callBackText`} label={t`Schedule link text`} value={call.callBackText} errors={errors} onChange={onChange} />
    </FormSection>
  );
}
