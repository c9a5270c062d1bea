import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CallStatus, CallType } from './calls.search.ts';

/** spec §8 Data loading. */
export const callsMessages = {
  loadFailed: msg`Failed to get calls.`,
  exportFailed: msg`Failed to export as CSV.`,
  recordingFailed: msg`Failed to get the recording.`,
};

/** spec §4 Call statuses as the table shows them. */
export const callStatusLabels: Record<CallStatus, MessageDescriptor> = {
  successful: msg`Received`,
  missed: msg`Missed`,
  busy: msg`Busy Line`,
  'no-answer': msg`No Answer`,
};

/** spec §2 Calls History: the Status filter's choices. */
export const callStatusFilterLabels: Record<CallStatus, MessageDescriptor> = {
  successful: msg`Successful`,
  missed: msg`Missed`,
  busy: msg`Busy`,
  'no-answer': msg`No-answer`,
};

/** spec §2 Calls History: Call Type (Instant or Scheduled). */
export const callTypeLabels: Record<CallType, MessageDescriptor> = {
  instant: msg`Instant`,
  scheduled: msg`Scheduled`,
};
