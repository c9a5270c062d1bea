import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';

import { firstWorkingHoursMessage, validateWorkingHours } from '../shared/workingHours.ts';
import { type WorkingHours } from '../../common/rules/workingHours.ts';
import { usesTimedFields } from './widgetWizard.change.ts';
import type { WidgetDraft, WidgetDraftErrors } from './widgetWizard.draft.ts';
import { lowerThan, maxLength, notANumber, widgetValidationMessages as messages } from './widgetWizard.messages.ts';
import { WIDGET_COUNT_BOUNDS } from '../../common/rules/widgetDefaults.ts';
import type { NamedReference } from './widgetWizard.types.ts';
import { normalizeDomain } from '../../common/rules/domainName.ts';
import { PHONE_PATTERN, stripPhone } from '../../common/rules/phone.ts';
import { MISSED_CALL_TEXT_MAX } from '../../common/rules/callFlow.ts';
import { displayRulesErrors } from './widgetWizard.displayRules.ts';

/**
 * Validation of the wizard's draft (spec §5 Widget general, Widget design) as zod schemas whose
 * issues carry a rule key; `errorsOf` turns them into one message per dotted path, the paths the
 * views send with `user.change`.
 */

type Ctx = z.core.$RefinementCtx<unknown>;

/** One issue: the path in the draft and the rule it breaks. */
function report(ctx: Ctx, path: string, message: MessageDescriptor) {
  ctx.addIssue({ code: 'custom', path: path.split('.'), message: message.id, params: { message } });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  return ['http:', 'https:'].includes(new URL(value).protocol);
}

function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/** A text required while its switch is on, of at most `max` characters. */
function checkToggleText(ctx: Ctx, path: string, toggle: { isActive: boolean; text: string }, max = 2000) {
  if (toggle.isActive && isBlank(toggle.text)) report(ctx, path, messages.required);
  else if (toggle.text.length > max) report(ctx, path, maxLength(max));
}

function checkRequiredText(ctx: Ctx, path: string, value: string, max: number) {
  if (isBlank(value)) report(ctx, path, messages.required);
  else if (value.length > max) report(ctx, path, maxLength(max));
}

/** spec §5: required, numeric, greater than -1, and lower than the field's bound. */
function checkCount(ctx: Ctx, field: keyof typeof WIDGET_COUNT_BOUNDS, value: unknown) {
  const path = `settings.settings.${field}`;
  if (value === null || value === undefined || value === '') report(ctx, path, messages.required);
  else if (typeof value !== 'number' || !Number.isInteger(value)) report(ctx, path, notANumber(String(value)));
  else if (value <= -1) report(ctx, path, messages.positive);
  else if (value >= WIDGET_COUNT_BOUNDS[field]) report(ctx, path, lowerThan(WIDGET_COUNT_BOUNDS[field]));
}

