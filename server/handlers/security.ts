import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiKeyRateLimit, authenticateApiKey, looksLikeApiKey } from '../domain/apiKeys/apiKeys.ts';
import { isSessionActive } from '../domain/auth/sessions.ts';
import { apiKeyNotAllowed, insufficientScope, invalidAccessToken, tooManyRequests } from '../http/apiError.ts';
import { type Contract, listOperations, operationIdOf } from '../http/contract.ts';
import type { HandlerContext } from './handlerContext.ts';

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

/** The contract's security scheme of API keys (issue 19). */
export const API_KEY_SCHEME = 'apiKey';

/** What a `read` key may call: reads only (HEAD is Fastify's own twin of every GET route). */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The operations whose `security` lists the apiKey scheme, read from the contract at startup:
 * the contract's per-operation lists are the one home of what API keys may reach.
 */
export function operationsTakingApiKeys(contract: Contract): ReadonlySet<string> {
  return new Set(listOperations(contract).filter((op) => op.securitySchemes.includes(API_KEY_SCHEME)).map((op) => op.operationId));
}

/**
 * Answers an API key on an operation that needs a signed-in user (its `security` lists schemes,
 * not apiKey) with 403 api_key_not_allowed as soon as the route is known, before the body is read
 * or checked: the refusal comes before anything else, whatever the body holds (a key never learns
 * how a session-only body is checked, nor reaches a current-password check, issue 19), and the key
 * is never looked up. bearerAuth refuses it too, for any caller that skips this hook.
 */
export function refuseApiKeysEarly(app: FastifyInstance, contract: Contract): void {
  const sessionOnly = new Set(
    listOperations(contract)
      .filter((op) => op.securitySchemes.length > 0 && !op.securitySchemes.includes(API_KEY_SCHEME))
      .map((op) => op.operationId),
  );
  app.addHook('onRequest', async (request) => {
    if (!sessionOnly.has(operationIdOf(request) ?? '')) return;
    const token = bearerToken(request);
    if (token && looksLikeApiKey(token)) throw apiKeyNotAllowed();
  });
}

function bearerToken(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * Security handlers by scheme name of the contract.
 *
 * bearerAuth accepts a valid, unexpired access token whose session is still open: logout, a
 * password change and refresh-token reuse revoke the session and so end its access tokens before
 * they expire (on this instance at once, on the others within SESSION_CHECK_REUSE_MS,
 * sessions.ts). Every failure answers 401 invalid_or_expired_access_token, the SPA's cue to
 * refresh once (spec §4).
 *
 * apiKey accepts a `cbk_…` key of a live account (domain/apiKeys), counting the request against
 * the key's limit (429 past it); a `read` key only on GET operations (403 insufficient_scope).
 * An unknown or deleted key answers 401 like an unknown token.
 *
 * fastify-openapi-glue tries an operation's schemes in the contract's order and, when none
 * accepts, throws them all; the error handler answers the one that refused for a reason
 * (http/errorHandler.ts), so each scheme answers the generic 401 for a credential that is not
 * its kind. An operation that lists bearerAuth alone never runs the apiKey handler: there
 * bearerAuth itself refuses a key with 403 api_key_not_allowed, as the contract says, before the
 * key is even looked up.
 */
export function createSecurityHandlers({ db, accessTokens, tokenClock, config }: HandlerContext, contract: Contract) {
  const takingApiKeys = operationsTakingApiKeys(contract);
  const rateLimit = apiKeyRateLimit(config.apiKeyRequestsPerMinute);
  // Unknown (not a contract route) counts as not taking keys: closed unless the contract opens it.
  const takesApiKeys = (request: FastifyRequest) => takingApiKeys.has(operationIdOf(request) ?? '');

  return {
    async bearerAuth(request: FastifyRequest): Promise<void> {
      const token = bearerToken(request);
      if (token && looksLikeApiKey(token)) throw takesApiKeys(request) ? invalidAccessToken() : apiKeyNotAllowed();
      const claims = token ? await accessTokens.verify(token) : null;
      if (!claims || !(await isSessionActive(db, claims.sessionId, claims.userId, tokenClock))) throw invalidAccessToken();
      request.auth = claims;
    },

    async [API_KEY_SCHEME](request: FastifyRequest): Promise<void> {
      const token = bearerToken(request);
      if (!token || !looksLikeApiKey(token)) throw invalidAccessToken();
      // fastify-openapi-glue runs this handler only where the contract lists the scheme; kept for any other caller.
      if (!takesApiKeys(request)) throw apiKeyNotAllowed();
      const key = await authenticateApiKey(db, token, rateLimit, new Date(tokenClock.now()));
      if (!key) throw invalidAccessToken();
      if (!key.verdict.allowed) throw tooManyRequests(key.verdict.retryAfterSeconds, rateLimit.max);
      if (key.scope === 'read' && !READ_METHODS.has(request.method)) throw insufficientScope();
      request.auth = { userId: key.userId, apiKey: { id: key.id, scope: key.scope } };
    },
  };
}
