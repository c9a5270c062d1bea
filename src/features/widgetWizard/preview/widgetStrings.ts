import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WidgetStrings } from '../../../../widget/src/strings.ts';

/** The widget's built-in texts (widget/src/strings.ts) as translatable messages, same English. */
export const widgetStringMessages: Record<keyof WidgetStrings, MessageDescriptor> = {
  phonePlaceholder: msg`Your phone number`,
  phoneLabel: msg`Phone number`,
  callWithin: msg`We will call you within 10 seconds`,
  close: msg`Close`,
  openWidget: msg`Call me`,
  day: msg`Day`,
  time: msg`Time`,
  today: msg`Today`,
  tomorrow: msg`Tomorrow`,
  noTimes: msg`No times available`,
};

/** The widget's built-in texts in the dashboard's language, for the preview. */
export function translatedWidgetStrings(i18n: Pick<I18n, '_'>): WidgetStrings {
  const strings = {} as WidgetStrings;
  for (const key of Object.keys(widgetStringMessages) as (keyof WidgetStrings)[]) strings[key] = i18n._(widgetStringMessages[key]);
  return strings;
}
