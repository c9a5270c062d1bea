import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apiKeys, type ApiKeyScope } from '../../db/schema/apiKeys.ts';
import { hashSecretToken } from '../auth/secretTokens.ts';
import { DomainError, invalidInput, notFoundRow } from '../domainError.ts';
import { type RateLimit, type RateVerdict, rateLimitKey, sweepRateCounters } from '../limits/rateLimits.ts';

/** What every key starts with: tells a key from an access token at a glance, and secret scanners can look for it. */
export const API_KEY_PREFIX = 'cbk_';
/** `cbk_` and 32 random bytes in base64url (43 characters, no padding). */
const API_KEY_SHAPE = /^cbk_[A-Za-z0-9_-]{43}$/;
/** Characters of the random part kept in `prefix`: enough to tell a client's keys apart, 36 of 256 bits. */
const PREFIX_RANDOM_CHARACTERS = 6;

/** The most keys an account may have (contract: `api_keys_full`). */
export const MAX_API_KEYS = 20;

/**
 * The per-key limit of `perMinute` requests (config: apiKeyRequestsPerMinute, 600 as the contract
 * says): fixed one-minute windows in the shared rate counters, so every instance counts together.
 */
export function apiKeyRateLimit(perMinute: number): RateLimit {
  return { name: 'api_key', max: perMinute, windowSeconds: 60 };
}

/** A key as the contract's `ApiKey` answers it: never the key, nor its hash. */
export interface ApiKeyView {
  id: number;
  name: string;
  scope: ApiKeyScope;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

function toView(row: typeof apiKeys.$inferSelect): ApiKeyView {
  return { id: row.id, name: row.name, scope: row.scope, prefix: row.prefix, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

/** Whether a bearer credential is meant as an API key (the apiKey scheme), well formed or not. */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/**
 * What the database keeps of a key. SHA-256 and no password KDF, on purpose: the key is 256 random
 * bits, so there is no dictionary to slow an attacker down and nothing to guess; a slow hash would
 * only make every API request slow. A leaked table still gives no working key.
 */
export function hashApiKey(key: string): string {
  return hashSecretToken(key);
}

/** The caller's keys, newest first. */
export async function listApiKeys(db: Database, userId: number): Promise<ApiKeyView[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).limit(MAX_API_KEYS);
  return rows.map(toView);
}

/**
 * Makes a key and answers it this once with its row; only the hash is stored. One creation at a
 * time per account (a transaction lock), so parallel requests cannot pass MAX_API_KEYS.
 * `confirm` (the HTTP operation's check of the current password, issue 19) runs once the input is
 * known good and before anything is written; it throws to refuse.
 */
export async function createApiKey(
  db: Database,
  userId: number,
  input: { name: string; scope: ApiKeyScope },
  confirm: () => Promise<void> = async () => {},
): Promise<ApiKeyView & { key: string }> {
  const name = input.name.trim();
  // The contract's pattern already asks for a character that is not a space; this keeps the rule for callers outside HTTP.
  if (name === '') throw invalidInput('Field name must not be empty.');
  // Before the transaction: the password's hash is slow on purpose, and must not hold the account's lock.
  await confirm();
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${userId}::int, hashtext('api_keys'))`);
    const [size] = await tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
    if ((size?.n ?? 0) >= MAX_API_KEYS) throw new DomainError('api_keys_full', `You already have ${MAX_API_KEYS} API keys. Delete one you no longer use first.`);
    const [created] = await tx
      .insert(apiKeys)
      .values({ userId, name, scope: input.scope, prefix: key.slice(0, API_KEY_PREFIX.length + PREFIX_RANDOM_CHARACTERS), keyHash: hashApiKey(key) })
      .returning();
    return { ...toView(created!), key };
  });
}

/** Deletes one of the caller's keys; the next request with it is refused (authenticateApiKey reads the row each time). */
export async function deleteApiKey(db: Database, userId: number, id: number): Promise<void> {
  const removed = await db.delete(apiKeys).where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, id))).returning({ id: apiKeys.id });
  if (removed.length === 0) throw notFoundRow('API key');
}

/** A key that names a live account, and whether this request is within the key's limit. */
export interface AuthenticatedApiKey {
  id: number;
  userId: number;
  scope: ApiKeyScope;
  verdict: RateVerdict;
}

interface AuthenticationRow {
  id: number;
  userId: number;
  scope: ApiKeyScope;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * The key's row, if it exists and its account is not deleted, with one hit counted against its
 * rate limit: one statement, so a key costs a request one round trip, and a deleted key fails on
 * every instance at once. `last_used_at` rides the same statement, written only when a minute
 * old: a statement of its own after the answer would cost another round trip and, on PGlite, a
 * turn of its one connection, where here it is an index lookup that writes once a minute. Unknown
 * keys count nothing: there is no row to count them by, and 256 random bits leave nothing to guess.
 */
export async function authenticateApiKey(db: Database, key: string, limit: RateLimit, now: Date): Promise<AuthenticatedApiKey | null> {
  if (!API_KEY_SHAPE.test(key)) return null;
  const at = now.toISOString();
  // The counter's key is rateLimitKey(limit, <the key's id>), put together in SQL, where the id is found.
  const result = await db.execute(sql`
    with found as (
      select k.id, k.user_id, k.scope from api_keys k join users u on u.id = k.user_id
      where k.key_hash = ${hashApiKey(key)} and u.deleted_at is null
    ), touched as (
      update api_keys set last_used_at = ${at}::timestamptz
      where id = (select id from found) and (last_used_at is null or last_used_at < ${at}::timestamptz - interval '1 minute')
    )
    select found.id, found.user_id as "userId", found.scope, hit.hits, hit.retry_after_seconds as "retryAfterSeconds"
    from found, count_rate_hit(${rateLimitKey(limit, '')}::text || found.id::text, ${limit.windowSeconds}::integer, ${at}::timestamptz) as hit`);
  const [row] = (result as unknown as { rows: AuthenticationRow[] }).rows;
  if (!row) return null;
  await sweepRateCounters(db, now);
  const verdict: RateVerdict = Number(row.hits) <= limit.max ? { allowed: true } : { allowed: false, retryAfterSeconds: Number(row.retryAfterSeconds) };
  return { id: Number(row.id), userId: Number(row.userId), scope: row.scope, verdict };
}
