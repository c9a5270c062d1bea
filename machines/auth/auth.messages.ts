import { msg } from '@lingui/core/macro';

/** spec §8 Sign-up/auth messages the auth machine reports. */
export const authMessages = {
  inactiveAccount: msg`Verify your e-mail address to login`,
  invalidLogin: msg`The login details are incorrect.`,
  accountExists: msg`Account with that username already exists.`,
  accountDeleted: msg`A user with this email account already exists, please contact the provider for more information`,
};
