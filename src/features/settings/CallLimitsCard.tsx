import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormDraft } from '../../../machines/form/formDraft.ts';
import { visibleError } from '../../../machines/form/formDraft.ts';
import { callLimitsLabels, callLimitsMessages } from '../../../machines/callLimits/callLimits.messages.ts';
import { callLimitsSchema } from '../../../machines/callLimits/callLimits.schema.ts';
import type { CardValues } from '../../../machines/settings/settingsCard.machine.ts';
import type { ApiClient } from '../../api/client.ts';
import { messageText } from '../../i18n/messageText.ts';
import { TextField } from '../../ui/TextField.tsx';
import { loadCallLimits, saveCallLimits } from './callLimits.actors.ts';
import { LoadedSettingsCard } from './LoadedSettingsCard.tsx';
import { SettingsCard } from './SettingsCard.tsx';

/**
 * Call Request Limits (issue 15): how many call and callback requests the client's widgets take
 * from all visitors together, per widget in 10 minutes and for the account in an hour. Loaded by
 * a `settingsResource` machine; a settings card edits and saves them.
 */
export function CallLimitsCard({ api }: { api: ApiClient }) {
  const { t, i18n } = useLingui();
  const error = (draft: FormDraft<CardValues>, field: string) => messageText(i18n, visibleError(draft, field));
  return (
    <LoadedSettingsCard title={t`Call Request Limits`} load={() => loadCallLimits(api)} loadFailed={callLimitsMessages.loadFailed}>
      {(limits, reload) => (
        <SettingsCard
          title={t`Call Request Limits`}
          input={{ schema: callLimitsSchema, values: { perWidget: String(limits.perWidget), perAccount: String(limits.perAccount) } }}
          wiring={{
            save: (values) => saveCallLimits(api, values),
            saved: { type: 'success', message: callLimitsMessages.saved },
            failed: callLimitsMessages.saveFailed,
            reloadProfile: reload,
          }}
        >
          {({ draft, busy, change, blur }) => (
            <>
              <Text color="gray.700" fontSize="sm">
                <Trans>
                  Call and callback requests your widgets take from all visitors together. Beyond these, visitors are asked to try again later and you get an email, so nobody can spend your credits faster than you allow.
                </Trans>
              </Text>
              <TextField
                label={i18n._(callLimitsLabels.perWidget)}
                name="perWidget"
                value={draft.values.perWidget ?? ''}
                error={error(draft, 'perWidget')}
                onChange={change('perWidget')}
                onBlur={blur('perWidget')}
                disabled={busy}
              />
              <TextField
                label={i18n._(callLimitsLabels.perAccount)}
                name="perAccount"
                value={draft.values.perAccount ?? ''}
                error={error(draft, 'perAccount')}
                onChange={change('perAccount')}
                onBlur={blur('perAccount')}
                disabled={busy}
              />
            </>
          )}
        </SettingsCard>
      )}
    </LoadedSettingsCard>
  );
}
