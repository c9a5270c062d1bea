import type { components } from '../contract/widgetApi.gen.ts';

/** spec §1: the three widget types, by behaviour rather than by metadata id (openapi/widget.yaml PublicWidget kind). */
export type WidgetKind = components['schemas']['PublicWidget']['kind'];

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
