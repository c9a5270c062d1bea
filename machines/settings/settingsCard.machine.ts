import { and, assign, fromPromise, raise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type * as z from 'zod/mini';
import {
  createDraft,
  draftBlur,
  draftChange,
  draftSubmitAttempt,
  isDraftValid,
  type FormDraft,
  type FormEvent,
} from '../form/formDraft.ts';
import { notProvided } from '../shared/notProvided.ts';
import { timing } from '../shared/timing.ts';

export type CardValues = Record<string, string>;

export interface SettingsCardInput {
  schema: z.ZodMiniType;
  /** The saved values (from the profile): Save stays disabled until the draft differs. */
  values: CardValues;
  /**
   * Fields that empty after a save instead of keeping what was sent: `true` for all (password
   * change), or a list (the password next to a new e-mail address).
   */
  clearAfterSave?: boolean | readonly string[];
  /**
   * Whether saving these values asks for a confirmation first (a save that deletes something,
   * such as a shorter retention of recordings); never, when left out.
   */
  asksToConfirm?: (saved: CardValues, values: CardValues) => boolean;
}

export interface SettingsCardContext {
  schema: z.ZodMiniType;
  saved: CardValues;
  clearAfterSave: boolean | readonly string[];
  asksToConfirm: (saved: CardValues, values: CardValues) => boolean;
  form: FormDraft<CardValues>;
}

export type SettingsCardEvent =
  | FormEvent<CardValues>
  /** The answers to the confirmation a save asks for (asksToConfirm). */
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  /** Raised by the card itself after a save: shows the helper for 5 s. */
  | { type: 'card.saved' }
  | DoneActorEvent<void, 'settingsUpdate'>
  | ErrorActorEvent<unknown, 'settingsUpdate'>;

function initialContext({ input }: { input: SettingsCardInput }): SettingsCardContext {
  return {
    schema: input.schema,
    saved: input.values,
    clearAfterSave: input.clearAfterSave ?? false,
    asksToConfirm: input.asksToConfirm ?? (() => false),
    form: createDraft(input.schema, input.values),
  };
}

/** True when some field differs from the saved values (spec §5: "Save disabled when unchanged"). */
export function isDraftChanged(context: Pick<SettingsCardContext, 'form' | 'saved'>): boolean {
  return Object.entries(context.form.values).some(([field, value]) => value !== context.saved[field]);
}

/**
 * One card of Account Settings (spec §2 Settings, §4 Settings, §5): Account Details, Change
 * Email, Change Password or Change Twilio Number. Save is disabled while submitting, invalid or
 * unchanged; after a save the profile is reloaded and a toast shown (both provided by src/), and
 * a helper shows for 5 s (the e-mail card's "Link has been sent to your email address."). A save
 * that deletes something first asks for a confirmation (asksToConfirm).
 */
export const settingsCardMachine = setup({
  types: {
    context: {} as SettingsCardContext,
    events: {} as SettingsCardEvent,
    input: {} as SettingsCardInput,
  },
  actors: {
    /** PATCH /user or PATCH /user/password with the draft's values. */
    settingsUpdate: fromPromise<void, CardValues>(notProvided),
  },
  actions: {
    updateField: assign({ form: draftChange<CardValues, SettingsCardContext>((context) => context.schema) }),
    touchField: assign({ form: draftBlur }),
    markSubmitAttempted: assign({ form: draftSubmitAttempt }),
    storeSaved: assign(({ context }) => {
      const { clearAfterSave } = context;
      const cleared = (field: string) => clearAfterSave === true || (Array.isArray(clearAfterSave) && clearAfterSave.includes(field));
      const kept = Object.fromEntries(Object.entries(context.form.values).map(([field, value]) => [field, cleared(field) ? '' : value]));
      return { saved: kept, form: createDraft(context.schema, kept) };
    }),
    raiseSaved: raise({ type: 'card.saved' }),
    /** Reloads the profile (src: the session's user and the page's profile). */
    reloadProfile: () => {},
    /** The card's success toast (src). */
    notifySaved: () => {},
    /** The card's failure toast (src); server detail is never shown (spec §8). */
    notifyFailed: () => {},
  },
  guards: {
    canSubmit: ({ context }) => isDraftValid(context.form) && isDraftChanged(context),
    mustConfirm: ({ context }) => context.asksToConfirm(context.saved, context.form.values),
  },
  delays: {
    helperDuration: timing.emailHelper,
  },
}).createMachine({
  id: 'settingsCard',
  context: initialContext,
  type: 'parallel',
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.change': { actions: 'updateField' },
            'user.blur': { actions: 'touchField' },
            'user.submit': [
              { guard: and(['canSubmit', 'mustConfirm']), target: 'confirming' },
              { guard: 'canSubmit', target: 'submitting' },
              { actions: 'markSubmitAttempted' },
            ],
          },
        },
        confirming: {
          on: {
            'user.confirm': 'submitting',
            'user.cancel': 'editing',
          },
        },
        submitting: {
          invoke: {
            id: 'settingsUpdate',
            src: 'settingsUpdate',
            input: ({ context }) => context.form.values,
            onDone: { target: 'editing', actions: ['storeSaved', 'reloadProfile', 'notifySaved', 'raiseSaved'] },
            onError: { target: 'editing', actions: 'notifyFailed' },
          },
        },
      },
    },
    helper: {
      initial: 'hidden',
      states: {
        hidden: {
          on: { 'card.saved': 'shown' },
        },
        shown: {
          on: { 'card.saved': { target: 'shown', reenter: true } },
          after: { helperDuration: 'hidden' },
        },
      },
    },
  },
});
