import type { components } from '../../common/contract/dashboard.gen.ts';

/** An API key as listed (contract: ApiKey): its name, scope and first characters; never the key itself. */
export type ApiKey = components['schemas']['ApiKey'];
/** The answer of a creation: the key's row with the key, answered this once. */
export type ApiKeyCreated = components['schemas']['ApiKeyCreated'];
/** What a key may do: `read` only GET operations, `write` the others its scheme reaches too. */
export type ApiKeyScope = components['schemas']['ApiKeyScope'];

/** Every scope, in the order the form offers them, the safer first (`satisfies` refuses a name the contract does not know). */
export const apiKeyScopes = ['read', 'write'] as const satisfies readonly ApiKeyScope[];

/** The contract's scopes the list above lacks: none (apiKeys.machine.test.ts fails to compile otherwise). */
export type UnlistedScopes = Exclude<ApiKeyScope, (typeof apiKeyScopes)[number]>;
