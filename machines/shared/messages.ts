import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Messages shared by several machines (spec §8 Error catalogue). */
export const commonMessages = {
  unknownError: msg`Unknown error occurred.`,
  /** 429 too_many_attempts: sign-in, sign-up and forgot password are rate-limited (issue 15); so are checks of the current password. */
  tooManyAttempts: msg`Too many attempts. Please try again later.`,
  /** 401 invalid_grant where the current password is asked for: it is wrong (spec §8's singular login message). */
  wrongCurrentPassword: msg`The login detail is incorrect`,
};

/**
 * spec §8 Forgot password / Reset failure: "The requested {name} is not found". The name is the
 * e-mail address, or a message of its own (translated along with the sentence, see
 * `translateMessage`).
 */
export function notFoundMessage(target: string | MessageDescriptor): MessageDescriptor {
  const name = typeof target === 'string' ? target : '';
  return { ...msg`The requested ${name} is not found`, values: { name: target } };
}

/** Anything with a message id is a message descriptor. */
export function isMessageDescriptor(value: unknown): value is MessageDescriptor {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/**
 * Translates a descriptor whose values may themselves be descriptors (e.g. the not-found
 * message's name). Views call it with their active i18n instance.
 */
export function translateMessage(i18n: Pick<I18n, '_'>, descriptor: MessageDescriptor): string {
  if (!descriptor.values) return i18n._(descriptor);
  const values = Object.fromEntries(
    Object.entries(descriptor.values).map(([key, value]) => [key, isMessageDescriptor(value) ? i18n._(value) : value]),
  );
  return i18n._({ ...descriptor, values });
}

/** A message a failing actor handed over (e.g. the auth actor's registration failure). */
export function messageFromFailure(error: unknown): MessageDescriptor | null {
  if (typeof error !== 'object' || error === null) return null;
  const message = (error as { message?: unknown }).message;
  return isMessageDescriptor(message) ? message : null;
}
