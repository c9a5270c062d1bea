import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { refreshTokens, sessions, users } from '../../db/schema/accounts.ts';
import { hashSecretToken, newSecretToken } from './secretTokens.ts';
import { refreshSuccessorKey } from './signingKey.ts';
import { systemTokenClock, type TokenClock } from './tokenClock.ts';

export type SessionRevocationReason = NonNullable<typeof sessions.$inferSelect.revokedReason>;

export interface SessionStart {
  userId: number;
  userAgent?: string | undefined;
  clientAddress?: string | undefined;
}

export interface IssuedRefreshToken {
  userId: number;
  sessionId: string;
  refreshToken: string;
}

/**
 * Opens a session (a refresh-token family) and issues its first refresh token; `clock` dates its
 * expiry (tests move it instead of waiting).
 */
export async function startSession(
  db: Database,
  start: SessionStart,
  refreshTtlSeconds: number,
  clock: TokenClock = systemTokenClock,
): Promise<IssuedRefreshToken> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({ userId: start.userId, userAgent: start.userAgent?.slice(0, 500), clientAddress: start.clientAddress })
      .returning({ id: sessions.id });
    const refreshToken = await insertRefreshToken(tx, session!.id, refreshTtlSeconds, clock);
    return { userId: start.userId, sessionId: session!.id, refreshToken };
  });
}

/**
 * A spent refresh token may be exchanged again for this long, as long as its successor has not
 * been used: the answer to a refresh can be lost (the tab reloads or closes while the request is
 * in flight, two tabs share the session and refresh at once), and the owner would otherwise be
 * signed out as if the token had leaked. Auth0 ("reuse interval") and Okta ("grace period") do
 * the same.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

/**
 * Exchanges a refresh token for a new one in the same session (rotation). The presented token
 * is spent atomically. Presenting a token that was already spent means it leaked (or a replay):
 * the whole session is revoked, which ends the thief's and the owner's tokens alike, unless the
 * token was spent within the grace window and the session has not moved on since (see
 * REFRESH_REUSE_GRACE_SECONDS). Answers null for any token that cannot be used. Expiry and the
 * grace window are read on `clock`.
 *
 * A token has exactly one successor, derived from it with a server key (successorOf): spending
 * it again within the grace window, in sequence or in parallel, answers that same successor, so
 * a session is always one chain and reuse detection sees every fork. Deriving instead of storing
 * keeps clear-text tokens out of the database, and the key keeps a thief holding an old token
 * from computing the live one.
 */
export async function rotateRefreshToken(
  db: Database,
  presented: string,
  refreshTtlSeconds: number,
  clock: TokenClock = systemTokenClock,
): Promise<IssuedRefreshToken | null> {
  const tokenHash = hashSecretToken(presented);
  const successor = successorOf(presented, await refreshSuccessorKey(db));
  let revoked: string[] = [];
  const rotated = await db.transaction(async (tx) => {
    const now = new Date(clock.now());
    const [spent] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt), gt(refreshTokens.expiresAt, now)))
      .returning({ sessionId: refreshTokens.sessionId });

    let sessionId = spent?.sessionId;
    if (!sessionId) {
      const [known] = await tx
        .select({ sessionId: refreshTokens.sessionId, rotatedAt: refreshTokens.rotatedAt, expiresAt: refreshTokens.expiresAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!known?.rotatedAt) return null;
      const withinGrace = now.getTime() - known.rotatedAt.getTime() < REFRESH_REUSE_GRACE_SECONDS * 1000 && known.expiresAt > now;
      if (!withinGrace || (await sessionMovedOn(tx, known.sessionId, known.rotatedAt))) {
        revoked = await revokeSession(tx, known.sessionId, 'refresh_token_reuse');
        return null;
      }
      sessionId = known.sessionId;
    }

    const [owner] = await tx
      .select({ userId: sessions.userId })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), isNull(users.deletedAt)));
    if (!owner) return null;

    await tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
    // The first exchange stores the successor; a retry within the grace finds it stored (in
    // PostgreSQL the retry's UPDATE above waited for the first exchange to commit).
    await tx
      .insert(refreshTokens)
      .values({ sessionId, tokenHash: hashSecretToken(successor), expiresAt: new Date(clock.now() + refreshTtlSeconds * 1000) })
      .onConflictDoNothing({ target: refreshTokens.tokenHash });
    return { userId: owner.userId, sessionId, refreshToken: successor };
  });
  forgetRevokedSessions(revoked);
  return rotated;
}

