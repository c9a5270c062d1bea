import { readCallFlow } from '../../common/rules/callFlow.ts';
import { defaultNotifications, defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import { normalizeWorkingHours } from '../../common/rules/workingHours.ts';
import type { DraftConfiguration, WidgetConfiguration, WidgetDraft } from './widgetWizard.draft.ts';
import type { StoredWidget } from './widgetWizard.types.ts';
import { draftDisplayRules } from './widgetWizard.displayRules.ts';

/**
 * A configuration as the wizard's fields edit it: numbers as typed text ('' for none), the
 * schedule as the editor shows it (spec §5), the call flow of issue 18 as calls read it and the
 * display rules of issue 20 as the embed script reads them (a widget saved before them shows the
 * defaults, and saves them back explicitly).
 */
function draftConfiguration(configuration: WidgetConfiguration): DraftConfiguration {
  const { settings } = configuration;
  return {
    ...configuration,
    settings: {
      ...settings,
      ...readCallFlow(settings),
      agentNumber: settings.agentNumber ?? '',
      customCallerId: { value: settings.customCallerId.value ?? '' },
      activeHours: normalizeWorkingHours(settings.activeHours),
      displayRules: draftDisplayRules(settings.displayRules),
    },
  };
}

/** A new widget's configuration in the wizard: it calls one number, empty until it is typed (spec §9 defaults). */
export function defaultConfiguration(): DraftConfiguration {
  return draftConfiguration(defaultWidgetConfiguration(''));
}

/** spec §2 Widget wizard: "Creating starts with a null widgetId and initial general and design state". */
export function initialDraft(): WidgetDraft {
  return {
    name: '',
    websiteUrl: '',
    typeId: null,
    agentIds: [],
    callingRuleId: null,
    notifications: defaultNotifications(),
    settings: defaultConfiguration(),
  };
}

/** The draft of a stored widget being edited; its schedule reads as the editor shows it (spec §5). */
export function draftFromWidget(widget: StoredWidget): WidgetDraft {
  return {
    name: widget.name,
    websiteUrl: widget.websiteUrl,
    typeId: widget.typeId,
    agentIds: [...widget.agentIds],
    callingRuleId: widget.callingRuleId,
    notifications: widget.notifications,
    settings: draftConfiguration(widget.settings),
  };
}
