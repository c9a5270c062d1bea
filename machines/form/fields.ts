import * as z from 'zod/mini';
import { rule } from './validation.ts';
import { PHONE_PATTERN } from '../../common/rules/phone.ts';

/**
 * Field rules shared by the auth forms (spec §5 and §9 Lengths). Schemas use zod/mini: the
 * same rules as zod at a fraction of the bundle.
 */

/** A required text of `min` to `max` characters (passwords: not trimmed). */
export function requiredText(min: number, max: number) {
  return z.string().check(z.minLength(1, rule.required), z.minLength(min, rule.minLength), z.maxLength(max, rule.maxLength));
}

/** A required name-like text, measured without surrounding spaces. */
export function requiredTrimmedText(min: number, max: number) {
  return z
    .string()
    .check(z.trim(), z.minLength(1, rule.required), z.minLength(min, rule.minLength), z.maxLength(max, rule.maxLength));
}

/** A required e-mail address of `min` to `max` characters, surrounding spaces ignored. */
export function requiredEmail(min: number, max: number) {
  return z.pipe(requiredTrimmedText(min, max), z.email(rule.email));
}

/** A required value. */
export function requiredValue() {
  return z.string().check(z.minLength(1, rule.required));
}

/** spec §5 Phone pattern. */
export function requiredPhone() {
  return z.string().check(z.minLength(1, rule.required), z.regex(PHONE_PATTERN, rule.phone));
}
