import type { WidgetDraft } from './widgetWizard.draft.ts';
import { showsTimedPopupFields } from './widgetWizard.options.ts';
import { TIMED_POPUP_DEFAULTS } from '../../common/rules/widgetDefaults.ts';
import type { NamedReference } from './widgetWizard.types.ts';
import { DISPLAY_RULE_LIST_PATHS, DISPLAY_RULE_NUMBER_PATHS, linesOf } from './widgetWizard.displayRules.ts';

/** The value at a dotted path of an object (undefined when a step is missing). */
export function valueAt(source: unknown, path: string): unknown {
  let current: unknown = source;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `source` with `value` at a dotted path; objects along the path are copied, not changed. */
export function withValueAt<T>(source: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  if (key === undefined || key === '') return source;
  const container = (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;
  const copy: Record<string, unknown> = Array.isArray(container) ? ([...container] as never) : { ...container };
  copy[key] = rest.length === 0 ? value : withValueAt(container[key], rest.join('.'), value);
  return copy as T;
}

/** spec §5 Widget general: the timing fields apply to Timed popup and All Widgets. */
export function usesTimedFields(typeId: WidgetDraft['typeId'], widgetTypes: readonly NamedReference[]): boolean {
  return typeId !== null && showsTimedPopupFields(typeId, widgetTypes);
}

/**
 * Switches whose text is cleared when they are turned off (spec §4 Switch behaviour:
 * redirections, notifications, main/disclaimer, custom fields, and the missed-call text to the
 * visitor): the switch's path → its text's.
 */
const clearedBySwitch: Record<string, string> = {
  'notifications.email.isActive': 'notifications.email.value',
  'notifications.phoneNumber.isActive': 'notifications.phoneNumber.value',
  'settings.settings.redirections.callNow.isActive': 'settings.settings.redirections.callNow.value',
  'settings.settings.redirections.scheduleCall.isActive': 'settings.settings.redirections.scheduleCall.value',
  'settings.callSetup.main.isActive': 'settings.callSetup.main.text',
  'settings.callSetup.disclaimer.isActive': 'settings.callSetup.disclaimer.text',
  'settings.scheduleSetup.main.isActive': 'settings.scheduleSetup.main.text',
  'settings.scheduleSetup.disclaimer.isActive': 'settings.scheduleSetup.disclaimer.text',
  'settings.scheduleSetup.customField1.isActive': 'settings.scheduleSetup.customField1.text',
  'settings.scheduleSetup.customField2.isActive': 'settings.scheduleSetup.customField2.text',
  'settings.scheduleSetup.customField3.isActive': 'settings.scheduleSetup.customField3.text',
  // Issue 18: the text of a missed call's message to the visitor.
  'settings.settings.missedCallRecovery.textVisitor.isActive': 'settings.settings.missedCallRecovery.textVisitor.text',
};

const NUMBER_PATHS = new Set([
  'settings.settings.numberOfTries',
  'settings.settings.minutesBetweenTries',
  'settings.settings.showsAfter',
  'settings.settings.repeatAfter',
  'settings.settings.displaysPerVisit',
  ...DISPLAY_RULE_NUMBER_PATHS,
]);

/** A number field's input: '' is no value, a numeric text its number; other text is kept for its message. */
function numberInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}

/** The timing fields after a change of type (spec §4: leaving Timed popup clears them). */
function timingForType(draft: WidgetDraft, previous: WidgetDraft['typeId'], widgetTypes: readonly NamedReference[]): WidgetDraft {
  const general = draft.settings.settings;
  const timed = usesTimedFields(draft.typeId, widgetTypes);
  if (timed === usesTimedFields(previous, widgetTypes) && timed) return draft;
  const timing = timed
    ? {
        showsAfter: general.showsAfter ?? TIMED_POPUP_DEFAULTS.showsAfter,
        repeatAfter: general.repeatAfter ?? TIMED_POPUP_DEFAULTS.repeatAfter,
        displaysPerVisit: general.displaysPerVisit ?? TIMED_POPUP_DEFAULTS.displaysPerVisit,
      }
    : { showsAfter: null, repeatAfter: null, displaysPerVisit: null };
  return { ...draft, settings: { ...draft.settings, settings: { ...general, ...timing } } };
}

/** A value as the draft keeps it: numbers from their text, the display rules' lists (issue 20) as the lines of their text. */
function draftValue(path: string, value: unknown): unknown {
  if (NUMBER_PATHS.has(path)) return numberInput(value);
  if (DISPLAY_RULE_LIST_PATHS.has(path)) return linesOf(value);
  return value;
}

/**
 * The draft after the user set `value` at `path`, with the switch behaviour of spec §4: a switch
 * turned off clears its text; Use agents on clears the number, off clears the agents and the
 * calling rule; leaving Timed popup (or All Widgets) clears the timing fields, entering it sets
 * their defaults.
 */
export function applyChange(draft: WidgetDraft, path: string, value: unknown, widgetTypes: readonly NamedReference[]): WidgetDraft {
  let next = withValueAt(draft, path, draftValue(path, value));
  const cleared = clearedBySwitch[path];
  if (cleared && value === false) next = withValueAt(next, cleared, '');
  if (path === 'settings.settings.useAgents') {
    next = value
      ? withValueAt(next, 'settings.settings.agentNumber', '')
      : { ...withValueAt(next, 'agentIds', []), callingRuleId: null };
  }
  if (path === 'typeId') next = timingForType(next, draft.typeId, widgetTypes);
  return next;
}
