import { Box } from '@chakra-ui/react/box';
import { Button } from '../../ui/Button.tsx';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import {
  availabilityIssues,
  canRetry,
  fieldError,
  isFormShown,
  isLoading,
  isSaving,
} from '../../../machines/agentForm/agentForm.selectors.ts';
import type { AgentTextField } from '../../../machines/agentForm/agentForm.types.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { Notice } from '../../ui/Notice.tsx';
import { PhoneInput } from '../../ui/PhoneInput.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { WorkingHoursEditor } from '../../ui/WorkingHoursEditor.tsx';
import { provideAgentFormMachine } from './agentForm.actors.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';

export interface AgentFormPageProps {
  /** The agent to edit (/agents/manage/{agentId}); null creates one (/agents/manage). */
  agentId: number | null;
}

/**
 * spec §2 Agents form: Create New Agent or Edit Agent with Name, Phone Number (country us, not
 * editable) and the weekly Availability; Save Agent with a spinner, then back to /agents.
 */
export function AgentFormPage({ agentId }: AgentFormPageProps) {
  const { t, i18n } = useLingui();
  const { api, startup } = useRootActors();
  const router = useRouter();
  const form = useInspectedActorRef(provideAgentFormMachine(api, startup, router), { input: { agentId } });
  const loading = useSelector(form, isLoading);
  const shown = useSelector(form, isFormShown);
  const saving = useSelector(form, isSaving);
  const retry = useSelector(form, canRetry);
  const failure = useSelector(form, (snapshot) => snapshot.context.error);
  const values = useSelector(form, (snapshot) => snapshot.context.form.values);
  const nameError = useSelector(form, (snapshot) => fieldError(snapshot, 'name'));
  const phoneError = useSelector(form, (snapshot) => fieldError(snapshot, 'phone'));
  const availabilityError = useSelector(form, (snapshot) => fieldError(snapshot, 'availability'));
  const issues = useSelector(form, availabilityIssues);

  const change = (field: AgentTextField) => (value: string) => form.send({ type: 'user.change', field, value });
  const blur = (field: AgentTextField) => () => form.send({ type: 'user.blur', field });

  return (
    <Box as="section">
      <ScreenHeader title={agentId === null ? t`Create New Agent` : t`Edit Agent`} />
      {loading ? (
        <LoadingStatus py="16" />
      ) : null}
      {failure ? (
        <Box display="flex" flexWrap="wrap" gap="3" alignItems="center">
          <Notice status="error">{messageText(i18n, failure)}</Notice>
          {retry ? (
            <Button size="sm" onClick={() => form.send({ type: 'user.retry' })}>
              <Trans>Try again</Trans>
            </Button>
          ) : null}
        </Box>
      ) : null}
      {shown ? (
        <Box bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '6' }}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              form.send({ type: 'user.submit' });
            }}
          >
            <Stack gap="5" maxWidth="3xl">
              <TextField
                label={t`Name`}
                name="name"
                autoComplete="off"
                value={values.name}
                error={messageText(i18n, nameError)}
                onChange={change('name')}
                onBlur={blur('name')}
                disabled={saving}
                required
              />
              <PhoneInput
                label={t`Phone Number`}
                countryLabel={t`Country`}
                name="phone"
                value={values.phone}
                error={messageText(i18n, phoneError)}
                onChange={change('phone')}
                onBlur={blur('phone')}
                defaultCountry="US"
                countryLocked
                locale={i18n.locale}
              />
              <Box as="fieldset">
                <Heading as="legend" size="md" color="gray.900" mb="2">
                  <Trans>Availability</Trans>
                </Heading>
                <WorkingHoursEditor
                  value={values.availability}
                  onChange={(value) => form.send({ type: 'user.changeAvailability', value })}
                  error={availabilityError}
                  issues={issues}
                  disabled={saving}
                />
              </Box>
              <Box>
                <Button type="submit" colorPalette="blue" loading={saving}>
                  <Trans>Save Agent</Trans>
                </Button>
              </Box>
            </Stack>
          </form>
        </Box>
      ) : null}
    </Box>
  );
}
