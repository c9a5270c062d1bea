import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Spinner } from '@chakra-ui/react/spinner';
import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { verifyMachine, type VerificationType } from '../../../machines/verify/verify.machine.ts';
import { dataOrThrow } from '../../api/failure.ts';
import { messageText } from '../../i18n/messageText.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { CLIENT_ID } from './auth.actors.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';

/** spec §2 Verify: spinner, then the verified name; after 3 s the route becomes /auth/login. */
export function VerifyPage({ verificationCode, type }: { verificationCode: string; type: VerificationType }) {
  const { t, i18n } = useLingui();
  const { api, auth } = useRootActors();
  const router = useRouter();
  const verification = useInspectedActorRef(
    verifyMachine.provide({
      actors: {
        emailVerification: fromPromise(async ({ input }) => {
          const options = { params: { path: { token: input.verificationCode } }, body: { client_id: CLIENT_ID } };
          const result =
            input.type === 'account'
              ? await api.POST('/user/verify-email/{token}', options)
              : await api.POST('/user/change-email/verify/{token}', options);
          return dataOrThrow(result).data;
        }),
      },
      actions: {
        reloadUser: () => auth.send({ type: 'user.reload' }),
        redirectToLogin: () => void router.navigate({ to: '/auth/login', replace: true }),
      },
    }),
    { input: { verificationCode, type } },
  );
  const verifying = useSelector(verification, (snapshot) => snapshot.matches('verifying'));
  const name = useSelector(verification, (snapshot) => snapshot.context.name);
  const failure = useSelector(verification, (snapshot) => snapshot.context.error);

  if (verifying) {
    return (
      <Box role="status" display="flex" flexDirection="column" alignItems="center" gap="4" py="8">
        <Spinner size="xl" color="blue.600" />
        <Text>{t`Verifying your e-mail address…`}</Text>
      </Box>
    );
  }
  if (failure) return <Notice status="error">{messageText(i18n, failure)}</Notice>;
  return (
    <Box role="status" textAlign="center">
      <Heading as="h1" size="2xl" mb="3">
        {name}
      </Heading>
      <Text color="gray.800">
        {type === 'account' ? <Trans>Your account has been successfuly registered.</Trans> : <Trans>Your new e-mail address is confirmed.</Trans>}
      </Text>
    </Box>
  );
}
