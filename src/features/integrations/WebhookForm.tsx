import { Box } from '@chakra-ui/react/box';
import { Code } from '@chakra-ui/react/code';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import { webhookEventLabels } from '../../../machines/webhookEndpoints/webhookEndpoints.messages.ts';
import { webhookEventTypes } from '../../../machines/webhookEndpoints/webhookEndpoints.types.ts';
import type { webhookFormMachine } from '../../../machines/webhookForm/webhookForm.machine.ts';
import { webhookFormMessages } from '../../../machines/webhookForm/webhookForm.messages.ts';
import {
  createdEndpoint,
  currentPasswordError,
  eventsError,
  hasCopyFailed,
  isCopied,
  isCopying,
  isCreating,
  shownSecret,
  submitFailure,
  urlError,
} from '../../../machines/webhookForm/webhookForm.selectors.ts';
import { messageText } from '../../i18n/messageText.ts';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { CurrentPasswordField } from './CurrentPasswordField.tsx';
import { OneTimeSecretBox } from './OneTimeSecretBox.tsx';
import { useFocusBack, useFocusWhenPutAway } from './useFocusBack.ts';

type FormActor = ActorRefFrom<typeof webhookFormMachine>;

/** "Add endpoint": the address and the events; once created, the endpoint's secret in its place, shown once. */
export function WebhookForm({ form }: { form: FormActor }) {
  const secret = useSelector(form, shownSecret);
  // Done takes the box away: focus goes to the form that takes its place, not the page.
  const heading = useFocusWhenPutAway<HTMLHeadingElement>(secret);
  return secret === null ? <EndpointForm form={form} heading={heading} /> : <SecretBox form={form} secret={secret} />;
}

function EndpointForm({ form, heading }: { form: FormActor; heading: RefObject<HTMLHeadingElement | null> }) {
  const { i18n } = useLingui();
  const headingId = useId();
  const eventsErrorId = useId();
  const values = useSelector(form, (snapshot) => snapshot.context.form.values);
  const creating = useSelector(form, isCreating);
  const url = messageText(i18n, useSelector(form, urlError));
  const events = messageText(i18n, useSelector(form, eventsError));
  const password = messageText(i18n, useSelector(form, currentPasswordError));
  const failure = messageText(i18n, useSelector(form, submitFailure));
  // The fields and the button are disabled while the endpoint is created, which drops focus: a
  // refused address gives it to the URL field (described by the reason), a wrong password to the
  // password field, any other outcome back to the button.
  const element = useRef<HTMLFormElement>(null);
  const wasCreating = useRef(false);
  const refusedField = url !== undefined ? 'url' : password !== undefined ? 'currentPassword' : null;
  useEffect(() => {
    if (wasCreating.current && !creating && refusedField) (element.current?.elements.namedItem(refusedField) as HTMLInputElement | null)?.focus();
    wasCreating.current = creating;
  }, [creating, refusedField]);
  // After the effect above: the button gets focus back only when a field did not take it.
  const [submitRef, submitPressed] = useFocusBack<HTMLButtonElement>(creating);
  return (
    <form
      ref={element}
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'user.submit' });
      }}
    >
      <Heading as="h3" id={headingId} ref={heading} tabIndex={-1} size="sm" mb="3" color="gray.900">
        <Trans>Add endpoint</Trans>
      </Heading>
      <Stack gap="4" maxW="3xl">
        <TextField
          label={i18n._(webhookFormMessages.urlLabel)}
          name="url"
          autoComplete="off"
          required
          value={values.url}
          error={url}
          onChange={(value) => form.send({ type: 'user.change', field: 'url', value })}
          onBlur={() => form.send({ type: 'user.blur', field: 'url' })}
          disabled={creating}
        />
        <chakra.fieldset aria-describedby={events ? eventsErrorId : undefined} disabled={creating}>
          <chakra.legend fontSize="sm" fontWeight="medium" mb="2">
            <Trans>Events</Trans>
          </chakra.legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
            {webhookEventTypes.map((type) => (
              <CheckboxField
                key={type}
                name="events"
                checked={values.events.includes(type)}
                onChange={(checked) => form.send({ type: 'user.toggleEvent', eventType: type, checked })}
              >
                {i18n._(webhookEventLabels[type])} <Code fontSize="xs">{type}</Code>
              </CheckboxField>
            ))}
          </SimpleGrid>
          {events ? (
            <Text id={eventsErrorId} mt="2" fontSize="xs" color="red.700" aria-live="polite">
              {events}
            </Text>
          ) : null}
        </chakra.fieldset>
        <CurrentPasswordField
          value={values.currentPassword}
          error={password}
          disabled={creating}
          onChange={(value) => form.send({ type: 'user.change', field: 'currentPassword', value })}
          onBlur={() => form.send({ type: 'user.blur', field: 'currentPassword' })}
        />
        {failure ? <Notice status="error">{failure}</Notice> : null}
        <Box>
          <Button ref={submitRef} type="submit" loading={creating} onClick={submitPressed}>
            <Trans>Add endpoint</Trans>
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

/** The new endpoint's signing secret, this once (the server never answers it again). */
function SecretBox({ form, secret }: { form: FormActor; secret: string }) {
  const { t, i18n } = useLingui();
  const endpoint = useSelector(form, createdEndpoint);
  const copying = useSelector(form, isCopying);
  const copied = useSelector(form, isCopied);
  const copyFailed = useSelector(form, hasCopyFailed);
  return (
    <OneTimeSecretBox
      title={t`Endpoint added`}
      subject={<chakra.span fontFamily="mono">{endpoint?.url}</chakra.span>}
      warning={t`Copy this signing secret now: it will not be shown again.`}
      label={t`Signing secret`}
      name="secret"
      secret={secret}
      copying={copying}
      copied={copied}
      copyFailed={copyFailed}
      copyFailedText={messageText(i18n, webhookFormMessages.copyFailed) ?? ''}
      onCopy={() => form.send({ type: 'user.copy' })}
      onDone={() => form.send({ type: 'user.done' })}
    >
      <Trans>Once your receiver holds the secret, Send test event checks that it verifies the signature.</Trans>
    </OneTimeSecretBox>
  );
}
