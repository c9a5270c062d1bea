import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { PhoneInput } from '../../../ui/PhoneInput.tsx';
import { SwitchField } from '../../../ui/SwitchField.tsx';
import { DraftField, DraftNumberField, errorAt, FormSection } from './fields.tsx';
import type { GeneralStepMeta, SectionProps } from './generalStep.types.ts';

/** The agents who take calls, chosen by name (spec §4), as a list of checkboxes. */
function AgentsChoice({ draft, errors, onChange, agents }: SectionProps & { agents: GeneralStepMeta['agents'] }) {
  const { t, i18n } = useLingui();
  const errorId = useId();
  const error = errorAt(i18n, errors, 'agentIds');
  const toggle = (id: number, chosen: boolean) =>
    onChange('agentIds', chosen ? [...draft.agentIds.filter((other) => other !== id), id] : draft.agentIds.filter((other) => other !== id));
  return (
    <DraftField path="agentIds">
      <chakra.fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
        <chakra.legend fontSize="sm" fontWeight="medium" mb="2">
          {t`Agents`}
        </chakra.legend>
        {agents.length === 0 ? (
          <Text fontSize="sm" color="gray.600">{t`You don't have any added agent, yet.`}</Text>
        ) : (
          <Stack gap="2" maxH="15rem" overflowY="auto">
            {agents.map((agent) => (
              <chakra.label key={agent.id} display="flex" alignItems="center" gap="2.5" fontSize="sm" cursor="pointer">
                <chakra.input
                  type="checkbox"
                  name="agentIds"
                  value={String(agent.id)}
                  checked={draft.agentIds.includes(agent.id)}
                  onChange={(event) => toggle(agent.id, event.currentTarget.checked)}
                  width="4"
                  height="4"
                  accentColor="blue.600"
                  cursor="pointer"
                />
                <span>{agent.name}</span>
                <Text as="span" color="gray.600">
                  {agent.phone}
                </Text>
              </chakra.label>
            ))}
          </Stack>
        )}
        {error ? (
          <Box id={errorId} mt="1.5" fontSize="xs" color="fg.error" aria-live="polite">
            {error}
          </Box>
        ) : null}
      </chakra.fieldset>
    </DraftField>
  );
}

/** Numbers to call (agents with a calling rule, or one phone number) and the retry settings. */
export function NumbersToCallSection({ draft, errors, onChange, meta }: SectionProps & { meta: GeneralStepMeta }) {
  const { t, i18n } = useLingui();
  const ruleErrorId = useId();
  const ruleError = errorAt(i18n, errors, 'callingRuleId');
  const settings = draft.settings.settings;
  return (
    <FormSection title={t`Numbers to call`}>
      <DraftField path="settings.settings.useAgents">
        <SwitchField name="settings.settings.useAgents" checked={settings.useAgents} onChange={(on) => onChange('settings.settings.useAgents', on)}>
          {t`Use agents`}
        </SwitchField>
      </DraftField>
      {settings.useAgents ? (
        <>
          <AgentsChoice draft={draft} errors={errors} onChange={onChange} agents={meta.agents} />
          <DraftField path="callingRuleId">
            <Field.Root invalid={Boolean(ruleError)} ids={{ errorText: ruleErrorId }}>
              <Field.Label>{t`Calling Rule`}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="callingRuleId"
                  value={draft.callingRuleId === null ? '' : String(draft.callingRuleId)}
                  aria-describedby={ruleError ? ruleErrorId : undefined}
                  bg="white"
                  onChange={(event) => onChange('callingRuleId', event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}
                >
                  <option value="">{t`Select a calling rule`}</option>
                  {meta.callingRules.map((rule) => (
                    <option key={rule.id} value={String(rule.id)}>
                      {rule.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {ruleError ? <Field.ErrorText>{ruleError}</Field.ErrorText> : null}
            </Field.Root>
          </DraftField>
        </>
      ) : (
        <DraftField path="settings.settings.agentNumber">
          <PhoneInput
            label={t`Phone number to call`}
            countryLabel={t`Country`}
            name="settings.settings.agentNumber"
            value={settings.agentNumber ?? ''}
            onChange={(value) => onChange('settings.settings.agentNumber', value)}
            error={errorAt(i18n, errors, 'settings.settings.agentNumber')}
            locale={i18n.locale}
          />
        </DraftField>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <DraftNumberField path="settings.settings.numberOfTries" label={t`Number of tries`} value={settings.numberOfTries} errors={errors} onChange={onChange} />
        {/* spec §3: minutesBetweenTries is labelled seconds. */}
        <DraftNumberField path="settings.settings.minutesBetweenTries" label={t`Seconds between tries`} value={settings.minutesBetweenTries} errors={errors} onChange={onChange} />
      </SimpleGrid>
    </FormSection>
  );
}
