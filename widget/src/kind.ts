import type { WidgetKind } from './types.ts';

/**
 * The widget kind of a metadata widget type name (spec §1: Exit popup, Timed popup, Floating
 * icon; server/db/referenceData.ts). Anything else, such as the wizard's "All Widgets" choice or
 * no type yet, draws as a popup.
 */
export function widgetKindOf(typeName: string | null | undefined): WidgetKind {
  switch (typeName?.trim().toLowerCase()) {
    case 'floating icon':
      return 'floatingIcon';
    case 'timed popup':
      return 'timedPopup';
    default:
      return 'exitPopup';
  }
}
