import { useLingui } from '@lingui/react/macro';
import { DraftTextField, FormSection } from '../general/fields.tsx';
import { ToggleTextField } from './designFields.tsx';
import type { DesignSectionProps } from './designStep.types.ts';

const CUSTOM_FIELDS = ['customField1', 'customField2', 'customField3'] as const;

/** spec §3 scheduleSetup: time question, button, main text, disclaimer and three custom fields. */
export function RequestCallbackDesignSection({ draft, errors, onChange }: DesignSectionProps) {
  const { t } = useLingui();
  const schedule = draft.settings.scheduleSetup;
  const base = 'settings.scheduleSetup';
  return (
    <FormSection title={t`Request Callback design`}>
      <DraftTextField path={`${base}.timeToCallText`} label={t`Time to call text`} value={schedule.timeToCallText} errors={errors} onChange={onChange} />
      <DraftTextField path={`${base}.buttonText`} label={t`Button text`} value={schedule.buttonText} errors={errors} onChange={onChange} />
      <ToggleTextField path={`${base}.main`} switchLabel={t`Show the main text`} textLabel={t`Main text`} value={schedule.main} errors={errors} onChange={onChange} multiline />
      <ToggleTextField
        path={`${base}.disclaimer`}
        switchLabel={t`Show a disclaimer`}
        textLabel={t`Disclaimer`}
        helper={t`Links (<a href="…">) are kept; other HTML is removed.`}
        value={schedule.disclaimer}
        errors={errors}
        onChange={onChange}
        multiline
      />
      {CUSTOM_FIELDS.map((field, index) => {
        const n = index + 1;
        return (
          <ToggleTextField
            key={field}
            path={`${base}.${field}`}
            switchLabel={t`Ask Custom Field #${n}`}
            textLabel={t`Custom Field #${n} label`}
            value={schedule[field]}
            errors={errors}
            onChange={onChange}
          />
        );
      })}
    </FormSection>
  );
}
