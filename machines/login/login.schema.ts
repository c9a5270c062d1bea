import * as z from 'zod/mini';
import { requiredEmail, requiredText } from '../form/fields.ts';

/** spec §5 Login: email valid, 3 to 50, required; password 5 to 50, required. */
export const loginSchema = z.object({
  email: requiredEmail(3, 50),
  password: requiredText(5, 50),
});

export type LoginValues = z.input<typeof loginSchema>;

export const emptyLogin: LoginValues = { email: '', password: '' };
