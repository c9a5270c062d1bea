import { Box } from '@chakra-ui/react/box';
import { Button } from '../../ui/Button.tsx';
import { Stack } from '@chakra-ui/react/stack';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { isLoggingIn, loginError, needsVerification } from '../../../machines/auth/auth.selectors.ts';
import { visibleError } from '../../../machines/form/formDraft.ts';
import { loginMachine } from '../../../machines/login/login.machine.ts';
import type { LoginValues } from '../../../machines/login/login.schema.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { Notice } from '../../ui/Notice.tsx';
import { RouterLink } from '../../ui/RouterLink.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useHydrated } from '../../ui/useHydrated.ts';
import { AuthHeading } from './AuthHeading.tsx';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { provideVerificationResend } from './verificationResend.actors.ts';
import { isResending } from '../../../machines/verificationResend/verificationResend.selectors.ts';

/** spec §2 Login: Email, Password, a Forgot link and Sign In; the auth machine does the rest. */
export function LoginPage() {
  const { t, i18n } = useLingui();
  const { auth, api } = useRootActors();
  const form = useInspectedActorRef(
    loginMachine.provide({
      actions: {
        requestSignIn: ({ context }) => auth.send({ type: 'user.login', ...context.form.values }),
      },
    }),
  );
  const draft = useSelector(form, (snapshot) => snapshot.context.form);
  const busy = useSelector(auth, isLoggingIn);
  const failure = useSelector(auth, loginError);
  const unverified = useSelector(auth, needsVerification);
  const resend = useInspectedActorRef(provideVerificationResend(api));
  const resending = useSelector(resend, isResending);
  // Disabled in the page the build rendered, until the app runs: the browser would send the form
  // itself, as a GET with the password in the address.
  const live = useHydrated();

  const change = (field: keyof LoginValues) => (value: string) => form.send({ type: 'user.change', field, value });
  const blur = (field: keyof LoginValues) => () => form.send({ type: 'user.blur', field });
  const errorOf = (field: keyof LoginValues) => messageText(i18n, visibleError(draft, field));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'user.submit' });
      }}
    >
      <AuthHeading title={<Trans>Sign In</Trans>} subtitle={<Trans>Enter your username and password</Trans>} />
      <Stack gap="4">
        {failure ? <Notice status="error">{messageText(i18n, failure)}</Notice> : null}
        {unverified ? (
          <Box>
            <Button
              type="button"
              size="sm"
              variant="outline"
              loading={resending}
              onClick={() => resend.send({ type: 'user.resend', email: draft.values.email })}
            >
              <Trans>Send the link again</Trans>
            </Button>
          </Box>
        ) : null}
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="username"
          value={draft.values.email}
          error={errorOf('email')}
          onChange={change('email')}
          onBlur={blur('email')}
          disabled={busy}
        />
        <TextField
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={draft.values.password}
          error={errorOf('password')}
          onChange={change('password')}
          onBlur={blur('password')}
          disabled={busy}
        />
        <Box display="flex" justifyContent="space-between" alignItems="center" gap="4" flexWrap="wrap">
          <RouterLink to="/auth/forgot-password">
            <Trans>Forgot Password ?</Trans>
          </RouterLink>
          <Button type="submit" colorPalette="blue" loading={busy} disabled={!live}>
            <Trans>Sign In</Trans>
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
