import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import { visibleError } from '../../../machines/form/formDraft.ts';
import { recordingSettingsLabels, recordingSettingsMessages } from '../../../machines/recordingSettings/recordingSettings.messages.ts';
import { recordingSettingsSchema } from '../../../machines/recordingSettings/recordingSettings.schema.ts';
import type { ApiClient } from '../../api/client.ts';
import { messageText } from '../../i18n/messageText.ts';
import { TextField } from '../../ui/TextField.tsx';
import { LoadedSettingsCard } from './LoadedSettingsCard.tsx';
import { loadRecordingSettings, saveRecordingSettings } from './recordingSettings.actors.ts';
import { SettingsCard } from './SettingsCard.tsx';

/**
 * Call recordings (issue 18): how many days the client's call recordings are kept; older ones
 * are deleted, at the telephony provider too. Loaded by a `settingsResource` machine; a settings
 * card edits and saves the period.
 */
export function RecordingSettingsCard({ api }: { api: ApiClient }) {
  const { t, i18n } = useLingui();
  return (
    <LoadedSettingsCard title={t`Call recordings`} load={() => loadRecordingSettings(api)} loadFailed={recordingSettingsMessages.loadFailed}>
      {(settings, reload) => (
        <SettingsCard
          title={t`Call recordings`}
          input={{ schema: recordingSettingsSchema, values: { retentionDays: String(settings.retentionDays) } }}
          wiring={{
            save: (values) => saveRecordingSettings(api, values),
            saved: { type: 'success', message: recordingSettingsMessages.saved },
            failed: recordingSettingsMessages.saveFailed,
            reloadProfile: reload,
          }}
          confirm={{
            // A shorter period deletes the recordings past it: asked first, naming the new period.
            asks: (saved, values) => Number(values.retentionDays) < Number(saved.retentionDays),
            title: t`Delete older recordings?`,
            text: (values) => {
              const days = values.retentionDays ?? '';
              return t`Recordings of calls older than ${days} days will be deleted within the hour, at the telephony provider too. This action is irreversible.`;
            },
          }}
        >
          {({ draft, busy, change, blur }) => (
            <>
              <Text color="gray.700" fontSize="sm">
                <Trans>Recordings of calls older than this are deleted within the hour, at the telephony provider too.</Trans>
              </Text>
              <TextField
                label={i18n._(recordingSettingsLabels.retentionDays)}
                name="retentionDays"
                value={draft.values.retentionDays ?? ''}
                error={messageText(i18n, visibleError(draft, 'retentionDays'))}
                onChange={change('retentionDays')}
                onBlur={blur('retentionDays')}
                disabled={busy}
              />
            </>
          )}
        </SettingsCard>
      )}
    </LoadedSettingsCard>
  );
}
