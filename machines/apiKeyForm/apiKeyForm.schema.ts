import * as z from 'zod/mini';
import { fieldRequired, rule } from '../form/validation.ts';
import { apiKeyScopes, type ApiKeyScope } from '../apiKeys/apiKeys.types.ts';
import { apiKeyFormMessages } from './apiKeyForm.messages.ts';

export interface ApiKeyFormValues {
  name: string;
  scope: ApiKeyScope;
}

/** What a new key may do unless the user chooses otherwise: read only, the scope a leaked key does least harm with. */
export const DEFAULT_API_KEY_SCOPE: ApiKeyScope = 'read';

/** The contract's limit (ApiKeyInput.name). */
export const MAX_API_KEY_NAME_LENGTH = 100;

/**
 * The create-key form: a name and a scope. The name is checked as the server stores it, without
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
});
