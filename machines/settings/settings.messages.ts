import { msg } from '@lingui/core/macro';

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
  /** ACCOUNT_SETTINGS_PASSWORD_CHANGE_SUCCESS */
  passwordChanged: msg`Your password has been changed.`,
  /** ACCOUNT_SETTINGS_PASSWORD_CHANGE_ERROR */
  passwordFailed: msg`Failed to change password.`,
  twilioChanged: msg`Your twilio number has been changed.`,
  twilioFailed: msg`Failed to change twilio number.`,
  profileFailed: msg`Failed to updated your data.`,
};
