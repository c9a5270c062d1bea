import { Stack } from '@chakra-ui/react/stack';
import { useLingui } from '@lingui/react/macro';
import type { WidgetDraftErrors } from '../../../../machines/widgetWizard/widgetWizard.draft.ts';
import { ColorField } from '../../../ui/ColorField.tsx';
import { SwitchField } from '../../../ui/SwitchField.tsx';
import { DraftField, DraftTextField, errorAt, type DraftChange } from '../general/fields.tsx';

/** A text block with its switch (spec §3 main, disclaimer, custom fields: {isActive, text}). */
export function ToggleTextField({ path, switchLabel, textLabel, value, errors, onChange, multiline, helper }: {
  /** The object's path, e.g. `settings.callSetup.main`. */
  path: string;
  switchLabel: string;
  textLabel: string;
  value: { isActive: boolean; text: string };
  errors: WidgetDraftErrors;
  onChange: DraftChange;
  multiline?: boolean;
  helper?: string;
}) {
  return (
    <Stack gap="2">
      <DraftField path={`${path}.isActive`}>
        <SwitchField name={`${path}.isActive`} checked={value.isActive} onChange={(on) => onChange(`${path}.isActive`, on)}>
          {switchLabel}
        </SwitchField>
      </DraftField>
      {value.isActive ? (
        <DraftTextField path={`${path}.text`} label={textLabel} value={value.text} errors={errors} onChange={onChange} multiline={multiline} helper={helper} />
      ) : null}
    </Stack>
  );
}

/** A colour bound to a draft path. */
export function DraftColorField({ path, label, value, errors, onChange }: {
  path: string;
  label: string;
  value: string;
  errors: WidgetDraftErrors;
  onChange: DraftChange;
}) {
  const { i18n } = useLingui();
  return (
    <DraftField path={path}>
      <ColorField label={label} name={path} value={value} onChange={(next) => onChange(path, next)} error={errorAt(i18n, errors, path)} />
    </DraftField>
  );
}
