import { Field } from '@chakra-ui/react/field';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { ALL_WIDGET_TYPES, type WidgetDraft } from '../../../../machines/widgetWizard/widgetWizard.draft.ts';
import { showsTimedPopupFields } from '../../../../machines/widgetWizard/widgetWizard.options.ts';
import { widgetTypeLabel } from '../../../lib/widgetTypes.ts';
import { DraftField, DraftNumberField, DraftTextField, errorAt, FormSection } from './fields.tsx';
import type { GeneralStepMeta, SectionProps } from './generalStep.types.ts';

function typeValue(typeId: WidgetDraft['typeId']): string {
  return typeId === null ? '' : String(typeId);
}

/** Widget name, website URL (with suggestions), widget type and the timed-popup behaviour. */
export function WidgetIdentitySection({ draft, errors, onChange, meta }: SectionProps & { meta: GeneralStepMeta }) {
  const { t, i18n } = useLingui();
  const domainsId = useId();
  const typeErrorId = useId();
  const typeError = errorAt(i18n, errors, 'typeId');
  const settings = draft.settings.settings;
  return (
    <FormSection title={t`Widget`}>
      {/* The name is public: the embed script's configuration carries it, and the widget passes it to the host page's analytics (`widget_name`). */}
      <DraftTextField path="name" label={t`Widget Name`} value={draft.name} errors={errors} onChange={onChange} helper={t`Visible to your website's analytics tools.`} />
      <DraftTextField
        path="websiteUrl"
        label={t`Website URL`}
        value={draft.websiteUrl}
        errors={errors}
        onChange={onChange}
        list={domainsId}
        placeholder="example.com"
        helper={t`Choose one of your websites or enter a new domain.`}
      />
      <datalist id={domainsId}>
        {meta.websiteDomains.map((domain) => (
          <option key={domain} value={domain} />
        ))}
      </datalist>
      <DraftField path="typeId">
        <Field.Root invalid={Boolean(typeError)} disabled={meta.typeLocked} ids={{ errorText: typeErrorId }}>
          <Field.Label>{t`Widget Type`}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="typeId"
              value={typeValue(draft.typeId)}
              aria-describedby={typeError ? typeErrorId : undefined}
              bg="white"
              onChange={(event) => {
                const chosen = event.currentTarget.value;
                onChange('typeId', chosen === '' ? null : chosen === ALL_WIDGET_TYPES ? ALL_WIDGET_TYPES : Number(chosen));
              }}
            >
              <option value="">{t`Select a widget type`}</option>
              {meta.widgetTypes.map((type) => (
                <option key={type.id} value={String(type.id)}>
                  {widgetTypeLabel(i18n, type)}
                </option>
              ))}
              {meta.typeLocked ? null : <option value={ALL_WIDGET_TYPES}>{t`All Widgets`}</option>}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {typeError ? <Field.ErrorText>{typeError}</Field.ErrorText> : null}
        </Field.Root>
      </DraftField>
      {showsTimedPopupFields(draft.typeId, meta.widgetTypes) ? (
        <SimpleGrid as="fieldset" columns={{ base: 1, md: 3 }} gap="4" aria-label={t`Timed popup behaviour`}>
          <DraftNumberField path="settings.settings.showsAfter" label={t`Shows after (seconds)`} value={settings.showsAfter} errors={errors} onChange={onChange} />
          <DraftNumberField path="settings.settings.repeatAfter" label={t`Repeat after (seconds)`} value={settings.repeatAfter} errors={errors} onChange={onChange} />
          <DraftNumberField path="settings.settings.displaysPerVisit" label={t`Displays per visit`} value={settings.displaysPerVisit} errors={errors} onChange={onChange} />
        </SimpleGrid>
      ) : null}
    </FormSection>
  );
}
