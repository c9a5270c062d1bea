import type { I18n, MessageDescriptor } from '@lingui/core';
import { translateMessage } from '../../machines/shared/messages.ts';

/** The translated text of an optional message (machines keep descriptors; views translate). */
export function messageText(i18n: I18n, message: MessageDescriptor | null | undefined): string | undefined {
  return message ? translateMessage(i18n, message) : undefined;
}
