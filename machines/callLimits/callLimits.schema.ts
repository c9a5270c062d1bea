import * as z from 'zod/mini';
import { isCallLimit } from '../../common/rules/callLimits.ts';
import { rule } from '../form/validation.ts';

/** The Call Request Limits card's fields: whole numbers of requests the contract accepts (1–10000). */
const callLimit = () => z.string().check(z.minLength(1, rule.required), z.refine(isCallLimit, rule.callLimit));

export const callLimitsSchema = z.object({
  perWidget: callLimit(),
  perAccount: callLimit(),
});
export type CallLimitsValues = z.input<typeof callLimitsSchema>;
