import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type OneTimeTokenKind, oneTimeTokens } from '../../db/schema/accounts.ts';
import { hashSecretToken, newSecretToken } from './secretTokens.ts';

const HOUR_MS = 60 * 60 * 1000;

/** How long each e-mailed code works: verification and change of e-mail 48 h, reset 1 h. */
export const ONE_TIME_TOKEN_TTL_MS: Record<OneTimeTokenKind, number> = {
  verify_email: 48 * HOUR_MS,
  change_email: 48 * HOUR_MS,
  reset_password: 1 * HOUR_MS,
};

export interface OneTimeTokenRequest {
  userId: number;
  kind: OneTimeTokenKind;
  /** The address the code is mailed to. */
  email: string;
  /** change_email: the session that asked, kept when the change is confirmed. */
  sessionId?: string;
}

/** Creates a single-use code and answers it in clear text, for the e-mail; only its hash is kept. */
export async function issueOneTimeToken(db: Database, request: OneTimeTokenRequest): Promise<string> {
  const token = newSecretToken();
  await db.insert(oneTimeTokens).values({
    ...request,
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(Date.now() + ONE_TIME_TOKEN_TTL_MS[request.kind]),
  });
  return token;
}

export interface SpentOneTimeToken {
  userId: number;
  email: string;
  sessionId: string | null;
}

/**
 * Spends a code of the given kind. The single UPDATE … WHERE used_at IS NULL AND expires_at >
 * now() RETURNING makes it single-use even when two requests race. Null when unknown, of
 * another kind, expired or already used (all answered alike: 404 invalid_code).
 */
export async function spendOneTimeToken(db: Database, kind: OneTimeTokenKind, token: string): Promise<SpentOneTimeToken | null> {
  const now = new Date();
  const [spent] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashSecretToken(token)),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, email: oneTimeTokens.email, sessionId: oneTimeTokens.sessionId });
  return spent ?? null;
}