/** spec §5 Widget general (the General step's sub-forms). */
export function generalSchema(widgetTypes: readonly NamedReference[]) {
  return z.custom<WidgetDraft>().check(
    z.superRefine((draft, ctx) => {
      const general = draft.settings.settings;
      checkRequiredText(ctx, 'name', draft.name, 100);
      // spec §5: "websiteUrl required, URL or domain".
      if (isBlank(draft.websiteUrl)) report(ctx, 'websiteUrl', messages.required);
      else if (normalizeDomain(draft.websiteUrl) === null) report(ctx, 'websiteUrl', messages.url);
      if (draft.typeId === null) report(ctx, 'typeId', messages.required);
      if (usesTimedFields(draft.typeId, widgetTypes)) {
        for (const field of ['showsAfter', 'repeatAfter', 'displaysPerVisit'] as const) {
          checkCount(ctx, field, general[field]);
        }
      }
      if (general.useAgents) {
        if (draft.agentIds.length === 0) report(ctx, 'agentIds', messages.required);
        if (draft.callingRuleId === null) report(ctx, 'callingRuleId', messages.required);
      } else if (isBlank(general.agentNumber)) {
        report(ctx, 'settings.settings.agentNumber', messages.required);
      } else if (!PHONE_PATTERN.test(stripPhone(general.agentNumber ?? ''))) {
        report(ctx, 'settings.settings.agentNumber', messages.phone);
      }
      // spec §5: the custom caller ID must match the phone pattern if not empty (except +1).
      const callerId = stripPhone(general.customCallerId.value ?? '');
      if (callerId !== '' && callerId !== '+1' && !PHONE_PATTERN.test(callerId)) {
        report(ctx, 'settings.settings.customCallerId.value', messages.phone);
      }
      checkCount(ctx, 'numberOfTries', general.numberOfTries);
      checkCount(ctx, 'minutesBetweenTries', general.minutesBetweenTries);
      const { email, phoneNumber } = draft.notifications;
      if (email.isActive && isBlank(email.value)) report(ctx, 'notifications.email.value', messages.required);
      else if (email.isActive && !EMAIL.test(email.value.trim())) report(ctx, 'notifications.email.value', messages.invalidEmail);
      if (phoneNumber.isActive && isBlank(phoneNumber.value)) report(ctx, 'notifications.phoneNumber.value', messages.required);
      else if (phoneNumber.isActive && !PHONE_PATTERN.test(stripPhone(phoneNumber.value))) {
        report(ctx, 'notifications.phoneNumber.value', messages.phone);
      }
      for (const name of ['callNow', 'scheduleCall'] as const) {
        const redirection = general.redirections[name];
        const path = `settings.settings.redirections.${name}.value`;
        if (redirection.isActive && isBlank(redirection.value)) report(ctx, path, messages.required);
        else if (redirection.isActive && !isWebUrl(redirection.value.trim())) report(ctx, path, messages.url);
      }
      if (general.waitingAudio.isActive && isBlank(general.waitingAudio.url)) {
        report(ctx, 'settings.settings.waitingAudio.url', messages.required);
      }
      // Issue 18: an empty text sends the default message, so it is optional; the contract's
      // maxLength (two text-message segments) holds it on the server too.
      if (general.missedCallRecovery.textVisitor.text.length > MISSED_CALL_TEXT_MAX) {
        report(ctx, 'settings.settings.missedCallRecovery.textVisitor.text', maxLength(MISSED_CALL_TEXT_MAX));
      }
      // Issue 20: the display rules' one rule, shared with the server (common/rules/displayRules.ts).
      for (const [path, message] of Object.entries(displayRulesErrors(general.displayRules))) report(ctx, path, message);
      const schedule = validateWorkingHours(general.activeHours as WorkingHours[]);
      // Without useSchedule no day has to be active, but every active day's times must be valid.
      if (!general.useSchedule) delete schedule.week;
      const scheduleMessage = firstWorkingHoursMessage(schedule);
      if (scheduleMessage) report(ctx, 'settings.settings.activeHours', scheduleMessage);
    }),
  );
}

/** spec §5 Widget design: global, call and schedule setups. */
export const designSchema = z.custom<WidgetDraft>().check(
  z.superRefine((draft, ctx) => {
    const { globalSetup, callSetup, scheduleSetup } = draft.settings;
    if (isBlank(globalSetup.layout)) report(ctx, 'settings.globalSetup.layout', messages.required);
    checkRequiredText(ctx, 'settings.callSetup.buttonText', callSetup.buttonText, 200);
    checkRequiredText(ctx, 'settings.callSetup.callBackText', callSetup.callBackText, 200);
    if (callSetup.picture.isActive && isBlank(callSetup.picture.src)) report(ctx, 'settings.callSetup.picture.src', messages.required);
    checkToggleText(ctx, 'settings.callSetup.main.text', callSetup.main);
    checkToggleText(ctx, 'settings.callSetup.disclaimer.text', callSetup.disclaimer);
    checkRequiredText(ctx, 'settings.scheduleSetup.timeToCallText', scheduleSetup.timeToCallText, 200);
    checkRequiredText(ctx, 'settings.scheduleSetup.buttonText', scheduleSetup.buttonText, 200);
    checkToggleText(ctx, 'settings.scheduleSetup.main.text', scheduleSetup.main);
    checkToggleText(ctx, 'settings.scheduleSetup.disclaimer.text', scheduleSetup.disclaimer);
    for (const field of ['customField1', 'customField2', 'customField3'] as const) {
      checkToggleText(ctx, `settings.scheduleSetup.${field}.text`, scheduleSetup[field]);
    }
  }),
);

/** One message per dotted path: the first rule each path breaks. */
export function errorsOf(schema: z.ZodMiniType, draft: WidgetDraft): WidgetDraftErrors {
  const result = schema.safeParse(draft);
  if (result.success) return {};
  const errors: WidgetDraftErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    const message = (issue as { params?: { message?: MessageDescriptor } }).params?.message;
    if (message && !(path in errors)) errors[path] = message;
  }
  return errors;
}

/** Every current message of the draft, General and Design. */
export function validateDraft(draft: WidgetDraft, widgetTypes: readonly NamedReference[]): WidgetDraftErrors {
  return { ...errorsOf(generalSchema(widgetTypes), draft), ...errorsOf(designSchema, draft) };
}

/** Design paths (global, call and schedule setups); every other path belongs to the General step. */
export function isDesignPath(path: string): boolean {
  return /^settings\.(globalSetup|callSetup|scheduleSetup)(\.|$)/.test(path);
}
