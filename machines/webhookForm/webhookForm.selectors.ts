import type { SnapshotFrom } from 'xstate';
import { visibleError } from '../form/formDraft.ts';
import type { webhookFormMachine } from './webhookForm.machine.ts';
import { webhookFormMessages } from './webhookForm.messages.ts';

type Snapshot = SnapshotFrom<typeof webhookFormMachine>;

export const isCreating = (snapshot: Snapshot) => snapshot.matches('creating');
/** The secret of the endpoint just created, while it is shown (once), else null. */
export const shownSecret = (snapshot: Snapshot) => (snapshot.matches('secretShown') ? (snapshot.context.created?.secret ?? null) : null);
/** The endpoint just created, while its secret is shown. */
export const createdEndpoint = (snapshot: Snapshot) => (snapshot.matches('secretShown') ? snapshot.context.created : null);
export const isCopying = (snapshot: Snapshot) => snapshot.matches({ secretShown: 'copying' });
export const isCopied = (snapshot: Snapshot) => snapshot.matches({ secretShown: 'copied' });
export const hasCopyFailed = (snapshot: Snapshot) => snapshot.matches({ secretShown: 'copyFailed' });

/** The URL field's message: its own rule's, else the server's reason for refusing it (a string, in English). */
export function urlError(snapshot: Snapshot) {
  const own = visibleError(snapshot.context.form, 'url');
  if (own) return { message: own, text: null };
  const { refusal } = snapshot.context;
  if (refusal === null) return null;
  return refusal === '' ? { message: webhookFormMessages.urlRefused, text: null } : { message: null, text: refusal };
}
export const eventsError = (snapshot: Snapshot) => visibleError(snapshot.context.form, 'events');
/** A failure of the last submit (a full list, or anything but a refused address). */
export const submitFailure = (snapshot: Snapshot) => snapshot.context.failure;
