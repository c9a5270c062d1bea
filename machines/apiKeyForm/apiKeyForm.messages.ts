import { msg } from '@lingui/core/macro';
import { apiKeyNameLabel } from '../apiKeys/apiKeys.messages.ts';

/** The create-key form's messages (issue 19, Integrations: API keys). */
export const apiKeyFormMessages = {
  nameLabel: apiKeyNameLabel,
  createFailed: msg`Failed to create the API key.`,
  /** 409 `api_keys_full` (server: MAX_API_KEYS). */
  keysFull: msg`You already have 20 API keys. Delete one you no longer use to create another.`,
  copyFailed: msg`Copying failed: the key is selected, press Ctrl+C (⌘C on a Mac) to copy it.`,
};
