import { and, asc, eq, isNotNull, lt, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { calls } from '../../db/schema/calls.ts';
import { type AcceptedCall, type PlacedCall, placeCall } from './callPlacement.ts';
import type { CallLog, CallRequestDeps } from './callRequestDeps.ts';

/**
 * Runs `work` while renewing a lease every third of `leaseMs`, so no other instance takes over
 * what this one is still doing (a renewal that fails is logged; the lease then may run out).
 */
export async function whileRenewing<T>(work: () => Promise<T>, renew: () => Promise<void>, leaseMs: number, log: CallLog, subject: object): Promise<T> {
  const timer = setInterval(() => {
    renew().catch((error: unknown) => log.warn({ ...subject, err: error }, 'calls: could not renew a lease'));
  }, Math.max(10, Math.floor(leaseMs / 3)));
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * Places a Call now call whose placement this instance holds (calls.placementClaimedAt), keeping
 * the claim alive until placeCall records the outcome and ends it.
 */
export function placeUnderLease(db: Database, deps: CallRequestDeps, callId: number, onFirstDial?: () => void, justAccepted?: AcceptedCall): Promise<PlacedCall> {
  return whileRenewing(
    () => placeCall(db, deps, callId, onFirstDial, justAccepted),
    async () => {
      await db
        .update(calls)
        .set({ placementClaimedAt: deps.clock.now() })
        .where(and(eq(calls.id, callId), isNotNull(calls.placementClaimedAt)));
    },
    deps.leaseMs,
    deps.log,
    { callId },
  );
}

/**
 * Claims one Call now call whose placement lease ran out — the instance placing it died, or the
 * server was stopped abruptly — with FOR UPDATE SKIP LOCKED (ARCHITECTURE.md rule 3), renewing
 * the lease to `now` in the same short transaction; answers its id. The claimer finishes
 * placing it with placeUnderLease: a call is never lost, and never placed by two instances.
 * `placing` are the calls the claimer itself is placing (never claimed again, however late their
 * renewal).
 */
export async function claimStalePlacement(db: Database, now: Date, leaseMs: number, placing: Iterable<number> = []): Promise<number | undefined> {
  const own = [...placing];
  const staleBefore = new Date(now.getTime() - leaseMs);
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: calls.id })
      .from(calls)
      .where(and(isNotNull(calls.placementClaimedAt), lt(calls.placementClaimedAt, staleBefore), own.length > 0 ? notInArray(calls.id, own) : undefined))
      .orderBy(asc(calls.placementClaimedAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!candidate) return undefined;
    await tx.update(calls).set({ placementClaimedAt: now }).where(eq(calls.id, candidate.id));
    return candidate.id;
  });
}
