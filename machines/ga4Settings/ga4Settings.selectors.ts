import type { SnapshotFrom } from 'xstate';
import { visibleError } from '../form/formDraft.ts';
import type { ga4SettingsMachine } from './ga4Settings.machine.ts';
import { ga4FailureMessage } from './ga4Settings.messages.ts';
import type { Ga4Settings } from './ga4Settings.types.ts';

type Snapshot = SnapshotFrom<typeof ga4SettingsMachine>;

export const isLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const hasFailed = (snapshot: Snapshot) => snapshot.matches('failed');
/** The connection as stored, once loaded (the form's draft aside). */
export const storedSettings = (snapshot: Snapshot) => snapshot.context.settings;
export const isConnected = (snapshot: Snapshot) => snapshot.context.settings?.configured === true;

export const formValues = (snapshot: Snapshot) => snapshot.context.form.values;
export const measurementIdError = (snapshot: Snapshot) => visibleError(snapshot.context.form, 'measurementId');
export const apiSecretError = (snapshot: Snapshot) => visibleError(snapshot.context.form, 'apiSecret');
/** A failure of the last save (a refused id or secret, or any other). */
export const submitFailure = (snapshot: Snapshot) => snapshot.context.failure;

export const isSaving = (snapshot: Snapshot) => snapshot.matches({ ready: 'saving' });
/** The disconnect confirmation is open (asked for, or being sent). */
export const isConfirmingDisconnect = (snapshot: Snapshot) => snapshot.matches({ ready: 'confirmingDisconnect' }) || snapshot.matches({ ready: 'disconnecting' });
/** The disconnect is being sent: the confirm button spins. */
export const isDisconnecting = (snapshot: Snapshot) => snapshot.matches({ ready: 'disconnecting' });
/** A save or a disconnect is being sent, or a disconnect asked for: the form waits. */
export const isBusy = (snapshot: Snapshot) => snapshot.matches('ready') && !snapshot.matches({ ready: 'editing' });

/**
 * The stored secret's last characters, bare: the contract's hint may carry an ellipsis in front
 * (`…Xy9Q`), and the section says "ending in" itself. Null when the hint shows none (the server
 * hides the end of a short secret, which would give most of it away).
 */
export function secretEnding(settings: Ga4Settings): string | null {
  const ending = settings.apiSecretHint?.replace(/^(…|\.\.\.)/, '') ?? '';
  return ending === '' ? null : ending;
}

/** The last failed send's reason, translated from the contract's code (never the server's own text), or null. */
export function lastFailureMessage(settings: Ga4Settings) {
  return settings.lastFailure ? ga4FailureMessage(settings.lastFailure) : null;
}
