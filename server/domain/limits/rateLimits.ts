import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { widgetRateCounters } from '../../db/schema/widgetApi.ts';

/** One limit: at most `max` requests per `windowSeconds` for one key. */
export interface RateLimit {
  name: string;
  max: number;
  windowSeconds: number;
}

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one request against `limit` for `key` (fixed windows) and says whether it may go on.
 * One upsert per check (count_rate_hit, a hit of count_rate_hits, migration 0015: the one home of
 * the counters, which the Call now statement uses too); refused requests count too, so hammering does not reset the
 * window. One hit in a hundred deletes windows older than a day.
 */
export async function hitRateLimit(db: Database, limit: RateLimit, key: string, now = new Date()): Promise<RateVerdict> {
  const { hits, retryAfterSeconds } = await countRateHit(db, rateLimitKey(limit, key), limit.windowSeconds, now);
  await sweepRateCounters(db, now);
  if (hits <= limit.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds };
}

/** Counters older than this are deleted now and then. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes windows older than a day one call in a hundred: cleanup now and then instead of a job,
 * always in a statement of its own (never inside a statement or transaction that holds other
 * counters: its deletes would lock rows in no set order).
 */
export async function sweepRateCounters(db: Database, now: Date): Promise<void> {
  if (Math.random() < 0.01) await db.delete(widgetRateCounters).where(lt(widgetRateCounters.windowStart, new Date(now.getTime() - RETENTION_MS)));
}

/** A limit's counter key for one subject. */
export function rateLimitKey(limit: RateLimit, key: string): string {
  return `${limit.name}:${key}`;
}

/** The subject of a per-number limit: a visitor's number (E.164) on one account. */
export function visitorNumberKey(userId: number, number: string): string {
  return `${userId}:${number}`;
}

/** One hit of `key` in its fixed window of `windowSeconds` (count_rate_hit): the window's hits and the seconds until it ends. */
export async function countRateHit(db: Database, key: string, windowSeconds: number, now: Date): Promise<{ hits: number; retryAfterSeconds: number }> {
  const result = await db.execute(sql`select hits, retry_after_seconds as "retryAfterSeconds" from count_rate_hit(${key}, ${windowSeconds}::integer, ${now.toISOString()}::timestamptz)`);
  const [row] = (result as unknown as { rows: { hits: number; retryAfterSeconds: number }[] }).rows;
  return { hits: Number(row!.hits), retryAfterSeconds: Number(row!.retryAfterSeconds) };
}

/**
 * The two limits of an account flow that mails an address anyone may type (forgot password,
 * verification sent again; sign-up counts its target only after the bot check, so not here):
 * first the client address's, then the target address's.
 * A request refused by the first is not counted against the target.
 */
export async function hitAddressThenTarget(
  db: Database,
  limits: { perAddress: RateLimit; perTarget: RateLimit },
  keys: { address: string; target: string },
  now = new Date(),
): Promise<RateVerdict> {
  const byAddress = await hitRateLimit(db, limits.perAddress, keys.address, now);
  if (!byAddress.allowed) return byAddress;
  return hitRateLimit(db, limits.perTarget, keys.target, now);
}
