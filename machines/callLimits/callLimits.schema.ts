import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import { isCallLimit, isWidgetLimitWithinAccount } from '../../common/rules/callLimits.ts';
import { fieldInvalid, fieldRequired, lowerThanField, rule } from '../form/validation.ts';
import { callLimitsLabels } from './callLimits.messages.ts';

/**
 * A field of the Call Request Limits card: a whole number of requests the contract accepts
 * (1–10000), with spec §5's messages that name the field ("{field} is required.", "{field} is
 * not valid.").
 */
const callLimit = (label: MessageDescriptor) =>
  z.string().check(
    z.refine((value) => value.trim() !== '', { message: rule.required, params: { message: fieldRequired(label) } }),
    z.refine((value) => value.trim() === '' || isCallLimit(value), { params: { message: fieldInvalid(label) } }),
  );

/** Both fields; the per-widget limit is at most the account's (Lower than "{field}"). */
export const callLimitsSchema = z
  .object({
    perWidget: callLimit(callLimitsLabels.perWidget),
    perAccount: callLimit(callLimitsLabels.perAccount),
  })
  .check(
    z.refine(
      ({ perWidget, perAccount }) =>
        !isCallLimit(perWidget) || !isCallLimit(perAccount) || isWidgetLimitWithinAccount({ perWidget: Number(perWidget), perAccount: Number(perAccount) }),
      { path: ['perWidget'], params: { message: lowerThanField(callLimitsLabels.perAccount) } },
    ),
  );
export type CallLimitsValues = z.input<typeof callLimitsSchema>;
