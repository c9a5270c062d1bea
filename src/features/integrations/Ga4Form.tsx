import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ga4SettingsMachine } from '../../../machines/ga4Settings/ga4Settings.machine.ts';
import { ga4SettingsLabels } from '../../../machines/ga4Settings/ga4Settings.messages.ts';
import {
  apiSecretError,
  formValues,
  isBusy,
  isConfirmingDisconnect,
  isConnected,
  isDisconnecting,
  isSaving,
  measurementIdError,
  storedSettings,
  submitFailure,
} from '../../../machines/ga4Settings/ga4Settings.selectors.ts';
import { messageText } from '../../i18n/messageText.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { SwitchField } from '../../ui/SwitchField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFocusBack } from './useFocusBack.ts';

type Ga4Actor = ActorRefFrom<typeof ga4SettingsMachine>;

/** The connection's form: measurement id, API secret (optional once one is stored), the switch; Save, and Disconnect with its confirmation. */
export function Ga4Form({ ga4 }: { ga4: Ga4Actor }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const values = useSelector(ga4, formValues);
  const connected = useSelector(ga4, isConnected);
  const measurementId = useSelector(ga4, (snapshot) => storedSettings(snapshot)?.measurementId ?? '');
  const saving = useSelector(ga4, isSaving);
  const busy = useSelector(ga4, isBusy);
  const confirming = useSelector(ga4, isConfirmingDisconnect);
  const disconnecting = useSelector(ga4, isDisconnecting);
  const idError = messageText(i18n, useSelector(ga4, measurementIdError));
  const secretError = messageText(i18n, useSelector(ga4, apiSecretError));
  const failure = messageText(i18n, useSelector(ga4, submitFailure));
  // The fields and the button are disabled while saving, which drops focus: it goes back to the button.
  const [submitRef, submitPressed] = useFocusBack<HTMLButtonElement>(saving);
  // A disconnect takes its button with it: focus then goes to the form's heading rather than to the page.
  const focusAfterDialog = () => (isConnected(ga4.getSnapshot()) ? null : heading.current);
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        ga4.send({ type: 'user.submit' });
      }}
    >
      <Heading as="h3" id={headingId} ref={heading} tabIndex={-1} size="sm" mb="3" color="gray.900">
        {connected ? <Trans>Change the connection</Trans> : <Trans>Connect Google Analytics 4</Trans>}
      </Heading>
      <Stack gap="4" maxW="3xl">
        <TextField
          label={i18n._(ga4SettingsLabels.measurementId)}
          name="measurementId"
          autoComplete="off"
          required
          value={values.measurementId}
          error={idError}
          onChange={(value) => ga4.send({ type: 'user.change', field: 'measurementId', value })}
          onBlur={() => ga4.send({ type: 'user.blur', field: 'measurementId' })}
          disabled={busy}
        />
        <TextField
          label={i18n._(ga4SettingsLabels.apiSecret)}
          name="apiSecret"
          type="password"
          // Not "off", which browsers ignore on password fields: the dashboard's own saved password must not be filled in here.
          autoComplete="new-password"
          required={!connected}
          hint={connected ? t`Leave empty to keep the current secret.` : undefined}
          value={values.apiSecret}
          error={secretError}
          onChange={(value) => ga4.send({ type: 'user.change', field: 'apiSecret', value })}
          onBlur={() => ga4.send({ type: 'user.blur', field: 'apiSecret' })}
          disabled={busy}
        />
        <SwitchField
          name="isActive"
          checked={values.isActive}
          disabled={busy}
          onChange={(isActive) => ga4.send({ type: 'user.toggleActive', isActive })}
          description={t`Off: nothing is sent, and the connection is kept.`}
        >
          <Trans>Send call outcomes</Trans>
        </SwitchField>
        {failure ? <Notice status="error">{failure}</Notice> : null}
        <Box display="flex" flexWrap="wrap" gap="3">
          <Button ref={submitRef} type="submit" loading={saving} disabled={busy && !saving} onClick={submitPressed}>
            <Trans>Save</Trans>
          </Button>
          {connected ? (
            <Button variant="outline" colorPalette="red" disabled={busy} onClick={() => ga4.send({ type: 'user.requestDisconnect' })}>
              <Trans>Disconnect</Trans>
            </Button>
          ) : null}
        </Box>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t`Disconnect Google Analytics 4?`}
        text={t`Call outcomes are no longer sent to ${measurementId}, and the events waiting to be sent are dropped. This action is irreversible.`}
        busy={disconnecting}
        onConfirm={() => ga4.send({ type: 'user.confirmDisconnect' })}
        onCancel={() => ga4.send({ type: 'user.cancelDisconnect' })}
        finalFocus={focusAfterDialog}
      />
    </form>
  );
}
