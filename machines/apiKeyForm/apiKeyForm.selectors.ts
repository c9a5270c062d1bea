import type { SnapshotFrom } from 'xstate';
import { currentPasswordError as passwordMessage } from '../form/currentPassword.ts';
import { visibleError } from '../form/formDraft.ts';
import type { apiKeyFormMachine } from './apiKeyForm.machine.ts';

type Snapshot = SnapshotFrom<typeof apiKeyFormMachine>;

export const formValues = (snapshot: Snapshot) => snapshot.context.form.values;
export const isCreating = (snapshot: Snapshot) => snapshot.matches('creating');
/** The key just created, while it is shown (once), else null. */
export const shownKey = (snapshot: Snapshot) => (snapshot.matches('keyShown') ? (snapshot.context.created?.key ?? null) : null);
/** The key just created (its name, scope…), while it is shown. */
export const createdKey = (snapshot: Snapshot) => (snapshot.matches('keyShown') ? snapshot.context.created : null);
export const isCopying = (snapshot: Snapshot) => snapshot.matches({ keyShown: 'copying' });
export const isCopied = (snapshot: Snapshot) => snapshot.matches({ keyShown: 'copied' });
export const hasCopyFailed = (snapshot: Snapshot) => snapshot.matches({ keyShown: 'copyFailed' });

export const nameError = (snapshot: Snapshot) => visibleError(snapshot.context.form, 'name');
/** The current password's message: its own rule's, else "wrong" from the server until it changes. */
export const currentPasswordError = (snapshot: Snapshot) => passwordMessage(visibleError(snapshot.context.form, 'currentPassword'), snapshot.context.passwordRefused);
/** A failure of the last submit (too many password checks, a full list, or any other); a wrong password is the field's. */
export const submitFailure = (snapshot: Snapshot) => snapshot.context.failure;
