import { msg } from '@lingui/core/macro';

/** The Call Destinations card's notices (issue 15: calls only to the countries the client allows). */
export const callDestinationsMessages = {
  loadFailed: msg`Failed to load the call destinations.`,
  saved: msg`The call destinations are saved.`,
  saveFailed: msg`Failed to save the call destinations.`,
};
