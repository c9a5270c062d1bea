import { createToaster } from '@chakra-ui/react/toast';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { i18n as appI18n } from '@lingui/core';
import { timing } from '../../machines/shared/timing.ts';

/** spec §2 Shell: notifications are top-centre toasts that stay 5000 ms and close on click. */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 5 });

export type NoticeType = 'success' | 'error' | 'info';

/** Shows a translated notice (spec §3 Notification: message and type). */
export function notify(type: NoticeType, message: MessageDescriptor, i18n: Pick<I18n, '_'> = appI18n): void {
  toaster.create({ type, description: i18n._(message), duration: timing.notification, closable: true });
}

/** The `showNotice` action of machines that name their notices (`{ type, message }` params). */
export function showNotice(_: unknown, { type, message }: { type: NoticeType; message: MessageDescriptor }): void {
  notify(type, message);
}
