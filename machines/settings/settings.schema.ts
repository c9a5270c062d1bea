import * as z from 'zod/mini';
import { requiredEmail, requiredText, requiredTrimmedText, requiredValue } from '../form/fields.ts';
import { rule } from '../form/validation.ts';

/** spec §5 Name and time zone: name 3 to 50 required; time zone required (an IANA name). */
export const accountDetailsSchema = z.object({
  name: requiredTrimmedText(3, 50),
  timezone: requiredValue(),
});
export type AccountDetailsValues = z.input<typeof accountDetailsSchema>;

/**
 * spec §5 Email change: valid, 3 to 50, required; and the current password, required (issue 15:
 * a session alone cannot move the account to another address), as long as a password may be.
 */
export const changeEmailSchema = z.object({
  email: requiredEmail(3, 50),
  currentPassword: requiredText(1, 50),
});
export type ChangeEmailValues = z.input<typeof changeEmailSchema>;

/** spec §5 Password change: current and new 5 to 50 required; confirm required and matching. */
export const changePasswordSchema = z
  .object({
    currentPassword: requiredText(5, 50),
    newPassword: requiredText(5, 50),
    confirmPassword: requiredValue(),
  })
  .check(
    z.refine((values) => values.newPassword === values.confirmPassword, {
      message: rule.passwordsMatch,
      path: ['confirmPassword'],
    }),
  );
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;

/** spec §5 Twilio number: must be selected (the number's id, as text). */
export const twilioNumberSchema = z.object({
  twilioNumberId: requiredValue(),
});
export type TwilioNumberValues = z.input<typeof twilioNumberSchema>;
