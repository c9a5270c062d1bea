import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type * as z from 'zod/mini';
import { isMessageDescriptor } from '../shared/messages.ts';

/**
 * Keys the zod schemas put in their issues. Schemas stay plain zod; `issueMessage` turns a key
 * plus the issue's numbers into the spec's translatable message (spec §5, shared messages).
 */
export const rule = {
  required: 'required',
  minLength: 'minLength',
  maxLength: 'maxLength',
  email: 'email',
  phone: 'phone',
  acceptTerms: 'acceptTerms',
  passwordsMatch: 'passwordsMatch',
} as const;

export type RuleKey = (typeof rule)[keyof typeof rule];


function lengthMessage(kind: 'min' | 'max', n: number): MessageDescriptor {
  return kind === 'min' ? msg`Minimum field length ${n}` : msg`Maximum field length ${n}`;
}

const fixedMessages: Record<Exclude<RuleKey, 'minLength' | 'maxLength'>, MessageDescriptor> = {
  required: msg`Required field`,
  email: msg`Wrong email format`,
  phone: msg`Wrong phone number format`,
  acceptTerms: msg`Accepting terms & conditions is required.`,
  passwordsMatch: msg`Password and Confirm Password didn't match`,
};

/** spec §5 shared "{field} is required.": an empty field, named by its label. */
export function fieldRequired(label: MessageDescriptor): MessageDescriptor {
  const field = '';
  return { ...msg`${field} is required.`, values: { field: label } };
}

/** spec §5 shared "{field} is not valid.": a field whose value breaks its rule, named by its label. */
export function fieldInvalid(label: MessageDescriptor): MessageDescriptor {
  const field = '';
  return { ...msg`${field} is not valid.`, values: { field: label } };
}

/** spec §5 shared "Lower than \"{field}\"": a number that must not pass another field's. */
export function lowerThanField(label: MessageDescriptor): MessageDescriptor {
  const field = '';
  return { ...msg`Lower than "${field}"`, values: { field: label } };
}

/** spec §5 shared "{name} is required.": an empty value, named by what it stands for. */
export function nameRequired(thing: MessageDescriptor): MessageDescriptor {
  const name = '';
  return { ...msg`${name} is required.`, values: { name: thing } };
}

/** spec §5 shared "{name} is not valid": a value that is not what it stands for. */
export function nameInvalid(thing: MessageDescriptor): MessageDescriptor {
  const name = '';
  return { ...msg`${name} is not valid`, values: { name: thing } };
}

/** The message a check names itself (`params.message`), for messages that name their field. */
function ownMessage(issue: z.core.$ZodIssue): MessageDescriptor | null {
  const message = issue.code === 'custom' ? (issue.params as { message?: unknown } | undefined)?.message : undefined;
  return isMessageDescriptor(message) ? message : null;
}

/** The translatable message of one zod issue raised by a schema that uses `rule` keys. */
export function issueMessage(issue: z.core.$ZodIssue): MessageDescriptor {
  const own = ownMessage(issue);
  if (own) return own;
  if (issue.message === rule.minLength && issue.code === 'too_small') return lengthMessage('min', Number(issue.minimum));
  if (issue.message === rule.maxLength && issue.code === 'too_big') return lengthMessage('max', Number(issue.maximum));
  return fixedMessages[issue.message as keyof typeof fixedMessages] ?? fixedMessages.required;
}

export type FieldErrors<TValues> = Partial<Record<keyof TValues & string, MessageDescriptor>>;

/**
 * Validates `values` and keeps one message per field: "Required field" when the field is empty,
 * otherwise the first rule that fails.
 */
export function validateValues<TValues extends object>(schema: z.ZodMiniType, values: TValues): FieldErrors<TValues> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, MessageDescriptor> = {};
  const firstKey: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors) || (issue.message === rule.required && firstKey[field] !== rule.required)) {
      errors[field] = issueMessage(issue);
      firstKey[field] = issue.message;
    }
  }
  return errors as FieldErrors<TValues>;
}
