import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { toApiFailure } from '../shared/apiFailure.ts';

/** The block list's notices (issue 7: a block list per client, edited in Account Settings). */
export const blockListMessages = {
  loadFailed: msg`Failed to load the blocked visitors.`,
  blocked: msg`The visitor is blocked.`,
  blockFailed: msg`Failed to block the visitor.`,
  listFull: msg`Your block list is full. Unblock an entry to add another.`,
  unblocked: msg`The visitor is unblocked.`,
  unblockFailed: msg`Failed to unblock the visitor.`,
};

/** What each kind of entry is called (the form's choice, and its validation messages name it). */
export const blockedVisitorKindLabels = {
  number: msg`Phone Number`,
  address: msg`IP Address`,
} satisfies Record<string, MessageDescriptor>;

/** The notice of a refused block: a full list says so (409 `block_list_full`). */
export function blockFailedNotice(error: unknown): MessageDescriptor {
  return toApiFailure(error).code === 'block_list_full' ? blockListMessages.listFull : blockListMessages.blockFailed;
}
