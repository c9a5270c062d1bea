import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { commonMessages } from '../shared/messages.ts';
import { toApiFailure } from '../shared/apiFailure.ts';
import { fieldRequired, rule } from './validation.ts';

// The "Current password" field of the forms that make a lasting way into the account's data, an
// API key or a webhook endpoint (issue 19, "sudo mode"): the server asks for the password there,
// so that a stolen access token alone cannot make one.

export const currentPasswordMessages = {
  /** The same label as the Settings forms' field. */
  label: msg`Current Password`,
  /** Under the field: why a form about integrations asks for it. */
  why: msg`Confirm with your password: keys and webhooks reach your data.`,
};

/** As long as a password may be (the contract's CurrentPassword); not trimmed, a space may be part of it. */
export const MAX_CURRENT_PASSWORD_LENGTH = 50;

/** The field's rule: required, named by its label, at most 50 characters. */
export function currentPasswordField() {
  return z.string().check(
    z.refine((password) => password !== '', { message: rule.required, params: { message: fieldRequired(currentPasswordMessages.label) } }),
    z.maxLength(MAX_CURRENT_PASSWORD_LENGTH, rule.maxLength),
  );
}

/** 401 invalid_grant: the server checked the password and it is wrong (not an expired session: the API client did not refresh). */
export function isWrongCurrentPassword(error: unknown): boolean {
  const failure = toApiFailure(error);
  return failure.status === 401 && failure.code === 'invalid_grant';
}

/** 429 too_many_attempts: the account's checks of its password are used up for now (5 in 15 minutes, whichever form made them). */
export function isTooManyAttempts(error: unknown): boolean {
  return toApiFailure(error).status === 429;
}

/** The field's message: its own rule's, else the server's "wrong password" until the field changes. */
export function currentPasswordError(own: MessageDescriptor | undefined, refused: boolean): MessageDescriptor | undefined {
  return own ?? (refused ? commonMessages.wrongCurrentPassword : undefined);
}
