import type { MessageDescriptor } from '@lingui/core';
import { fromPromise } from 'xstate';
import { settingsMachine, type SettingsProfile } from '../../../machines/settings/settings.machine.ts';
import { settingsCardMachine, type CardValues } from '../../../machines/settings/settingsCard.machine.ts';
import { toApiFailure, type ApiFailure } from '../../../machines/shared/apiFailure.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow, okOrThrow } from '../../api/failure.ts';
import { notify, type NoticeType } from '../../lib/toaster.ts';

/** The settings page machine with its real profile loader (GET /user). */
export function provideSettingsMachine(api: ApiClient) {
  return settingsMachine.provide({
    actors: {
      profileLoader: fromPromise<SettingsProfile>(async () => dataOrThrow(await api.GET('/user'))),
    },
  });
}

export interface CardWiring {
  /** The request a save makes with the draft's values. */
  save: (values: CardValues) => Promise<void>;
  saved: { type: NoticeType; message: MessageDescriptor };
  /** The failure toast, or the one for this failure (e.g. a wrong password). */
  failed: MessageDescriptor | ((failure: ApiFailure) => MessageDescriptor);
  /** Reloads the profile of the page and of the session (top bar name and time zone). */
  reloadProfile: () => void;
}

/** One settings card with its request, its toasts and the profile reload. */
export function provideSettingsCard({ save, saved, failed, reloadProfile }: CardWiring) {
  return settingsCardMachine.provide({
    actors: { settingsUpdate: fromPromise<void, CardValues>(({ input }) => save(input)) },
    actions: {
      reloadProfile,
      notifySaved: () => notify(saved.type, saved.message),
      notifyFailed: ({ event }) =>
        notify('error', typeof failed === 'function' ? failed(toApiFailure((event as { error?: unknown }).error)) : failed),
    },
  });
}

/** PATCH /user with the changed account fields. */
export function updateUser(
  api: ApiClient,
  body: { name?: string; timezone?: string; email?: string; currentPassword?: string; twilioNumberId?: number | null },
) {
  return api.PATCH('/user', { body }).then(okOrThrow);
}

/** PATCH /user/password (spec §7: currentPassword, newPassword, invalidateSessions true). */
export function changePassword(api: ApiClient, currentPassword: string, newPassword: string) {
  return api.PATCH('/user/password', { body: { currentPassword, newPassword, invalidateSessions: true } }).then(okOrThrow);
}
