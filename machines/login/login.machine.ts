import { assign, setup } from 'xstate';
import {
  createDraft,
  draftBlur,
  draftChange,
  draftSubmitAttempt,
  isDraftValid,
  type FormDraft,
  type FormEvent,
} from '../form/formDraft.ts';
import { emptyLogin, loginSchema, type LoginValues } from './login.schema.ts';

/**
 * The login form (spec §2 Login, §5 Login): keeps the draft and, on a valid submit, asks the
 * auth actor to sign in (`requestSignIn`, provided by src). The sign-in workflow itself — 1 s
 * delay, token request, user load, error messages — belongs to the auth machine.
 */
export const loginMachine = setup({
  types: {
    context: {} as { form: FormDraft<LoginValues> },
    events: {} as FormEvent<LoginValues>,
  },
  actions: {
    updateField: assign({ form: draftChange<LoginValues>(loginSchema) }),
    touchField: assign({ form: draftBlur }),
    markSubmitAttempted: assign({ form: draftSubmitAttempt }),
    /** Sends `user.login` with the draft's values to the auth actor (implemented in src). */
    requestSignIn: () => {},
  },
  guards: {
    isFormValid: ({ context }) => isDraftValid(context.form),
  },
}).createMachine({
  id: 'login',
  context: { form: createDraft(loginSchema, emptyLogin) },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.change': { actions: 'updateField' },
        'user.blur': { actions: 'touchField' },
        'user.submit': [
          {
            guard: 'isFormValid',
            actions: 'requestSignIn',
          },
          { actions: 'markSubmitAttempted' },
        ],
      },
    },
  },
});
