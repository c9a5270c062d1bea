import { Box } from '@chakra-ui/react/box';
import { Button } from '../../ui/Button.tsx';
import { Stack } from '@chakra-ui/react/stack';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { forgotPasswordMachine, forgotPasswordMessages } from '../../../machines/forgotPassword/forgotPassword.machine.ts';
import { isDraftValid, visibleError } from '../../../machines/form/formDraft.ts';
import { okOrThrow } from '../../api/failure.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { Notice } from '../../ui/Notice.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthHeading } from './AuthHeading.tsx';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';

/** spec §2 Forgot password: "Forgotten Password ?"; submit disabled while invalid or empty. */
export function ForgotPasswordPage() {
  const { t, i18n } = useLingui();
  const { api } = useRootActors();
  const router = useRouter();
  const form = useInspectedActorRef(
    forgotPasswordMachine.provide({
      actors: {
        passwordResetRequest: fromPromise(async ({ input }) => okOrThrow(await api.PUT('/user/password-reset', { body: input }))),
      },
      actions: {
        redirectToAuth: () => void router.navigate({ to: '/auth', replace: true }),
      },
    }),
  );
  const draft = useSelector(form, (snapshot) => snapshot.context.form);
  const failure = useSelector(form, (snapshot) => snapshot.context.error);
  const busy = useSelector(form, (snapshot) => snapshot.matches('submitting'));
  const sent = useSelector(form, (snapshot) => snapshot.matches('sent') || snapshot.matches('redirected'));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'user.submit' });
      }}
    >
      <AuthHeading title={<Trans>Forgotten Password ?</Trans>} subtitle={<Trans>Enter your email to reset your password.</Trans>} />
      <Stack gap="4">
        {sent ? <Notice status="success">{i18n._(forgotPasswordMessages.sent)}</Notice> : null}
        {failure ? <Notice status="error">{messageText(i18n, failure)}</Notice> : null}
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="email"
          value={draft.values.email}
          error={messageText(i18n, visibleError(draft, 'email'))}
          onChange={(value) => form.send({ type: 'user.change', field: 'email', value })}
          onBlur={() => form.send({ type: 'user.blur', field: 'email' })}
          disabled={busy || sent}
        />
        <Box display="flex" justifyContent="center" gap="3">
          <Button type="submit" colorPalette="blue" loading={busy} disabled={!isDraftValid(draft) || sent}>
            <Trans>Submit</Trans>
          </Button>
          <Button type="button" variant="outline" onClick={() => void router.navigate({ to: '/auth/login' })}>
            <Trans>Cancel</Trans>
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
