import { Box } from '@chakra-ui/react/box';
import { Button } from '../../ui/Button.tsx';
import { Stack } from '@chakra-ui/react/stack';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { isDraftFilled } from '../../../machines/form/form.selectors.ts';
import { visibleError } from '../../../machines/form/formDraft.ts';
import { resetPasswordMachine, resetPasswordMessages } from '../../../machines/resetPassword/resetPassword.machine.ts';
import type { ResetPasswordValues } from '../../../machines/resetPassword/resetPassword.schema.ts';
import { okOrThrow } from '../../api/failure.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { Notice } from '../../ui/Notice.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthHeading } from './AuthHeading.tsx';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';

/** spec §2 New password at /reset/{verificationCode}: "New Password ?"; submit disabled while empty. */
export function ResetPasswordPage({ verificationCode }: { verificationCode: string }) {
  const { t, i18n } = useLingui();
  const { api } = useRootActors();
  const router = useRouter();
  const form = useInspectedActorRef(
    resetPasswordMachine.provide({
      actors: {
        passwordReset: fromPromise(async ({ input }) =>
          okOrThrow(
            await api.POST('/user/password-reset/{verificationCode}', {
              params: { path: { verificationCode: input.verificationCode } },
              body: { password: input.password, isForgotPassword: true },
            }),
          ),
        ),
      },
      actions: {
        redirectToAuth: () => void router.navigate({ to: '/auth', replace: true }),
      },
    }),
    { input: { verificationCode } },
  );
  const draft = useSelector(form, (snapshot) => snapshot.context.form);
  const failure = useSelector(form, (snapshot) => snapshot.context.error);
  const busy = useSelector(form, (snapshot) => snapshot.matches('submitting'));
  const done = useSelector(form, (snapshot) => snapshot.matches('reset') || snapshot.matches('redirected'));

  const change = (field: keyof ResetPasswordValues) => (value: string) => form.send({ type: 'user.change', field, value });
  const blur = (field: keyof ResetPasswordValues) => () => form.send({ type: 'user.blur', field });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'user.submit' });
      }}
    >
      <AuthHeading title={<Trans>New Password ?</Trans>} subtitle={<Trans>Enter your new password.</Trans>} />
      <Stack gap="4">
        {done ? <Notice status="success">{i18n._(resetPasswordMessages.reset)}</Notice> : null}
        {failure ? <Notice status="error">{messageText(i18n, failure)}</Notice> : null}
        <TextField
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="new-password"
          value={draft.values.password}
          error={messageText(i18n, visibleError(draft, 'password'))}
          onChange={change('password')}
          onBlur={blur('password')}
          disabled={busy || done}
        />
        <TextField
          label={t`Confirm Password`}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={draft.values.confirmPassword}
          error={messageText(i18n, visibleError(draft, 'confirmPassword'))}
          onChange={change('confirmPassword')}
          onBlur={blur('confirmPassword')}
          disabled={busy || done}
        />
        <Box display="flex" justifyContent="center" gap="3">
          <Button type="submit" colorPalette="blue" loading={busy} disabled={!isDraftFilled(draft) || done}>
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
