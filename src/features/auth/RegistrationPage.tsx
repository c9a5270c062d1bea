import { Box } from '@chakra-ui/react/box';
import { Button } from '../../ui/Button.tsx';
import { Stack } from '@chakra-ui/react/stack';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { isDraftValid, visibleError } from '../../../machines/form/formDraft.ts';
import type { RegistrationValues } from '../../../machines/registration/registration.schema.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { ExternalLink } from '../../ui/ExternalLink.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { Notice } from '../../ui/Notice.tsx';
import { PhoneInput } from '../../ui/PhoneInput.tsx';
import { policyLinks } from '../../lib/policyLinks.ts';
import { TextField } from '../../ui/TextField.tsx';
import { AuthHeading } from './AuthHeading.tsx';
import { provideRegistrationMachine } from './registration.actors.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';

export interface RegistrationPageProps {
  /** Query `rel`: which thank-you page follows (ty, ty2, else the main one). */
  rel?: string;
  /** Query `src`, sent as leadSource. */
  src?: string;
  /** Query `sscid`. */
  sscid?: string;
}

/** The browser's guess of the user's time zone (spec §7: timezone guessed from the browser). */
function guessTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** spec §2 Register: Full Name, Email, Phone Number, Password, Confirm Password, terms, Submit, Cancel. */
export function RegistrationPage({ rel, src, sscid }: RegistrationPageProps) {
  const { t, i18n } = useLingui();
  const { auth } = useRootActors();
  const router = useRouter();
  const [input] = useState(() => ({ rel, leadSource: src, sscid, timezone: guessTimezone() }));
  const form = useInspectedActorRef(provideRegistrationMachine(auth, router), { input });
  const draft = useSelector(form, (snapshot) => snapshot.context.form);
  const failure = useSelector(form, (snapshot) => snapshot.context.error);
  const busy = useSelector(form, (snapshot) => snapshot.matches('checkingBot') || snapshot.matches('submitting'));

  const change = (field: keyof RegistrationValues) => (value: string | boolean) => form.send({ type: 'user.change', field, value });
  const blur = (field: keyof RegistrationValues) => () => form.send({ type: 'user.blur', field });
  const errorOf = (field: keyof RegistrationValues) => messageText(i18n, visibleError(draft, field));
  const termsError = errorOf('acceptTerms');

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'user.submit' });
      }}
    >
      <AuthHeading title={<Trans>Sign Up</Trans>} subtitle={<Trans>Enter your details to create your account</Trans>} />
      <Stack gap="4">
        {failure ? <Notice status="error">{messageText(i18n, failure)}</Notice> : null}
        <TextField
          label={t`Full Name`}
          name="fullname"
          autoComplete="name"
          value={draft.values.fullname}
          error={errorOf('fullname')}
          onChange={change('fullname')}
          onBlur={blur('fullname')}
        />
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="email"
          value={draft.values.email}
          error={errorOf('email')}
          onChange={change('email')}
          onBlur={blur('email')}
        />
        <PhoneInput
          label={t`Phone Number`}
          countryLabel={t`Country`}
          name="phone"
          value={draft.values.phone}
          error={errorOf('phone')}
          onChange={change('phone')}
          onBlur={blur('phone')}
          locale={i18n.locale}
        />
        <TextField
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="new-password"
          value={draft.values.password}
          error={errorOf('password')}
          onChange={change('password')}
          onBlur={blur('password')}
        />
        <TextField
          label={t`Confirm Password`}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={draft.values.confirmPassword}
          error={errorOf('confirmPassword')}
          onChange={change('confirmPassword')}
          onBlur={blur('confirmPassword')}
        />
        <CheckboxField
          name="acceptTerms"
          checked={draft.values.acceptTerms}
          error={termsError}
          onChange={(checked) => {
            change('acceptTerms')(checked);
            blur('acceptTerms')();
          }}
        >
          <Trans>
            I agree to the <ExternalLink href={policyLinks.terms}>terms and conditions</ExternalLink> and the{' '}
            <ExternalLink href={policyLinks.privacy}>privacy policy</ExternalLink>
          </Trans>
        </CheckboxField>
        <Box display="flex" justifyContent="center" gap="3">
          <Button type="submit" colorPalette="blue" loading={busy} disabled={!isDraftValid(draft)}>
            <Trans>Submit</Trans>
          </Button>
          <Button type="button" variant="outline" onClick={() => form.send({ type: 'user.cancel' })} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
