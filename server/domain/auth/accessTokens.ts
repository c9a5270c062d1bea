import { errors, jwtVerify, SignJWT } from 'jose';
import { systemTokenClock, type TokenClock } from './tokenClock.ts';

/** Who an access token speaks for: the account and the session (refresh-token family). */
export interface AccessTokenClaims {
  userId: number;
  sessionId: string;
}

const ISSUER = 'callback-dashboard';
const AUDIENCE = 'dashboard-api';

/**
 * Short-lived signed access tokens (JWT, HS256). They are checked against the session row on
 * every request too (server/handlers/security.ts), so revoking a session ends them at once.
 */
export class AccessTokens {
  readonly #key: Uint8Array;
  readonly #clock: TokenClock;
  readonly ttlSeconds: number;

  /** `clock` issues and checks the times in the token (tests move it to expire tokens). */
  constructor(key: Uint8Array, ttlSeconds: number, clock: TokenClock = systemTokenClock) {
    this.#key = key;
    this.ttlSeconds = ttlSeconds;
    this.#clock = clock;
  }

  sign(claims: AccessTokenClaims): Promise<string> {
    const issuedAt = Math.floor(this.#clock.now() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.#key);
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(this.#clock.now()),
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return null;
      return { userId, sessionId: payload.sid };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
