import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import { requiredTrimmedText } from '../form/fields.ts';
import { issueMessage, rule, type FieldErrors } from '../form/validation.ts';
import { firstWorkingHoursMessage, validateWorkingHours, type WorkingHoursIssues } from '../shared/workingHours.ts';
import { agentFormMessages } from './agentForm.messages.ts';
import type { AgentFormValues } from './agentForm.types.ts';
import { PHONE_PATTERN } from '../../common/rules/phone.ts';

/** This form's own rule key: its phone message differs from the shared "Wrong phone number format". */
const agentPhoneRule = 'agentPhone';

/** spec §5 Agent: name required, 5 to 50; phone required and matching the phone pattern. */
export const agentFieldsSchema = z.object({
  name: requiredTrimmedText(5, 50),
  phone: z.string().check(z.minLength(1, rule.required), z.regex(PHONE_PATTERN, agentPhoneRule)),
});

function fieldMessage(issue: z.core.$ZodIssue): MessageDescriptor {
  return issue.message === agentPhoneRule ? agentFormMessages.phoneFormat : issueMessage(issue);
}

export interface AgentValidation {
  errors: FieldErrors<AgentFormValues>;
  availabilityIssues: WorkingHoursIssues;
}

/**
 * The form's messages, one per field: "Required field" when a text is empty, otherwise the first
 * rule that fails; for the availability, the schedule's first issue (spec §5 Active hours).
 */
export function validateAgentValues(values: AgentFormValues): AgentValidation {
  const errors: Record<string, MessageDescriptor> = {};
  const result = agentFieldsSchema.safeParse({ name: values.name, phone: values.phone });
  if (!result.success) {
    const requiredSeen = new Set<string>();
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      const isRequired = issue.message === rule.required;
      if (!(field in errors) || (isRequired && !requiredSeen.has(field))) errors[field] = fieldMessage(issue);
      if (isRequired) requiredSeen.add(field);
    }
  }
  const availabilityIssues = validateWorkingHours(values.availability);
  const availability = firstWorkingHoursMessage(availabilityIssues);
  if (availability) errors.availability = availability;
  return { errors: errors as FieldErrors<AgentFormValues>, availabilityIssues };
}
