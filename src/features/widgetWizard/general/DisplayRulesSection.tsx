import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { VisitorsRule } from '../../../../common/rules/displayRules.ts';
import { VISITORS_RULES } from '../../../../common/rules/displayRules.ts';
import { DISPLAY_RULES_PATH } from '../../../../machines/widgetWizard/widgetWizard.displayRules.ts';
import { DraftNumberField, DraftTextField, errorAt, FormSection, RadioChoice } from './fields.tsx';
import type { SectionProps } from './generalStep.types.ts';

const base = DISPLAY_RULES_PATH;

/**
 * Where, for whom and when the widget shows (issue 20). The lists are text boxes with one entry a
 * line: typed, pasted and corrected with the keyboard alone, and a list of twenty patterns stays
 * one field, not twenty. The machine keeps the lines and validates them (messages name the line);
 * the defaults show the widget as before: every page, every visitor, at once. `pageTest` is the
 * live preview's page test, shown under the rules it tests.
 */
export function DisplayRulesSection({ draft, errors, onChange, pageTest }: SectionProps & { pageTest?: ReactNode }) {
  const { t, i18n } = useLingui();
  const rules = draft.settings.settings.displayRules;
  const visitorLabels: Record<VisitorsRule, string> = {
    all: t`All visitors`,
    new: t`New visitors`,
    returning: t`Returning visitors`,
  };
  const list = (field: 'includePages' | 'excludePages' | 'utmSources', label: string, helper: string, placeholder: string) => (
    <DraftTextField
      path={`${base}.${field}`}
      label={label}
      multiline
      code
      helper={helper}
      placeholder={placeholder}
      value={rules[field].join('\n')}
      errors={errors}
      onChange={onChange}
    />
  );
  return (
    <FormSection title={t`Display rules`}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {list('includePages', t`Show on pages`, t`One pattern per line. Use * as a wildcard, e.g. /blog/*. Leave empty to show on every page.`, '/pricing\n/blog/*')}
        {list('excludePages', t`Hide on pages`, t`One pattern per line, e.g. /checkout*. A page that matches is hidden even if Show on pages lists it.`, '/checkout*')}
      </SimpleGrid>
      {list(
        'utmSources',
        t`Only for visitors from UTM sources`,
        t`One source per line, as in the page address's utm_source, e.g. google. Leave empty for visitors from any source.`,
        'google\nnewsletter',
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <DraftNumberField
          path={`${base}.minScrollPercent`}
          label={t`Show after the visitor scrolls (%)`}
          helper={t`Leave empty to show without scrolling.`}
          value={rules.minScrollPercent}
          errors={errors}
          onChange={onChange}
        />
        <DraftNumberField
          path={`${base}.minSecondsOnPage`}
          label={t`Show after time on page (seconds)`}
          helper={t`Leave empty to show without waiting.`}
          value={rules.minSecondsOnPage}
          errors={errors}
          onChange={onChange}
        />
      </SimpleGrid>
      <RadioChoice
        name={`${base}.visitors`}
        legend={t`Visitors`}
        value={rules.visitors}
        options={VISITORS_RULES.map((option) => ({ value: option, label: visitorLabels[option] }))}
        onChange={(option) => onChange(`${base}.visitors`, option)}
        helper={t`A visitor is new during their first visit and returning on later visits to your website.`}
        error={errorAt(i18n, errors, `${base}.visitors`)}
      />
      {pageTest}
    </FormSection>
  );
}
