import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/AuthLayout.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';

/** The new-password page from the reset e-mail; open whether or not someone is signed in. */
export const Route = createFileRoute('/reset/$verificationCode')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { verificationCode } = Route.useParams();
  return (
    <AuthLayout>
      <ResetPasswordPage key={verificationCode} verificationCode={verificationCode} />
    </AuthLayout>
  );
}
