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

/** Counters older than this are deleted now and then. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one request against `limit` for `key` (fixed windows) and says whether it may go on.
 * One upsert per check; refused requests count too, so hammering does not reset the window.
 */
export async function hitRateLimit(db: Database, limit: RateLimit, key: string, now = new Date()): Promise<RateVerdict> {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(widgetRateCounters)
    .values({ key: `${limit.name}:${key}`, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [widgetRateCounters.key, widgetRateCounters.windowStart],
      set: { hits: sql`${widgetRateCounters.hits} + 1` },
    })
    .returning({ hits: widgetRateCounters.hits });
  // Cleanup now and then instead of a job: a hundredth of the hits delete old windows.
  if (Math.random() < 0.01) await db.delete(widgetRateCounters).where(lt(widgetRateCounters.windowStart, new Date(now.getTime() - RETENTION_MS)));
  if ((row?.hits ?? 0) <= limit.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000)) };
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
