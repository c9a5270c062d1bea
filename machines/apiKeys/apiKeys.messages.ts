import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ApiKeyScope } from './apiKeys.types.ts';

/** The notices of the API keys list (issue 19, Integrations: API keys). */
export const apiKeysMessages = {
  loadFailed: msg`Failed to load the API keys.`,
  deleted: msg`The API key is deleted: requests with it are refused from now on.`,
  deleteFailed: msg`Failed to delete the API key.`,
};

/**
 * A key's name, as the list's column and the form's field call it: with a context of its own, as
 * some languages name a thing otherwise than a person (zh 名称, not the 姓名 of an agent's name).
 */
export const apiKeyNameLabel = msg({ message: 'Name', context: 'API key' });

/** What each scope is called where the dashboard names it (the list's Access column, the form's choice). */
export const apiKeyScopeLabels = {
  read: msg`Read only`,
  write: msg`Read and write`,
} satisfies Record<ApiKeyScope, MessageDescriptor>;
