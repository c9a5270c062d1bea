import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { RegistrationPage } from '../../features/auth/RegistrationPage.tsx';

/** Query parameters of the sign-up page (spec §7 POST /user/register, §4 Register). */
function optionalText(max: number) {
  return z.catch(z.optional(z.string().check(z.maxLength(max))), undefined);
}

const registrationSearch = z.object({
  rel: optionalText(20),
  src: optionalText(200),
  sscid: optionalText(200),
});

export const Route = createFileRoute('/auth/registration')({
  validateSearch: registrationSearch,
  component: RegistrationRoute,
});

function RegistrationRoute() {
  const { rel, src, sscid } = Route.useSearch();
  return <RegistrationPage rel={rel} src={src} sscid={sscid} />;
}
