import type { components } from '../../../common/contract/dashboard.gen.ts';
import { DISPLAY_RULE_LIMITS, displayRulesProblems, type DisplayRuleProblem } from '../../../common/rules/displayRules.ts';
import { PHONE_PATTERN, stripPhone } from '../../../common/rules/phone.ts';
import type { CountryCode } from 'libphonenumber-js/max';
import { type DialledNumberRules, normalizeDialledPhone } from '../agents/phone.ts';
import { checkWeeklyHours } from '../agents/weeklyHours.ts';
import { FALLBACK_COUNTRY } from '../callEngine/callDestinations.ts';
import { invalidInput } from '../domainError.ts';

type Schemas = components['schemas'];

/** What the widget rules read of a widget input (the contract's WidgetInput). */
export interface WidgetRuleInput {
  callingRuleId?: number | null;
  agentIds?: number[];
  notifications: Schemas['WidgetNotifications'];
  settings: Schemas['WidgetConfiguration'];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isWebUrl(value: string): boolean {
  return URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);
}

/** An uploaded file's URL (absolute, as POST /user/files answers) or a path on this server. */
function isFileUrl(value: string): boolean {
  return isWebUrl(value) || /^\/[^/\\]/.test(value);
}

/**
 * The rules of spec §5 (Widget general, Widget design) that the contract's schema cannot
 * express; the schema has already checked types, ranges (§9 Sliders) and required texts.
 * Throws `invalid_request` naming the field. A number without a + is read in `homeCountry`.
 */
export function checkWidgetRules(input: WidgetRuleInput, homeCountry: CountryCode = FALLBACK_COUNTRY, rules: DialledNumberRules = {}): void {
  const { settings: general, callSetup } = input.settings;
  // The widget's own number is rung at the platform's cost (issue 15 review): a line a person
  // answers, as agents' numbers, in any country. Checked whenever set: useAgents may be switched.
  if (general.agentNumber) normalizeDialledPhone(general.agentNumber, homeCountry, 'settings.settings.agentNumber', rules);
  if (general.useAgents) {
    // spec §5: "when used, at least one agent and a callingRule required".
    if ((input.agentIds ?? []).length === 0) throw invalidInput('Field agentIds needs at least one agent when settings.settings.useAgents is true.');
    if (input.callingRuleId == null) throw invalidInput('Field callingRuleId is required when settings.settings.useAgents is true.');
  } else if (!general.agentNumber) {
    // spec §5: "when agents not used agentNumber required and phone pattern" (the schema checks the pattern).
    throw invalidInput('Field settings.settings.agentNumber is required when settings.settings.useAgents is false.');
  }
  const { email, phoneNumber } = input.notifications;
  if (email.isActive && !EMAIL.test(email.value)) throw invalidInput('Field notifications.email.value: Invalid email.');
  if (phoneNumber.isActive && !PHONE_PATTERN.test(stripPhone(phoneNumber.value))) {
    throw invalidInput('Field notifications.phoneNumber.value: Wrong phone number format.');
  }
  for (const [name, redirection] of Object.entries(general.redirections)) {
    if (redirection.isActive && !isWebUrl(redirection.value)) {
      throw invalidInput(`Field settings.settings.redirections.${name}.value: Must be a valid URL.`);
    }
  }
  const audio = general.waitingAudio;
  if (audio.isActive && !(audio.url && isFileUrl(audio.url))) {
    throw invalidInput('Field settings.settings.waitingAudio.url: Must be a valid URL.');
  }
  if (callSetup.picture.isActive && !isFileUrl(callSetup.picture.src)) {
    throw invalidInput('Field settings.callSetup.picture.src: Must be a valid URL.');
  }
  // Times available: with useSchedule on, the widget needs a day to be available on.
  checkWeeklyHours(general.activeHours, 'settings.settings.activeHours', { requireActiveDay: general.useSchedule });
  // issue 20: the same check as the dashboard's form; the schema has checked types and limits,
  // this adds what it cannot say (blank entries, patterns that are not paths).
  const [problem] = displayRulesProblems(general.displayRules);
  if (problem) throw invalidInput(`Field settings.settings.displayRules.${problem.field}${problem.index === undefined ? '' : `[${problem.index}]`}: ${displayRuleMessage(problem)}`);
}

/** The English sentence of a display rule problem (the dashboard shows its own, translated). */
function displayRuleMessage({ field, code }: DisplayRuleProblem): string {
  const limits = DISPLAY_RULE_LIMITS;
  const isPages = field === 'includePages' || field === 'excludePages';
  const range = field === 'minScrollPercent' ? limits.scrollPercent : limits.seconds;
  const messages: Record<DisplayRuleProblem['code'], string> = {
    too_many: `At most ${isPages ? limits.patterns : limits.utmSources} entries.`,
    too_long: `At most ${isPages ? limits.patternLength : limits.utmSourceLength} characters.`,
    empty: 'Must not be empty.',
    not_a_path: 'Must start with / or *.',
    out_of_range: `Must be between ${range.min} and ${range.max}.`,
    not_whole: 'Must be a whole number.',
    invalid: 'Invalid value.',
  };
  return messages[code];
}
