import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Adapters } from '../adapters/adapters.ts';
import type { Config } from '../config.ts';
import type { Database, DatabaseEngine } from '../db/client.ts';
import type { AccessTokenClaims, AccessTokens } from '../domain/auth/accessTokens.ts';
import type { TimingEqualizer } from '../domain/auth/passwords.ts';
import type { TokenClock } from '../domain/auth/tokenClock.ts';
import { invalidAccessToken } from '../http/apiError.ts';

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
}

/** A contract operation's handler, bound by its operationId (fastify-openapi-glue). */
export type OperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export type OperationHandlers = Record<string, OperationHandler>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearerAuth security handler on operations that need a token. */
    auth: AccessTokenClaims | null;
  }
}

/** The caller of an operation protected by bearerAuth. */
export function caller(request: FastifyRequest): AccessTokenClaims {
  if (!request.auth) throw invalidAccessToken();
  return request.auth;
}
