import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  DISPLAY_RULE_LIMITS,
  displayRulesProblems,
  readDisplayRules,
  type DisplayRuleField,
  type DisplayRuleProblem,
  type DisplayRules,
} from '../../common/rules/displayRules.ts';
import type { DraftConfiguration, WidgetConfiguration } from './widgetWizard.draft.ts';
import { notANumber, widgetValidationMessages } from './widgetWizard.messages.ts';

/**
 * The display rules of issue 20 as the General step edits them. The lists are the lines of their
 * text boxes, blank lines and spaces kept while the client types (a text box that dropped them
 * would eat the line break just typed); the numbers are as typed, text that is not a number kept
 * for its message. `displayRulesOf` gives the rules as saved.
 */
export interface DraftDisplayRules extends Omit<DisplayRules, 'minScrollPercent' | 'minSecondsOnPage'> {
  minScrollPercent: number | string | null;
  minSecondsOnPage: number | string | null;
}

export const DISPLAY_RULES_PATH = 'settings.settings.displayRules';

/** The lists edited one entry a line: a text box's text arrives at these paths and is kept as its lines. */
export const DISPLAY_RULE_LIST_PATHS = new Set(['includePages', 'excludePages', 'utmSources'].map((field) => `${DISPLAY_RULES_PATH}.${field}`));

/** The optional numbers: '' is none. */
export const DISPLAY_RULE_NUMBER_PATHS = ['minScrollPercent', 'minSecondsOnPage'].map((field) => `${DISPLAY_RULES_PATH}.${field}`);

/** A stored widget's rules as the step edits them (a widget saved before issue 20 reads as the defaults: today's behaviour). */
export function draftDisplayRules(stored: Partial<DisplayRules> | null | undefined): DraftDisplayRules {
  return readDisplayRules(stored);
}

/** A text box's text as its lines (the draft keeps them as typed). */
export function linesOf(value: unknown): unknown {
  return typeof value === 'string' ? value.split(/\r\n|\r|\n/) : value;
}

/** A list's entries as saved: trimmed, blank lines left out, each with its line number (from 1) for the messages. */
function entriesOf(lines: readonly string[]): { value: string; line: number }[] {
  return lines.flatMap((text, index) => (text.trim() === '' ? [] : [{ value: text.trim(), line: index + 1 }]));
}

const asNumber = (value: number | string | null): number | null => (typeof value === 'number' ? value : null);

/** The rules as saved: lists without blank lines, numbers or null (a number field holding text is an error first). */
export function displayRulesOf(draft: DraftDisplayRules): DisplayRules {
  return {
    includePages: entriesOf(draft.includePages).map((entry) => entry.value),
    excludePages: entriesOf(draft.excludePages).map((entry) => entry.value),
    utmSources: entriesOf(draft.utmSources).map((entry) => entry.value),
    minScrollPercent: asNumber(draft.minScrollPercent),
    minSecondsOnPage: asNumber(draft.minSecondsOnPage),
    visitors: draft.visitors,
  };
}

/** The messages of the rules, in the tone of spec §5's shared messages; a list's entry is named by its line. */
export const displayRuleMessages = {
  wholeNumber: msg`Must be a whole number`,
  between: (min: number, max: number) => msg`Must be between ${min} and ${max}`,
  tooManyLines: (max: number) => msg`Maximum ${max} lines`,
  notAPath: (line: number) => msg`Line ${line}: Must start with / or *`,
  lineTooLong: (line: number, max: number) => msg`Line ${line}: Maximum field length ${max}`,
  lineNotValid: (line: number) => msg`Line ${line} is not valid.`,
};

const LIST_LIMITS: Partial<Record<DisplayRuleField, { items: number; length: number }>> = {
  includePages: { items: DISPLAY_RULE_LIMITS.patterns, length: DISPLAY_RULE_LIMITS.patternLength },
  excludePages: { items: DISPLAY_RULE_LIMITS.patterns, length: DISPLAY_RULE_LIMITS.patternLength },
  utmSources: { items: DISPLAY_RULE_LIMITS.utmSources, length: DISPLAY_RULE_LIMITS.utmSourceLength },
};

const RANGES: Partial<Record<DisplayRuleField, { min: number; max: number }>> = {
  minScrollPercent: DISPLAY_RULE_LIMITS.scrollPercent,
  minSecondsOnPage: DISPLAY_RULE_LIMITS.seconds,
};

function messageOf(problem: DisplayRuleProblem, draft: DraftDisplayRules): MessageDescriptor {
  const list = LIST_LIMITS[problem.field];
  const range = RANGES[problem.field] ?? { min: 0, max: 0 };
  // The shared rule numbers the saved entries; the client reads the lines of the text box.
  const lines = list ? entriesOf(draft[problem.field as 'includePages' | 'excludePages' | 'utmSources']) : [];
  const line = problem.index === undefined ? 0 : (lines[problem.index]?.line ?? problem.index + 1);
  switch (problem.code) {
    case 'too_many':
      return displayRuleMessages.tooManyLines(list?.items ?? 0);
    case 'too_long':
      return displayRuleMessages.lineTooLong(line, list?.length ?? 0);
    case 'not_a_path':
      return displayRuleMessages.notAPath(line);
    case 'empty':
      return widgetValidationMessages.required;
    case 'out_of_range':
      return displayRuleMessages.between(range.min, range.max);
    case 'not_whole':
      return displayRuleMessages.wholeNumber;
    case 'invalid':
      return problem.index === undefined ? widgetValidationMessages.required : displayRuleMessages.lineNotValid(line);
  }
}

/**
 * One message per field of the rules, by the dotted path the views send: the shared rule of
 * common/rules/displayRules.ts (the server's too), run on the rules as they would be saved. A
 * number field holding text says so first (spec §5 "Value {v} is not a {type}").
 */
export function displayRulesErrors(draft: DraftDisplayRules): Record<string, MessageDescriptor> {
  const errors: Record<string, MessageDescriptor> = {};
  for (const field of ['minScrollPercent', 'minSecondsOnPage'] as const) {
    const value = draft[field];
    if (typeof value === 'string') errors[`${DISPLAY_RULES_PATH}.${field}`] = notANumber(value);
  }
  for (const problem of displayRulesProblems(displayRulesOf(draft))) {
    const path = `${DISPLAY_RULES_PATH}.${problem.field}`;
    // The first problem of a field (a list over its limit comes before its lines'): one message a field.
    if (!(path in errors)) errors[path] = messageOf(problem, draft);
  }
  return errors;
}

/**
 * A draft configuration with its display rules as saved: what the live preview draws (it takes the
 * contract's configuration, whose numbers are numbers).
 */
export function withSavedDisplayRules(configuration: DraftConfiguration): WidgetConfiguration {
  return { ...configuration, settings: { ...configuration.settings, displayRules: displayRulesOf(configuration.settings.displayRules) } };
}
