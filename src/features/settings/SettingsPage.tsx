import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { visibleError, type FormDraft } from '../../../machines/form/formDraft.ts';
import type { CardValues } from '../../../machines/settings/settingsCard.machine.ts';
import type { SettingsProfile } from '../../../machines/settings/settings.machine.ts';
import { emailChangeFailure, passwordChangeFailure, settingsMessages, twilioChangeFailure } from '../../../machines/settings/settings.messages.ts';
import {
  accountDetailsSchema,
  changeEmailSchema,
  changePasswordSchema,
  twilioNumberSchema,
} from '../../../machines/settings/settings.schema.ts';
import type { ApiClient } from '../../api/client.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { Notice } from '../../ui/Notice.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { changePassword, provideSettingsMachine, updateUser } from './settings.actors.ts';
import { SettingsCard } from './SettingsCard.tsx';
import { BlockListCard } from './BlockListCard.tsx';
import { CallLimitsCard } from './CallLimitsCard.tsx';
import { CallDestinationsCard } from './CallDestinationsCard.tsx';
import { RecordingSettingsCard } from './RecordingSettingsCard.tsx';
import { TimeZoneField } from './TimeZoneField.tsx';
import { TwilioNumberField, type TwilioNumber } from './TwilioNumberField.tsx';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';

/** spec §2 Settings: Account Settings with four cards, and the block list (issue 7). */
export function SettingsPage() {
  const { i18n } = useLingui();
  const { api, auth, startup } = useRootActors();
  const page = useInspectedActorRef(provideSettingsMachine(api));
  const profile = useSelector(page, (snapshot) => snapshot.context.profile);
  const failure = useSelector(page, (snapshot) => snapshot.context.error);
  const failed = useSelector(page, (snapshot) => snapshot.matches('failed'));
  const numbers = useSelector(
    startup,
    (snapshot) => ((snapshot.context.metadata?.twilioNumbers as TwilioNumber[] | undefined) ?? []),
  );
  // spec §4 Settings: the profile is reloaded after a save; the session's user too (top bar).
  const reloadProfile = () => {
    page.send({ type: 'profile.reload' });
    auth.send({ type: 'user.reload' });
  };

  return (
    <Box as="section">
      <Heading as="h1" size="xl" color="gray.900" mb="6">
        <Trans>Account Settings</Trans>
      </Heading>
      {failed && !profile ? (
        <Box display="flex" gap="3" alignItems="center">
          <Notice status="error">{messageText(i18n, failure)}</Notice>
          <Button size="sm" onClick={() => page.send({ type: 'user.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </Box>
      ) : profile ? (
        <SettingsCards api={api} profile={profile} numbers={numbers} reloadProfile={reloadProfile} />
      ) : (
        <LoadingStatus py="16" />
      )}
    </Box>
  );
}

function SettingsCards({
  api,
  profile,
  numbers,
  reloadProfile,
}: {
  api: ApiClient;
  profile: SettingsProfile;
  numbers: TwilioNumber[];
  reloadProfile: () => void;
}) {
  const { t, i18n } = useLingui();
  const pendingEmail = profile.pendingEmail;
  const error = (draft: FormDraft<CardValues>, field: string) => messageText(i18n, visibleError(draft, field));
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
      <SettingsCard
        title={t`Account Details`}
        input={{ schema: accountDetailsSchema, values: { name: profile.name, timezone: profile.timezone } }}
        wiring={{
          save: ({ name = '', timezone = '' }) => updateUser(api, { name: name.trim(), timezone }),
          saved: { type: 'success', message: settingsMessages.detailsSaved },
          failed: settingsMessages.detailsFailed,
          reloadProfile,
        }}
      >
        {({ draft, busy, change, blur }) => (
          <>
            <TextField
              label={t`Full Name`}
              name="name"
              autoComplete="name"
              value={draft.values.name ?? ''}
              error={error(draft, 'name')}
              onChange={change('name')}
              onBlur={blur('name')}
              disabled={busy}
            />
            <TimeZoneField
              value={draft.values.timezone ?? ''}
              error={error(draft, 'timezone')}
              onChange={change('timezone')}
              disabled={busy}
            />
          </>
        )}
      </SettingsCard>

      <SettingsCard
        title={t`Change Email`}
        input={{ schema: changeEmailSchema, values: { email: profile.email, currentPassword: '' }, clearAfterSave: ['currentPassword'] }}
        helper={settingsMessages.emailHelper}
        wiring={{
          save: ({ email = '', currentPassword = '' }) => updateUser(api, { email: email.trim().toLowerCase(), currentPassword }),
          saved: { type: 'info', message: settingsMessages.emailSent },
          failed: emailChangeFailure,
          reloadProfile,
        }}
      >
        {({ draft, busy, change, blur }) => (
          <>
            <TextField
              label={t`Email`}
              name="email"
              type="email"
              autoComplete="email"
              value={draft.values.email ?? ''}
              error={error(draft, 'email')}
              onChange={change('email')}
              onBlur={blur('email')}
              disabled={busy}
            />
            <TextField
              label={t`Current Password`}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={draft.values.currentPassword ?? ''}
              error={error(draft, 'currentPassword')}
              onChange={change('currentPassword')}
              onBlur={blur('currentPassword')}
              disabled={busy}
            />
            {pendingEmail ? (
              <Text fontSize="sm" color="gray.700">
                <Trans>Waiting for verification: {pendingEmail}</Trans>
              </Text>
            ) : null}
          </>
        )}
      </SettingsCard>

      <SettingsCard
        title={t`Change Password`}
        input={{
          schema: changePasswordSchema,
          values: { currentPassword: '', newPassword: '', confirmPassword: '' },
          clearAfterSave: true,
        }}
        wiring={{
          save: ({ currentPassword = '', newPassword = '' }) => changePassword(api, currentPassword, newPassword),
          saved: { type: 'success', message: settingsMessages.passwordChanged },
          failed: passwordChangeFailure,
          reloadProfile,
        }}
      >
        {({ draft, busy, change, blur }) => (
          <>
            {(
              [
                ['currentPassword', t`Current Password`, 'current-password'],
                ['newPassword', t`New Password`, 'new-password'],
                ['confirmPassword', t`Confirm Password`, 'new-password'],
              ] as const
            ).map(([field, label, autoComplete]) => (
              <TextField
                key={field}
                label={label}
                name={field}
                type="password"
                autoComplete={autoComplete}
                value={draft.values[field] ?? ''}
                error={error(draft, field)}
                onChange={change(field)}
                onBlur={blur(field)}
                disabled={busy}
              />
            ))}
          </>
        )}
      </SettingsCard>

      <SettingsCard
        title={t`Change Twilio Number`}
        input={{
          schema: twilioNumberSchema,
          values: { twilioNumberId: profile.twilioNumberId === null ? '' : String(profile.twilioNumberId) },
        }}
        wiring={{
          save: ({ twilioNumberId = '' }) => updateUser(api, { twilioNumberId: Number(twilioNumberId) }),
          saved: { type: 'success', message: settingsMessages.twilioChanged },
          failed: twilioChangeFailure,
          reloadProfile,
        }}
      >
        {({ draft, busy, change }) => (
          <TwilioNumberField
            numbers={numbers}
            value={draft.values.twilioNumberId ?? ''}
            error={error(draft, 'twilioNumberId')}
            onChange={change('twilioNumberId')}
            disabled={busy}
          />
        )}
      </SettingsCard>

      <CallLimitsCard api={api} />
      <BlockListCard api={api} />
      <CallDestinationsCard api={api} />
      <RecordingSettingsCard api={api} />
    </SimpleGrid>
  );
}
