import * as z from 'zod/mini';
import { requiredEmail, requiredPhone, requiredText, requiredTrimmedText, requiredValue } from '../form/fields.ts';
import { rule } from '../form/validation.ts';

/**
 * spec §5 Register: fullname 3 to 50 required; email valid 3 to 50 required; phone pattern;
 * password 5 to 50; confirmPassword required and equal; acceptTerms required.
 */
export const registrationSchema = z
  .object({
    fullname: requiredTrimmedText(3, 50),
    email: requiredEmail(3, 50),
    phone: requiredPhone(),
    password: requiredText(5, 50),
    confirmPassword: requiredValue(),
    acceptTerms: z.boolean().check(z.refine((accepted) => accepted, rule.acceptTerms)),
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      message: rule.passwordsMatch,
      path: ['confirmPassword'],
    }),
  );

export type RegistrationValues = z.input<typeof registrationSchema>;

export const emptyRegistration: RegistrationValues = {
  fullname: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};
