import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type * as z from 'zod/mini';

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
  ipAddress: 'ipAddress',
  acceptTerms: 'acceptTerms',
  passwordsMatch: 'passwordsMatch',
  callLimit: 'callLimit',
} as const;

export type RuleKey = (typeof rule)[keyof typeof rule];


function lengthMessage(kind: 'min' | 'max', n: number): MessageDescriptor {
  return kind === 'min' ? msg`Minimum field length ${n}` : msg`Maximum field length ${n}`;
}

const fixedMessages: Record<Exclude<RuleKey, 'minLength' | 'maxLength'>, MessageDescriptor> = {
  required: msg`Required field`,
  email: msg`Wrong email format`,
  phone: msg`Wrong phone number format`,
  ipAddress: msg`Wrong IP address format`,
  acceptTerms: msg`Accepting terms & conditions is required.`,
  passwordsMatch: msg`Password and Confirm Password didn't match`,
  callLimit: msg`Enter a whole number from 1 to 10000`,
};

/** The translatable message of one zod issue raised by a schema that uses `rule` keys. */
export function issueMessage(issue: z.core.$ZodIssue): MessageDescriptor {
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
