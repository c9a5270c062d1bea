import * as z from 'zod/mini';
import { isRetentionDays } from '../../common/rules/recordingRetention.ts';
import { fieldInvalid, fieldRequired, rule } from '../form/validation.ts';
import { recordingSettingsLabels } from './recordingSettings.messages.ts';

/**
 * The Call recordings card: a whole number of days the contract accepts (1–3650), with spec
 * §5's messages that name the field ("{field} is required.", "{field} is not valid.").
 */
export const recordingSettingsSchema = z.object({
  retentionDays: z.string().check(
    z.refine((value) => value.trim() !== '', { message: rule.required, params: { message: fieldRequired(recordingSettingsLabels.retentionDays) } }),
    z.refine((value) => value.trim() === '' || isRetentionDays(value), { params: { message: fieldInvalid(recordingSettingsLabels.retentionDays) } }),
  ),
});
