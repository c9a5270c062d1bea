import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import type { VerificationType } from '../../machines/verify/verify.machine.ts';
import { AuthLayout } from '../features/auth/AuthLayout.tsx';
import { VerifyPage } from '../features/auth/VerifyPage.tsx';

/**
 * spec §2 Verify: `type` says which e-mail is verified. The contract's link uses `changeEmail`
 * and the spec `change-email`; both mean a changed address. Anything else is the account.
 */
const verifySearch = z.object({
  type: z.pipe(
    z.catch(z.optional(z.enum(['account', 'change-email', 'changeEmail'])), undefined),
    z.transform((type): VerificationType => (type === 'changeEmail' || type === 'change-email' ? 'change-email' : 'account')),
  ),
});

export const Route = createFileRoute('/verify/$verificationCode')({
  validateSearch: verifySearch,
  component: VerifyRoute,
});

function VerifyRoute() {
  const { verificationCode } = Route.useParams();
  const { type } = Route.useSearch();
  return (
    <AuthLayout>
      <VerifyPage key={`${type}:${verificationCode}`} verificationCode={verificationCode} type={type} />
    </AuthLayout>
  );
}
