import type { FastifyReply, FastifyRequest } from 'fastify';
import { revokeSession, rotateRefreshToken, type IssuedRefreshToken } from '../domain/auth/sessions.ts';
import { signInWithPassword } from '../domain/auth/signIn.ts';
import { ApiError, invalidRequest, tooManyAttempts } from '../http/apiError.ts';
import { type HandlerContext, type OperationHandlers, sessionCaller } from './handlerContext.ts';

interface TokenRequest {
  grant_type: 'password' | 'refresh_token';
  username?: string;
  password?: string;
  refresh_token?: string;
  client_id?: string;
}

const invalidGrant = (description: string) => new ApiError(401, 'invalid_grant', description);

/** Tag auth: the OAuth2 token endpoint (spec §4 Auth, §7). */
export function authHandlers(context: HandlerContext): OperationHandlers {
  const { config, db, accessTokens, tokenClock } = context;

  async function tokenPair(reply: FastifyReply, session: IssuedRefreshToken) {
    const accessToken = await accessTokens.sign({ userId: session.userId, sessionId: session.sessionId });
    // RFC 6749 §5.1: token responses must not be cached.
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    return { accessToken, refreshToken: session.refreshToken, tokenType: 'Bearer', expiresIn: accessTokens.ttlSeconds };
  }

  return {
    async createToken(request: FastifyRequest, reply: FastifyReply) {
      const body = request.body as TokenRequest;
      if (body.grant_type === 'refresh_token') {
        const session = await rotateRefreshToken(db, body.refresh_token!, config.refreshTokenTtlSeconds, tokenClock);
        if (!session) throw invalidGrant('The refresh token is invalid, expired or revoked.');
        return tokenPair(reply, session);
      }
      if (body.grant_type !== 'password') throw invalidRequest(`Unsupported grant_type ${body.grant_type}.`);

      const outcome = await signInWithPassword(
        { db, timing: context.timing, refreshTtlSeconds: config.refreshTokenTtlSeconds, tokenClock },
        { username: body.username!, password: body.password!, clientAddress: request.ip, userAgent: request.headers['user-agent'] },
      );
      if (outcome.ok) return tokenPair(reply, outcome.session);
      switch (outcome.problem) {
        case 'too_many_attempts':
          throw tooManyAttempts(outcome.retryAfterSeconds);
        case 'inactive_account':
          // spec §8: the SPA shows "Verify your e-mail address to login" for this code; the
          // description carries it too, as the spec reads it there.
          throw new ApiError(401, 'inactive_account', 'inactive_account');
        default:
          throw invalidGrant('The login details are incorrect.');
      }
    },

    /** Logout (spec §4): ends the caller's session, its refresh tokens and access tokens. */
    async revokeToken(request: FastifyRequest, reply: FastifyReply) {
      await revokeSession(db, sessionCaller(request).sessionId, 'logout');
      return reply.code(204).send();
    },
  };
}
