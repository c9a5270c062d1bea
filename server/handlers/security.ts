import type { FastifyRequest } from 'fastify';
import { isSessionActive } from '../domain/auth/sessions.ts';
import { invalidAccessToken } from '../http/apiError.ts';
import type { HandlerContext } from './handlerContext.ts';

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

/**
 * Security handlers by scheme name of the contract. bearerAuth accepts a valid, unexpired
 * access token whose session is still open: logout, a password change and refresh-token reuse
 * revoke the session and so end its access tokens before they expire (on this instance at once,
 * on the others within SESSION_CHECK_REUSE_MS, sessions.ts). Every failure answers
 * 401 invalid_or_expired_access_token, the SPA's cue to refresh once (spec §4).
 */
export function createSecurityHandlers({ db, accessTokens, tokenClock }: HandlerContext) {
  return {
    async bearerAuth(request: FastifyRequest): Promise<void> {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const claims = token ? await accessTokens.verify(token) : null;
      if (!claims || !(await isSessionActive(db, claims.sessionId, claims.userId, tokenClock))) throw invalidAccessToken();
      request.auth = claims;
    },
  };
}
