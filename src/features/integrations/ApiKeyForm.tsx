import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { apiKeyFormMachine } from '../../../machines/apiKeyForm/apiKeyForm.machine.ts';
import { apiKeyFormMessages } from '../../../machines/apiKeyForm/apiKeyForm.messages.ts';
import {
  createdKey,
  currentPasswordError,
  formValues,
  hasCopyFailed,
  isCopied,
  isCopying,
  isCreating,
  nameError,
  shownKey,
  submitFailure,
} from '../../../machines/apiKeyForm/apiKeyForm.selectors.ts';
import { apiKeyScopeLabels } from '../../../machines/apiKeys/apiKeys.messages.ts';
import { apiKeyScopes } from '../../../machines/apiKeys/apiKeys.types.ts';
import { messageText } from '../../i18n/messageText.ts';
import { Button } from '../../ui/Button.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { CurrentPasswordField } from './CurrentPasswordField.tsx';
import { OneTimeSecretBox } from './OneTimeSecretBox.tsx';
import { useFocusBack, useFocusWhenPutAway } from './useFocusBack.ts';

type FormActor = ActorRefFrom<typeof apiKeyFormMachine>;

/** "Create API key": a name and its access; once created, the key in its place, shown once. */
export function ApiKeyForm({ form }: { form: FormActor }) {
  const key = useSelector(form, shownKey);
  // Done takes the box away: focus goes to the form that takes its place, not the page.
  const heading = useFocusWhenPutAway<HTMLHeadingElement>(key);
  return key === null ? <CreateForm form={form} heading={heading} /> : <KeyBox form={form} secret={key} />;
}

function CreateForm({ form, heading }: { form: FormActor; heading: RefObject<HTMLHeadingElement | null> }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const values = useSelector(form, formValues);
  const creating = useSelector(form, isCreating);
  const name = messageText(i18n, useSelector(form, nameError));
  const password = messageText(i18n, useSelector(form, currentPasswordError));
  const failure = messageText(i18n, useSelector(form, submitFailure));
  // The fields and the button are disabled while the key is created, which drops focus: a wrong
  // password gives it to the password field (described by the error), any other outcome back to
  // the button.
  const element = useRef<HTMLFormElement>(null);
  const wasCreating = useRef(false);
  const passwordRefused = password !== undefined;
  useEffect(() => {
    if (wasCreating.current && !creating && passwordRefused) (element.current?.elements.namedItem('currentPassword') as HTMLInputElement | null)?.focus();
    wasCreating.current = creating;
  }, [creating, passwordRefused]);
  // After the effect above: the button gets focus back only when the password field did not take it.
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
        <Trans>Create API key</Trans>
      </Heading>
      <Stack gap="4" maxW="3xl">
        <TextField
          label={i18n._(apiKeyFormMessages.nameLabel)}
          name="name"
          autoComplete="off"
          required
          value={values.name}
          error={name}
          onChange={(value) => form.send({ type: 'user.change', field: 'name', value })}
          onBlur={() => form.send({ type: 'user.blur', field: 'name' })}
          disabled={creating}
        />
        <chakra.fieldset disabled={creating}>
          <chakra.legend fontSize="sm" fontWeight="medium" mb="2">
            {t`Access`}
          </chakra.legend>
          <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '2', sm: '5' }} flexWrap="wrap">
            {apiKeyScopes.map((scope) => (
              <chakra.label key={scope} display="inline-flex" alignItems="center" gap="2" fontSize="sm" cursor="pointer">
                <chakra.input
                  type="radio"
                  name="scope"
                  value={scope}
                  checked={values.scope === scope}
                  onChange={() => form.send({ type: 'user.chooseScope', scope })}
                  width="4"
                  height="4"
                  accentColor="blue.600"
                  cursor="pointer"
                />
                {i18n._(apiKeyScopeLabels[scope])}
              </chakra.label>
            ))}
          </Stack>
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
            <Trans>Create API key</Trans>
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

/** The new key, this once (the server keeps only its hash). */
function KeyBox({ form, secret }: { form: FormActor; secret: string }) {
  const { t, i18n } = useLingui();
  const apiKey = useSelector(form, createdKey);
  const copying = useSelector(form, isCopying);
  const copied = useSelector(form, isCopied);
  const copyFailed = useSelector(form, hasCopyFailed);
  return (
    <OneTimeSecretBox
      title={t`API key created`}
      subject={apiKey ? `${apiKey.name} · ${i18n._(apiKeyScopeLabels[apiKey.scope])}` : null}
      warning={t`Copy this key now: it will not be shown again.`}
      label={t`API key`}
      name="apiKey"
      secret={secret}
      copying={copying}
      copied={copied}
      copyFailed={copyFailed}
      copyFailedText={messageText(i18n, apiKeyFormMessages.copyFailed) ?? ''}
      onCopy={() => form.send({ type: 'user.copy' })}
      onDone={() => form.send({ type: 'user.done' })}
    >
      <Trans>Keep it on your server, never in a web page or a public repository: whoever has it acts as your account.</Trans>
    </OneTimeSecretBox>
  );
}
