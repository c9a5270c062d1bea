import * as z from 'zod/mini';
import { currentPasswordField } from '../form/currentPassword.ts';
import { fieldRequired, rule } from '../form/validation.ts';
import { apiKeyScopes, type ApiKeyScope } from '../apiKeys/apiKeys.types.ts';
import { apiKeyFormMessages } from './apiKeyForm.messages.ts';

export interface ApiKeyFormValues {
  name: string;
  scope: ApiKeyScope;
  /** Confirms the key (issue 19, "sudo mode"): a key outlives a change of password. */
  currentPassword: string;
}

/** What a new key may do unless the user chooses otherwise: read only, the scope a leaked key does least harm with. */
export const DEFAULT_API_KEY_SCOPE: ApiKeyScope = 'read';

/** The contract's limit (ApiKeyInput.name). */
export const MAX_API_KEY_NAME_LENGTH = 100;

/**
 * The create-key form: a name, a scope and the current password. The name is checked as the server stores it, without
 * surrounding spaces (`z.trim()` runs before the checks after it): spaces alone are no name, and
 * spaces around 100 characters do not make them too long.
 */
export const apiKeyFormSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.refine((name) => name !== '', { message: rule.required, params: { message: fieldRequired(apiKeyFormMessages.nameLabel) } }),
    z.maxLength(MAX_API_KEY_NAME_LENGTH, rule.maxLength),
  ),
  scope: z.enum(apiKeyScopes),
  currentPassword: currentPasswordField(),
});
