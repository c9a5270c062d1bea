import * as z from 'zod/mini';
import { API_SECRET_PATTERN, MAX_API_SECRET_LENGTH, MEASUREMENT_ID_PATTERN } from '../../common/rules/ga4.ts';
import { fieldRequired, rule } from '../form/validation.ts';
import { ga4SettingsLabels, ga4SettingsMessages } from './ga4Settings.messages.ts';

export interface Ga4FormValues {
  measurementId: string;
  /** Empty keeps the stored secret, when one is stored. */
  apiSecret: string;
  /** "Send call outcomes". */
  isActive: boolean;
}


/**
 * The GA4 form. Both texts are checked as they are sent, without surrounding spaces (a pasted
 * value often brings some). The secret is required only while none is stored (`secretStored`):
 * once one is, an empty field keeps it.
 */
export function ga4SettingsSchema(secretStored: boolean) {
  return z.object({
    measurementId: z.string().check(
      z.trim(),
      z.refine((value) => value !== '', { message: rule.required, params: { message: fieldRequired(ga4SettingsLabels.measurementId) } }),
      z.refine((value) => value === '' || MEASUREMENT_ID_PATTERN.test(value), { params: { message: ga4SettingsMessages.measurementIdInvalid } }),
    ),
    apiSecret: z.string().check(
      z.trim(),
      z.refine((value) => secretStored || value !== '', { message: rule.required, params: { message: fieldRequired(ga4SettingsLabels.apiSecret) } }),
      z.maxLength(MAX_API_SECRET_LENGTH, rule.maxLength),
      z.refine((value) => value === '' || API_SECRET_PATTERN.test(value), { params: { message: ga4SettingsMessages.apiSecretInvalid } }),
    ),
    isActive: z.boolean(),
  });
}
