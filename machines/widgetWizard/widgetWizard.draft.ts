import type { MessageDescriptor } from '@lingui/core';
import type { components } from '../../common/contract/dashboard.gen.ts';
import type { CallFlow } from '../../common/rules/callFlow.ts';
import type { DraftDisplayRules } from './widgetWizard.displayRules.ts';

export type WidgetConfiguration = components['schemas']['WidgetConfiguration'];
export type WidgetSettings = components['schemas']['WidgetSettings'];
export type WidgetNotifications = components['schemas']['WidgetNotifications'];
export type GlobalSetup = components['schemas']['GlobalSetup'];
export type CallSetup = components['schemas']['CallSetup'];
export type ScheduleSetup = components['schemas']['ScheduleSetup'];
export type WorkingHours = components['schemas']['WorkingHours'];

/**
 * The configuration as the wizard edits it: the call flow of issue 18 (whisper, missed-call
 * recovery, recording) and the display rules of issue 20 always present, so a widget saved before
 * them shows the defaults and saves them back explicitly. The display rules are as their fields
 * hold them while typed (widgetWizard.displayRules.ts).
 */
export type DraftConfiguration = Omit<WidgetConfiguration, 'settings'> & {
  settings: Omit<WidgetSettings, 'displayRules'> & CallFlow & { displayRules: DraftDisplayRules };
};

/** The General step's "All Widgets" choice: one widget of each type (spec §4 Widget wizard). */
export const ALL_WIDGET_TYPES = 'all';

/**
 * What the wizard edits (spec §2 Widget wizard, §3 Widget). The machine keeps it in context;
 * the General and Design step views render it and report each change as
 * `{ type: 'user.change', path, value }`, where `path` is the dotted path of the changed value
 * (e.g. `settings.settings.agentNumber`, `settings.globalSetup.floatingIcon.size`). The machine
 * applies the switch behaviour of spec §4 (a switch turned off clears its text, use-agents
 * clears the other side, leaving Timed popup clears its timing fields) and re-validates.
 */
export interface WidgetDraft {
  name: string;
  /** Free text: a domain or URL; a website with a new domain is created first on submit. */
  websiteUrl: string;
  /** A metadata widget type id, "All Widgets", or null before one is chosen. */
  typeId: number | typeof ALL_WIDGET_TYPES | null;
  /** The agents who take calls while settings.settings.useAgents (chosen by name in the view). */
  agentIds: number[];
  /** The calling rule while agents are used, else null. */
  callingRuleId: number | null;
  notifications: WidgetNotifications;
  settings: DraftConfiguration;
}

/** Validation messages keyed by the same dotted paths the views send with `user.change`. */
export type WidgetDraftErrors = Partial<Record<string, MessageDescriptor>>;

/** The schedule option of the General step (spec §9): how showScheduleForm is set. */
export type ScheduleOption = 'always' | 'never' | 'outside' | 'during';

/** The devices option of the General step (spec §9): how deviceDisplay is set. */
export type DeviceOption = 'both' | 'desktop' | 'mobile';

/** The views the live preview can show (the Design step's Call now, Schedule and floating icon). */
export type WidgetPreviewView = 'callNow' | 'schedule' | 'floatingIcon';
