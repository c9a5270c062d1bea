import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Ga4Failure, Ga4FailureReason } from './ga4Settings.types.ts';

/** The GA4 section's field labels, which its validation messages name ("{field} is required."). */
export const ga4SettingsLabels = {
  measurementId: msg`Measurement ID`,
  apiSecret: msg`API secret`,
};

/** The GA4 section's messages (issue 19, Integrations: GA4 settings). */
export const ga4SettingsMessages = {
  measurementIdInvalid: msg`Enter the measurement ID as GA4 shows it: G- and 4 to 20 capital letters or digits, such as G-ABC123XYZ9.`,
  apiSecretInvalid: msg`Paste the API secret as GA4 shows it, without spaces.`,
  loadFailed: msg`Failed to load the Google Analytics 4 settings.`,
  savedActive: msg`Saved: call outcomes are sent to Google Analytics 4.`,
  savedPaused: msg`Saved: sending call outcomes to Google Analytics 4 is paused.`,
  /** 400 invalid_request: what the form checks, or no secret stored any more (disconnected in another tab). */
  refused: msg`The measurement ID or the API secret was refused: check them and save again.`,
  saveFailed: msg`Failed to save the Google Analytics 4 settings.`,
  disconnected: msg`Google Analytics 4 is disconnected: call outcomes are no longer sent.`,
  disconnectFailed: msg`Failed to disconnect Google Analytics 4.`,
};

/** Why the last send failed, in the user's words (contract: Ga4Failure.reason); the server's own text is never shown. */
export const ga4FailureReasonMessages = {
  unreachable: msg`Google Analytics could not be reached.`,
  timeout: msg`Google Analytics did not answer within 10 seconds.`,
  http_error: msg`Google Analytics answered with an error.`,
} satisfies Record<Ga4FailureReason, MessageDescriptor>;

/** The reason of a failed send, with GA4's status code when it answered one. */
export function ga4FailureMessage(failure: Ga4Failure): MessageDescriptor {
  if (failure.reason === 'http_error' && failure.responseCode !== null) {
    const code = failure.responseCode;
    return msg`Google Analytics answered with an error (HTTP ${code}).`;
  }
  return ga4FailureReasonMessages[failure.reason];
}
