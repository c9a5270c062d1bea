import type { SnapshotFrom } from 'xstate';
import { isDraftValid } from '../form/formDraft.ts';
import { isDraftChanged, type settingsCardMachine } from './settingsCard.machine.ts';

type CardSnapshot = SnapshotFrom<typeof settingsCardMachine>;

export function isSubmitting(snapshot: CardSnapshot): boolean {
  return snapshot.matches({ form: 'submitting' });
}

/** spec §4 Settings: Save disabled while submitting, invalid or unchanged. */
export function isSaveDisabled(snapshot: CardSnapshot): boolean {
  return isSubmitting(snapshot) || !isDraftValid(snapshot.context.form) || !isDraftChanged(snapshot.context);
}

/** A save waits for the user's confirmation (SettingsCardInput.asksToConfirm). */
export function isConfirming(snapshot: CardSnapshot): boolean {
  return snapshot.matches({ form: 'confirming' });
}

export function isHelperShown(snapshot: CardSnapshot): boolean {
  return snapshot.matches({ helper: 'shown' });
}
