import { assertEvent, type EventObject } from 'xstate';
import type * as z from 'zod/mini';
import { validateValues, type FieldErrors } from './validation.ts';

/**
 * The draft of a form as machines keep it in context (ARCHITECTURE.md, "Forms keep their draft
 * and errors in machine context"). `errors` always holds the current validation result; a view
 * shows a field's error once the field was touched or a submit was attempted.
 */
export interface FormDraft<TValues extends object> {
  readonly values: TValues;
  readonly errors: FieldErrors<TValues>;
  readonly touched: Partial<Record<keyof TValues & string, boolean>>;
  readonly submitAttempted: boolean;
}

export function createDraft<TValues extends object>(schema: z.ZodMiniType, values: TValues): FormDraft<TValues> {
  return { values, errors: validateValues(schema, values), touched: {}, submitAttempted: false };
}

/** A value typed into one field. */
export function changeField<TValues extends object>(
  schema: z.ZodMiniType,
  draft: FormDraft<TValues>,
  field: keyof TValues & string,
  value: TValues[keyof TValues],
): FormDraft<TValues> {
  const values = { ...draft.values, [field]: value };
  return { ...draft, values, errors: validateValues(schema, values) };
}

export function touchField<TValues extends object>(draft: FormDraft<TValues>, field: keyof TValues & string): FormDraft<TValues> {
  return draft.touched[field] ? draft : { ...draft, touched: { ...draft.touched, [field]: true } };
}

export function markSubmitAttempted<TValues extends object>(draft: FormDraft<TValues>): FormDraft<TValues> {
  return { ...draft, submitAttempted: true };
}

export function isDraftValid<TValues extends object>(draft: FormDraft<TValues>): boolean {
  return Object.keys(draft.errors).length === 0;
}

/** The error a view shows under a field: only after the field was left or a submit was tried. */
export function visibleError<TValues extends object>(draft: FormDraft<TValues>, field: keyof TValues & string) {
  return draft.touched[field] || draft.submitAttempted ? draft.errors[field] : undefined;
}

/** Events every form machine accepts, named by their sender (the user). */
export type FormEvent<TValues extends object> =
  | { type: 'user.change'; field: keyof TValues & string; value: TValues[keyof TValues] }
  | { type: 'user.blur'; field: keyof TValues & string }
  | { type: 'user.submit' };

/**
 * What an `assign({ form: … })` action of a form machine gets. The event is typed loosely: the
 * helpers only run on the transitions a machine wires to `user.change` and `user.blur`, which
 * XState's `setup` types accept only when the machine's events (FormEvent<TValues>) declare them.
 */
interface DraftArgs<TValues extends object, TContext> {
  context: TContext & { form: FormDraft<TValues> };
  event: EventObject;
}

/**
 * The draft updates every form machine makes on the form events:
 * `updateField: assign({ form: draftChange<Values>(schema) })`, `touchField: assign({ form: draftBlur })`,
 * `markSubmitAttempted: assign({ form: draftSubmitAttempt })`.
 *
 * `user.change`: the value typed, validated against the schema (or the one the context holds).
 */
export function draftChange<TValues extends object, TContext = unknown>(schema: z.ZodMiniType | ((context: TContext) => z.ZodMiniType)) {
  return ({ context, event }: DraftArgs<TValues, TContext>): FormDraft<TValues> => {
    const change = event as FormEvent<TValues>;
    assertEvent(change, 'user.change');
    return changeField(typeof schema === 'function' ? schema(context) : schema, context.form, change.field, change.value);
  };
}

/** `user.blur`: the field was left, so its error may show. */
export function draftBlur<TValues extends object>({ context, event }: DraftArgs<TValues, unknown>): FormDraft<TValues> {
  const blur = event as FormEvent<TValues>;
  assertEvent(blur, 'user.blur');
  return touchField(context.form, blur.field);
}

/** A submit was tried (and refused): every field's error may show. */
export function draftSubmitAttempt<TValues extends object>({ context }: DraftArgs<TValues, unknown>): FormDraft<TValues> {
  return markSubmitAttempted(context.form);
}
