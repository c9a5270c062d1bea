import type { I18n, MessageDescriptor } from '@lingui/core';
import { translateMessage } from '../../../machines/shared/messages.ts';
import { formatLongDay } from '../../lib/dateTime.ts';

/**
 * The text of a credit forecast message (machines/credits/credits.selectors.ts): the selectors
 * keep the day as yyyy-MM-dd, the view writes it in the reader's language. The day is already on
 * the account's calendar (the server placed it in the account's time zone).
 */
export function forecastText(i18n: I18n, message: MessageDescriptor, day: string | undefined): string {
  if (day === undefined) return translateMessage(i18n, message);
  return translateMessage(i18n, { ...message, values: { ...message.values, date: formatLongDay(day, i18n.locale) } });
}