/** The one refresh token that follows `token`: an HMAC under the server's successor key. */
function successorOf(token: string, key: Buffer): string {
  return createHmac('sha256', key).update(token).digest('base64url');
}

/** True when a token of the session was spent after `since`: the chain went on without the caller. */
async function sessionMovedOn(db: Database, sessionId: string, since: Date): Promise<boolean> {
  const [later] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.sessionId, sessionId), gt(refreshTokens.rotatedAt, since)))
    .limit(1);
  return later !== undefined;
}

/**
 * How long this instance takes a session it found open for open, without asking again (issue
 * 17): every signed-in request checks its session, and the check was half of what a cached
 * answer (the widgets list) cost. A revocation made by this instance counts at once
 * (forgetRevokedSessions, once it is committed); one made by another instance is seen here within
 * this time, the same delay the widget configuration has (widgetConfigCache.ts). Access tokens
 * themselves live for minutes.
 */
export const SESSION_CHECK_REUSE_MS = 1000;

/**
 * Sessions found open, by id (random UUIDs), with their account and when (by the checking
 * clock) they were: one memory for the process, at most ACTIVE_SESSIONS_KEPT.
 */
const ACTIVE_SESSIONS_KEPT = 20_000;
const foundOpen = new LRUCache<string, { userId: number; at: number }>({ max: ACTIVE_SESSIONS_KEPT });
/** Revocations this instance made: a check that overlaps one does not remember its answer. */
let revocations = 0;

/**
 * Forgets the sessions revoked: revokeSession and revokeSessionsOfUser call it, and a caller that
 * revokes inside a transaction calls it again once the transaction committed (a check that read
 * the session before the commit must not keep it for a second more).
 */
export function forgetRevokedSessions(sessionIds: readonly string[]): void {
  revocations += 1;
  for (const id of sessionIds) foundOpen.delete(id);
}

/**
 * True while the session is open and its account not deleted: checked on every bearer request,
 * and remembered for SESSION_CHECK_REUSE_MS by `clock` (the app's token clock, which tests move)
 * when it is.
 */
export async function isSessionActive(db: Database, sessionId: string, userId: number, clock: TokenClock = systemTokenClock): Promise<boolean> {
  const checkedAt = clock.now();
  const found = foundOpen.get(sessionId);
  if (found?.userId === userId && checkedAt >= found.at && checkedAt - found.at < SESSION_CHECK_REUSE_MS) return true;
  const revocationsBefore = revocations;
  if (!(await isSessionOpenNow(db, sessionId, userId))) return false;
  if (revocations === revocationsBefore) foundOpen.set(sessionId, { userId, at: checkedAt });
  return true;
}

/** isSessionActive asking the database, for a decision that must not take a second-old answer. */
export async function isSessionOpenNow(db: Database, sessionId: string, userId: number): Promise<boolean> {
  const [row] = await activeSession(db).execute({ sessionId, userId });
  return row !== undefined;
}

const activeSession = preparedPerDatabase((db) =>
  db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId')), isNull(sessions.revokedAt), isNull(users.deletedAt)))
    .prepare('active_session'),
);

/** Revokes the session; answers its id, for forgetRevokedSessions after a transaction commits. */
export async function revokeSession(db: Database, sessionId: string, reason: SessionRevocationReason): Promise<string[]> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  forgetRevokedSessions([sessionId]);
  return [sessionId];
}

/**
 * Revokes every open session of the account, or every one but `keepSessionId`; answers their ids,
 * for forgetRevokedSessions after a transaction commits.
 */
export async function revokeSessionsOfUser(
  db: Database,
  userId: number,
  reason: SessionRevocationReason,
  keepSessionId?: string,
): Promise<string[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  const ids = revoked.map((session) => session.id);
  forgetRevokedSessions(ids);
  return ids;
}

async function insertRefreshToken(db: Database, sessionId: string, ttlSeconds: number, clock: TokenClock): Promise<string> {
  const token = newSecretToken();
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(clock.now() + ttlSeconds * 1000),
  });
  return token;
}
