import { msg } from '@lingui/core/macro';

/** The Call Request Limits card (issue 15). */
export const callLimitsMessages = {
  loadFailed: msg`Failed to load the call request limits.`,
  saved: msg`The call request limits have been saved.`,
  saveFailed: msg`Failed to save the call request limits.`,
};

/** The card's field labels, which its validation messages name ("{field} is not valid."). */
export const callLimitsLabels = {
  perWidget: msg`Requests per widget in 10 minutes`,
  perAccount: msg`Requests for all widgets in an hour`,
};
