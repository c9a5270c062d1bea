import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema/accounts.ts';
import { changePassword } from '../domain/users/passwordChange.ts';
import { requestPasswordReset, resetPassword } from '../domain/users/passwordReset.ts';
import { confirmChangedEmail, verifyAccountEmail } from '../domain/users/emailVerification.ts';
import { type ProfilePatch, updateProfile } from '../domain/users/profileUpdate.ts';
import { registerAccount, type RegistrationInput } from '../domain/users/registration.ts';
import { METADATA_TOO_LARGE, metadataTooLarge } from '../domain/users/registrationMetadata.ts';
import { isKnownTimezone } from '../domain/users/timezones.ts';
import { resendVerification, VerificationMailNotSent } from '../domain/users/verificationResend.ts';
import { toUserProfile } from '../domain/users/userProfile.ts';
import { ApiError, invalidAccessToken, invalidRequest, tooManyAttempts, wrongCurrentPassword } from '../http/apiError.ts';
import { caller, type HandlerContext, type OperationHandlers, sessionCaller } from './handlerContext.ts';

// spec §8 wording where the spec gives it.
const ACCOUNT_EXISTS = 'Account with that username already exists.';
const INVALID_CODE = 'Invalid or expired verification code.';
const WRONG_CURRENT_PASSWORD = 'The current password is wrong. The e-mail address was not changed.';
const RESET_REQUESTED = 'If an account uses this e-mail address, a link to reset its password is on its way.';
const VERIFICATION_RESENT = 'If an account waits for this e-mail address to be verified, a new link is on its way.';

const invalidCode = () => new ApiError(404, 'invalid_code', INVALID_CODE);
const accountExists = () => new ApiError(409, 'account_exists', ACCOUNT_EXISTS);

interface PasswordChangeBody {
  currentPassword: string;
  newPassword: string;
  invalidateSessions: boolean;
}

/** Tag user (except files, a later issue): the account, its e-mail codes and its password. */
export function userHandlers(context: HandlerContext): OperationHandlers {
  const { config, db, adapters } = context;
  const mailing = { db, mail: adapters.mail, publicUrl: config.publicUrl };

  async function loadUser(userId: number) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    // The bearer check has just seen the account; a row gone since means the token is dead.
    if (!user || user.deletedAt) throw invalidAccessToken();
    return user;
  }

  async function changePasswordHandler(request: FastifyRequest, reply: FastifyReply) {
    const { userId, sessionId } = sessionCaller(request);
    const body = request.body as PasswordChangeBody;
    // The limit's window reads the token clock, which tests move instead of waiting.
    const outcome = await changePassword(db, config.passwordHashParams, { userId, sessionId, ...body }, new Date(context.tokenClock.now()));
    if (typeof outcome === 'object') throw tooManyAttempts(outcome.retryAfterSeconds);
    if (outcome === 'wrong_password') throw wrongCurrentPassword('invalid_current_password');
    return reply.code(204).send();
  }

  return {
    async registerUser(request: FastifyRequest, reply: FastifyReply) {
      const input = request.body as RegistrationInput;
      if (!isKnownTimezone(input.timezone)) throw invalidRequest(`Field timezone is not a known IANA time zone.`);
      if (metadataTooLarge(input.metadata)) throw invalidRequest(METADATA_TOO_LARGE);
      const outcome = await registerAccount(
        { ...mailing, captcha: adapters.captcha, passwordHashParams: config.passwordHashParams, log: request.log },
        input,
        request.ip,
        // The limits' windows read the token clock, which tests move instead of waiting.
        new Date(context.tokenClock.now()),
      );
      if (typeof outcome === 'object') throw tooManyAttempts(outcome.retryAfterSeconds);
      switch (outcome) {
        case 'captcha_rejected':
          throw invalidRequest('The bot check failed. Please try again.');
        case 'account_exists':
          throw accountExists();
        case 'account_deleted':
          throw new ApiError(410, 'account_deleted', 'A user with this email account already exists, please contact the provider for more information');
        default:
          return reply.code(201).send({ message: 'A sign up verification email was sent to your address!' });
      }
    },

    async getUser(request: FastifyRequest) {
      return toUserProfile(await loadUser(caller(request).userId));
    },

    async getUserEmail(request: FastifyRequest) {
      return { email: (await loadUser(caller(request).userId)).email };
    },

    async updateUser(request: FastifyRequest) {
      const { userId, sessionId } = sessionCaller(request);
      // The limits of a change of e-mail read the token clock, which tests move instead of waiting.
      const outcome = await updateProfile(mailing, { userId, sessionId }, request.body as ProfilePatch, new Date(context.tokenClock.now()));
      if (outcome.ok) return toUserProfile(outcome.user);
      switch (outcome.problem) {
        case 'too_many_attempts':
          throw tooManyAttempts(outcome.retryAfterSeconds);
        case 'wrong_password':
          throw wrongCurrentPassword(WRONG_CURRENT_PASSWORD);
        case 'unknown_timezone':
          throw invalidRequest('Field timezone is not a known IANA time zone.');
        case 'unknown_twilio_number':
          throw invalidRequest('Field twilioNumberId is not one of the available Twilio numbers.');
        case 'account_exists':
          throw accountExists();
        default:
          throw invalidAccessToken();
      }
    },

    changePassword: changePasswordHandler,
    setPassword: changePasswordHandler,

    async requestPasswordReset(request: FastifyRequest, reply: FastifyReply) {
      const { email } = request.body as { email: string };
      const verdict = await requestPasswordReset(
        { ...mailing, passwordHashParams: config.passwordHashParams },
        email,
        request.ip,
        new Date(context.tokenClock.now()),
      );
      if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
      return reply.code(202).send({ message: RESET_REQUESTED });
    },

    async resendVerification(request: FastifyRequest, reply: FastifyReply) {
      const { email } = request.body as { email: string };
      let verdict;
      try {
        verdict = await resendVerification(mailing, email, request.ip, new Date(context.tokenClock.now()));
      } catch (error) {
        if (!(error instanceof VerificationMailNotSent)) throw error;
        request.log.error({ err: error.cause }, 'verification resend: the e-mail could not be sent');
        throw new ApiError(502, 'mail_unavailable', 'Failed to send verification code.');
      }
      if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
      return reply.code(202).send({ message: VERIFICATION_RESENT });
    },

    async resetPassword(request: FastifyRequest) {
      const { verificationCode } = request.params as { verificationCode: string };
      const { password } = request.body as { password: string };
      const reset = await resetPassword({ ...mailing, passwordHashParams: config.passwordHashParams }, verificationCode, password);
      if (!reset) throw invalidCode();
      return { message: 'Your account has been successfully reset.' };
    },

    async verifyEmail(request: FastifyRequest) {
      const { token } = request.params as { token: string };
      const verified = await verifyAccountEmail(db, token);
      if (!verified) throw invalidCode();
      return { data: { name: verified.name } };
    },

    async verifyChangedEmail(request: FastifyRequest) {
      const { token } = request.params as { token: string };
      const outcome = await confirmChangedEmail(db, token);
      if (outcome === 'invalid_code') throw invalidCode();
      if (outcome === 'account_exists') throw accountExists();
      return { data: { name: outcome.name } };
    },
  };
}
