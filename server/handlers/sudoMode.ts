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

/** How long a request waits for its notice before answering anyway (the mail goes on). */
export const NOTICE_WAIT_MS = 5_000;

/**
 * Sends the owner's notice of a change already made: a mail that cannot be sent is logged, never
 * the request's failure (the change stands, and the list on the Integrations page shows it). The
 * answer waits for it at most NOTICE_WAIT_MS: it carries a key or secret shown only once, which a
 * slow mail server (minutes, at nodemailer's defaults) must not leave to a proxy's timeout.
 */
export async function noticeOwner(request: FastifyRequest, what: string, send: () => Promise<void>): Promise<void> {
  const sending = send().catch((error: unknown) => request.log.warn({ err: error }, `${what}: the notice to the account's owner could not be sent`));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<'waited'>((resolve) => {
    timer = setTimeout(() => resolve('waited'), NOTICE_WAIT_MS);
  });
  const outcome = await Promise.race([sending, waited]);
  clearTimeout(timer);
  if (outcome === 'waited') request.log.warn(`${what}: the notice to the account's owner is still being sent; answering without waiting for it`);
}
