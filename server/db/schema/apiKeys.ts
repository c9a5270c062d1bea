import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, instant } from './columns.ts';

/** What a key may do (openapi ApiKeyScope): `read` calls GET operations only. */
export const apiKeyScopes = ['read', 'write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/**
 * A key the client's own systems call the API with as the account (issue 19). The key itself is
 * never stored, only its SHA-256 hash (server/domain/apiKeys/apiKeys.ts says why a fast hash is
 * right), and `prefix`, its first characters, so the client can tell its keys apart.
 * `lastUsedAt` is written at most once a minute per key.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scope: text({ enum: apiKeyScopes }).notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant(),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_user_id_idx').on(t.userId, t.id),
    check('api_keys_scope_check', sql`${t.scope} in ('read', 'write')`),
  ],
);
