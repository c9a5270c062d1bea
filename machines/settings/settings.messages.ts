import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ApiFailure } from '../shared/apiFailure.ts';
import { commonMessages } from '../shared/messages.ts';

/** spec §8 Account messages (keys in comments). */
export const settingsMessages = {
  /** Account Details saved. */
  detailsSaved: msg`You've successfully updated your data.`,
  /** ACCOUNT_SETTINGS_CHANGE_NAME_OR_TIMEZONE_ERROR */
  detailsFailed: msg`Account details update failed.`,
  /** ACCOUNT_SETTINGS_EMAIL_CHANGE_SUCCESS (info) */
  emailSent: msg`Email verification link has been sent.`,
  /** The helper under the e-mail field, 5 s. */
  emailHelper: msg`Link has been sent to your email address.`,
  /** ACCOUNT_SETTINGS_EMAIL_CHANGE_ERROR */
  emailFailed: msg`Failed to change email.`,
  /** 401 invalid_grant on a change of e-mail or password: the current password is wrong (one message wherever it is asked for). */
  wrongCurrentPassword: commonMessages.wrongCurrentPassword,
  /** PATCH /user 429: too many changes of e-mail for the account or to the address. */
  emailTooManyChanges: msg`Too many email changes. Please try again later.`,
  /** ACCOUNT_SETTINGS_PASSWORD_CHANGE_SUCCESS */
  passwordChanged: msg`Your password has been changed.`,
  /** ACCOUNT_SETTINGS_PASSWORD_CHANGE_ERROR */
  passwordFailed: msg`Failed to change password.`,
  twilioChanged: msg`Your twilio number has been changed.`,
  /** The request failed (no answer, a server error). */
  twilioFailed: msg`Failed to change twilio number.`,
  /** The server refused the number (400: not one of the metadata's Twilio numbers). */
  twilioRefused: msg`Twilio number change failed.`,
  profileFailed: msg`Failed to updated your data.`,
};

/** The e-mail card's failure toast: a wrong password and the rate limit say so; anything else is spec §8's. */
export function emailChangeFailure(failure: ApiFailure): MessageDescriptor {
  if (failure.status === 401 && failure.code === 'invalid_grant') return settingsMessages.wrongCurrentPassword;
  if (failure.status === 429) return settingsMessages.emailTooManyChanges;
  return settingsMessages.emailFailed;
}

/** The password card's failure toast: a wrong current password and PATCH /user/password 429 (5 attempts per account in 15 minutes) say so. */
export function passwordChangeFailure(failure: ApiFailure): MessageDescriptor {
  if (failure.status === 401 && failure.code === 'invalid_grant') return settingsMessages.wrongCurrentPassword;
  if (failure.status === 429) return commonMessages.tooManyAttempts;
  return settingsMessages.passwordFailed;
}

/** The Twilio number card's failure toast: a number the server refused, or a request that failed (spec §8 has both). */
export function twilioChangeFailure(failure: ApiFailure): MessageDescriptor {
  return failure.status === 400 ? settingsMessages.twilioRefused : settingsMessages.twilioFailed;
}
