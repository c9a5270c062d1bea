import type { FastifyRequest } from 'fastify';
import { checkCurrentPassword } from '../domain/auth/currentPassword.ts';
import { tooManyAttempts, wrongCurrentPassword } from '../http/apiError.ts';
import type { HandlerContext } from './handlerContext.ts';

// "Sudo mode", as GitHub names it (issue 19): what a stolen access token must not turn into a
// lasting way in (an API key, a webhook endpoint's address) needs the current password too, and
// the account's owner is told once it is done.

/**
 * The check of `password` for the caller's account, as the domain functions' `confirm` step:
 * resolves when it is right, else throws 429 too_many_attempts (the limit every check of the
 * current password shares) or 401 invalid_grant with `refusal`.
 */
export function currentPasswordConfirmation({ db, tokenClock }: Pick<HandlerContext, 'db' | 'tokenClock'>, userId: number, password: string, refusal: string) {
  return async (): Promise<void> => {
    // The limit's window reads the token clock, which tests move instead of waiting.
    const check = await checkCurrentPassword(db, userId, password, new Date(tokenClock.now()));
    if (typeof check === 'object') throw tooManyAttempts(check.retryAfterSeconds);
    if (check === 'wrong_password') throw wrongCurrentPassword(refusal);
  };
}

/**
 * Sends the owner's notice of a change already made: a mail that cannot be sent is logged, never
 * the request's failure (the change stands, and the list on the Integrations page shows it).
 */
export async function noticeOwner(request: FastifyRequest, what: string, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    request.log.warn({ err: error }, `${what}: the notice to the account's owner could not be sent`);
  }
}
