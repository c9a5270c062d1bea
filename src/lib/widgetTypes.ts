import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * spec §1: the widget types Exit popup, Timed popup and Floating icon. Their names come from the
 * metadata in English; these are their translatable labels, found by name.
 */
const labels: Record<string, MessageDescriptor> = {
  'exit popup': msg`Exit popup`,
  'timed popup': msg`Timed popup`,
  'floating icon': msg`Floating icon`,
};

/** The translated label of a widget type, or its metadata name when it is not a known type. */
export function widgetTypeLabel(i18n: Pick<I18n, '_'>, type: { name: string } | undefined): string {
  if (!type) return '';
  const label = labels[type.name.trim().toLowerCase()];
  return label ? i18n._(label) : type.name;
}
