import type { MessageDescriptor } from '@lingui/core';
import { setupI18n } from '@lingui/core';
import { translateMessage } from '../shared/messages.ts';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

/** The English text of a message descriptor, placeholders filled, as a view would show it. */
export function english(descriptor: MessageDescriptor | null | undefined): string | undefined {
  return descriptor ? translateMessage(i18n, descriptor) : undefined;
}
