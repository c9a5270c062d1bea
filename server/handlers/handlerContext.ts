import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Adapters } from '../adapters/adapters.ts';
import type { Config } from '../config.ts';
import type { Database, DatabaseEngine } from '../db/client.ts';
import type { CallRequestDeps } from '../domain/callEngine/callRequestDeps.ts';
import type { ApiKeyScope } from '../db/schema/apiKeys.ts';
import type { AccessTokenClaims, AccessTokens } from '../domain/auth/accessTokens.ts';
import type { TimingEqualizer } from '../domain/auth/passwords.ts';
import type { TokenClock } from '../domain/auth/tokenClock.ts';
import { apiKeyNotAllowed, invalidAccessToken } from '../http/apiError.ts';

/** What the handlers of every tag depend on; built once by buildApp. */
export interface HandlerContext {
  config: Config;
  db: Database;
  engine: DatabaseEngine;
  adapters: Adapters;
  accessTokens: AccessTokens;
  /** The clock access and refresh tokens are issued and checked by (buildApp's `tokenClock`). */
  tokenClock: TokenClock;
  timing: TimingEqualizer;
  /** The app's one call machinery (the widget API's requests, the workers, test calls). */
  callRequests: CallRequestDeps;
}

/** A contract operation's handler, bound by its operationId (fastify-openapi-glue). */
export type OperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export type OperationHandlers = Record<string, OperationHandler>;

/** A request signed in with an access token: the account and its session. */
export interface SessionCaller extends AccessTokenClaims {
  apiKey?: undefined;
}

/** A request made with an API key (issue 19): the key's account, and the key, for its scope and the logs. No session. */
export interface ApiKeyCaller {
  userId: number;
  sessionId?: undefined;
  apiKey: { id: number; scope: ApiKeyScope };
}

/** Who an authenticated request speaks for. Handlers read `userId`; only session operations read more (sessionCaller). */
export type Caller = SessionCaller | ApiKeyCaller;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the security handlers (bearerAuth, apiKey) on operations that need a token. */
    auth: Caller | null;
  }
}

/** The caller of an operation protected by bearerAuth or apiKey. */
export function caller(request: FastifyRequest): Caller {
  if (!request.auth) throw invalidAccessToken();
  return request.auth;
}

/**
 * The signed-in session of an operation that needs one (sign-out, password and e-mail changes).
 * The contract keeps API keys off these operations; this holds even if it someday did not, since
 * a key has no session to end or keep.
 */
export function sessionCaller(request: FastifyRequest): AccessTokenClaims {
  const who = caller(request);
  if (who.apiKey) throw apiKeyNotAllowed();
  return who;
}
