import { Stack } from '@chakra-ui/react/stack';
import { useLingui } from '@lingui/react/macro';
import { PhoneInput } from '../../../ui/PhoneInput.tsx';
import { SwitchField } from '../../../ui/SwitchField.tsx';
import { DraftField, DraftTextField, errorAt, FormSection } from './fields.tsx';
import type { SectionProps } from './generalStep.types.ts';

/** Who is told of calls (e-mail, text message), each behind its switch (spec §3 notifications). */
export function NotificationsSection({ draft, errors, onChange }: SectionProps) {
  const { t, i18n } = useLingui();
  const { email, phoneNumber } = draft.notifications;
  return (
    <FormSection title={t`Notifications`}>
      <Stack gap="2">
        <DraftField path="notifications.email.isActive">
          <SwitchField name="notifications.email.isActive" checked={email.isActive} onChange={(on) => onChange('notifications.email.isActive', on)}>
            {t`Notify me by e-mail`}
          </SwitchField>
        </DraftField>
        {email.isActive ? (
          <DraftTextField path="notifications.email.value" label={t`Email`} type="email" autoComplete="email" value={email.value} errors={errors} onChange={onChange} />
        ) : null}
      </Stack>
      <Stack gap="2">
        <DraftField path="notifications.phoneNumber.isActive">
          <SwitchField name="notifications.phoneNumber.isActive" checked={phoneNumber.isActive} onChange={(on) => onChange('notifications.phoneNumber.isActive', on)}>
            {t`Notify me by text message`}
          </SwitchField>
        </DraftField>
        {phoneNumber.isActive ? (
          <DraftField path="notifications.phoneNumber.value">
            <PhoneInput
              label={t`Phone Number`}
              countryLabel={t`Country`}
              name="notifications.phoneNumber.value"
              value={phoneNumber.value}
              onChange={(value) => onChange('notifications.phoneNumber.value', value)}
              error={errorAt(i18n, errors, 'notifications.phoneNumber.value')}
              locale={i18n.locale}
            />
          </DraftField>
        ) : null}
      </Stack>
    </FormSection>
  );
}

/** Pages the visitor is sent to after a Call now or a Schedule request, each behind its switch. */
export function RedirectionsSection({ draft, errors, onChange }: SectionProps) {
  const { t } = useLingui();
  const { callNow, scheduleCall } = draft.settings.settings.redirections;
  const base = 'settings.settings.redirections';
  return (
    <FormSection title={t`Redirection`}>
      <Stack gap="2">
        <DraftField path={`${base}.callNow.isActive`}>
          <SwitchField name={`${base}.callNow.isActive`} checked={callNow.isActive} onChange={(on) => onChange(`${base}.callNow.isActive`, on)}>
            {t`Redirect after Call now`}
          </SwitchField>
        </DraftField>
        {callNow.isActive ? (
          <DraftTextField path={`${base}.callNow.value`} label={t`Call now redirect URL`} type="url" placeholder="https://" value={callNow.value} errors={errors} onChange={onChange} />
        ) : null}
      </Stack>
      <Stack gap="2">
        <DraftField path={`${base}.scheduleCall.isActive`}>
          <SwitchField name={`${base}.scheduleCall.isActive`} checked={scheduleCall.isActive} onChange={(on) => onChange(`${base}.scheduleCall.isActive`, on)}>
            {t`Redirect after scheduling a call`}
          </SwitchField>
        </DraftField>
        {scheduleCall.isActive ? (
          <DraftTextField
            path={`${base}.scheduleCall.value`}
            label={t`Schedule redirect URL`}
            type="url"
            placeholder="https://"
            value={scheduleCall.value}
            errors={errors}
            onChange={onChange}
          />
        ) : null}
      </Stack>
    </FormSection>
  );
}
