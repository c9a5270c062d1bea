import { msg } from '@lingui/core/macro';

/** The Call recordings card of Account Settings (issue 18). */
export const recordingSettingsMessages = {
  loadFailed: msg`Failed to load the call recording settings.`,
  saved: msg`The call recording settings have been saved.`,
  saveFailed: msg`Failed to save the call recording settings.`,
};

/** The card's field label, which its validation messages name ("{field} is not valid."). */
export const recordingSettingsLabels = {
  retentionDays: msg`Days to keep recordings`,
};
