import type { components } from '../../../common/contract/dashboard.gen.ts';
import type { WidgetsFilters } from './widgets.search.ts';

export type Widget = components['schemas']['Widget'];
export type WidgetInput = components['schemas']['WidgetInput'];

/**
 * spec §2 Widgets filters, applied to the caller's widgets (GET /client/widgets has no filters
 * in the contract: it answers every widget, newest first). A null filter is All.
 */
export function filterWidgets(widgets: readonly Widget[], { websiteId, typeId, status }: WidgetsFilters): Widget[] {
  return widgets.filter(
    (widget) =>
      (websiteId === null || widget.websiteId === websiteId) &&
      (typeId === null || widget.typeId === typeId) &&
      (status === null || widget.isActive === (status === 'active')),
  );
}

/**
 * The PUT body of the Status switch (spec §4 Widgets): the widget as listed with the new
 * isActive — the contract's update replaces the widget whole.
 */
export function widgetWithActivity(widget: Widget, isActive: boolean): WidgetInput {
  return {
    name: widget.name,
    typeId: widget.typeId,
    websiteId: widget.websiteId,
    callingRuleId: widget.callingRuleId,
    agentIds: widget.agentIds,
    isActive,
    notifications: widget.notifications,
    settings: widget.settings,
  };
}

/**
 * The PUT body of a picture updated in place (spec §4): the widget as listed, with the stored
 * file as its Call now picture, switched on.
 */
export function widgetWithPicture(widget: Widget, src: string): WidgetInput {
  const { callSetup } = widget.settings;
  return {
    ...widgetWithActivity(widget, widget.isActive),
    settings: { ...widget.settings, callSetup: { ...callSetup, picture: { ...callSetup.picture, isActive: true, src } } },
  };
}
