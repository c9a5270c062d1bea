import * as z from 'zod/mini';
import { rule } from '../form/validation.ts';

/** spec §5 Forgot password: email valid, max 50, required. */
export const forgotPasswordSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, rule.required), z.maxLength(50, rule.maxLength)),
    z.email(rule.email),
  ),
});

export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;
