import * as z from 'zod/mini';
import { requiredText, requiredValue } from '../form/fields.ts';
import { rule } from '../form/validation.ts';

/** spec §5 New password: 5 to 50 required; confirm must match. */
export const resetPasswordSchema = z
  .object({
    password: requiredText(5, 50),
    confirmPassword: requiredValue(),
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      message: rule.passwordsMatch,
      path: ['confirmPassword'],
    }),
  );

export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;
