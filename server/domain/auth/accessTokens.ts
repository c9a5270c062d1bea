import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { systemTokenClock, type TokenClock } from './tokenClock.ts';

/** Who an access token speaks for: the account and the session (refresh-token family). */
export interface AccessTokenClaims {
  userId: number;
  sessionId: string;
}

const ISSUER = 'callback-dashboard';
/** Verified tokens each instance remembers (one per signed-in tab, about). */
const VERIFIED_TOKENS_KEPT = 20_000;
const AUDIENCE = 'dashboard-api';

/**
 * Short-lived signed access tokens (JWT, HS256). They are checked against the session row on
 * every request too (server/handlers/security.ts), so revoking a session ends them at once.
 */
export class AccessTokens {
  readonly #key: Uint8Array;
  readonly #clock: TokenClock;
  /**
   * Tokens this instance verified, with their claims and expiry (issue 17): the signature check
   * (WebCrypto's HMAC, a job on the thread pool) was a quarter of what a signed-in request cost,
   * and a token that verified once verifies again until it expires, with the same key. The
   * session behind it is still checked on every request (isSessionActive).
   */
  readonly #verified = new LRUCache<string, { claims: AccessTokenClaims; expiresAtSeconds: number }>({ max: VERIFIED_TOKENS_KEPT });
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
    const verified = this.#verified.get(token);
    // Expired as jose judges it: once the clock's second reaches `exp`.
    if (verified && Math.floor(this.#clock.now() / 1000) < verified.expiresAtSeconds) return verified.claims;
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(this.#clock.now()),
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
      const claims = { userId, sessionId: payload.sid };
      this.#verified.set(token, { claims, expiresAtSeconds: payload.exp });
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
