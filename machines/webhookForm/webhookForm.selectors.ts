import type { SnapshotFrom } from 'xstate';
import { currentPasswordError as passwordMessage } from '../form/currentPassword.ts';
import { visibleError } from '../form/formDraft.ts';
import type { webhookFormMachine } from './webhookForm.machine.ts';

type Snapshot = SnapshotFrom<typeof webhookFormMachine>;

export const isCreating = (snapshot: Snapshot) => snapshot.matches('creating');
/** The secret of the endpoint just created, while it is shown (once), else null. */
export const shownSecret = (snapshot: Snapshot) => (snapshot.matches('secretShown') ? (snapshot.context.created?.secret ?? null) : null);
/** The endpoint just created, while its secret is shown. */
export const createdEndpoint = (snapshot: Snapshot) => (snapshot.matches('secretShown') ? snapshot.context.created : null);
export const isCopying = (snapshot: Snapshot) => snapshot.matches({ secretShown: 'copying' });
export const isCopied = (snapshot: Snapshot) => snapshot.matches({ secretShown: 'copied' });
export const hasCopyFailed = (snapshot: Snapshot) => snapshot.matches({ secretShown: 'copyFailed' });

/** The URL field's message: its own rule's, else the server's reason for refusing the address. */
export const urlError = (snapshot: Snapshot) => visibleError(snapshot.context.form, 'url') ?? snapshot.context.refusal ?? undefined;
export const eventsError = (snapshot: Snapshot) => visibleError(snapshot.context.form, 'events');
/** The current password's message: its own rule's, else "wrong" from the server until it changes. */
export const currentPasswordError = (snapshot: Snapshot) => passwordMessage(visibleError(snapshot.context.form, 'currentPassword'), snapshot.context.passwordRefused);
/** A failure of the last submit (too many password checks, a full list, or anything but a refused address or password). */
export const submitFailure = (snapshot: Snapshot) => snapshot.context.failure;
