import type { callStatuses } from '../../db/schema/calls.ts';

export type CallStatus = (typeof callStatuses)[number];

/** How the widget's agents are rung (reference data CALLING_RULES), or its single number. */
export type DialRule = 'all-at-once' | 'one-by-one' | 'random' | 'single-number';

/** Someone the service may ring for a call: an agent, or the widget's single number (agentId null). */
export interface DialTarget {
  agentId: number | null;
  number: string;
}

/** One attempt of a call (a widget's numberOfTries gives several). */
export interface DialRequest {
  callId: number;
  /** 1-based. */
  attempt: number;
  /** The service's number both legs come from (the account's Twilio number). */
  from: string;
  rule: DialRule;
  /** Who to ring, in the widget's order; only the ones available now (the caller filtered them). */
  targets: DialTarget[];
  customerNumber: string;
  /** Called when the first agent leg starts ringing (the benchmark's "first dial"). */
  onFirstDial?: () => void;
}

/** One telephony leg as it happened (spec §3 Call.TwilioCalls). */
export interface DialedLeg {
  target: 'agent' | 'customer';
  agentId: number | null;
  to: string;
  /** Twilio's call statuses: completed, busy, no-answer, canceled, failed. */
  status: string;
  providerSid: string;
  startedAt: Date;
  endedAt: Date;
}

/** What one attempt came to. */
export interface DialOutcome {
  /** successful: agent and customer talked; missed: no agent picked up; busy / no-answer: the customer's line. */
  status: CallStatus;
  legs: DialedLeg[];
  /** The target that picked up, when one did. */
  answeredBy: DialTarget | null;
  /** Seconds the agent and the customer talked (0 unless successful). */
  duration: number;
  /** Where the recording of a connected call is kept (call_recordings.storage_key), or null. */
  recordingKey: string | null;
}

/**
 * The telephony adapter (ARCHITECTURE.md, Adapters): rings the agents first, then bridges the
 * visitor. The local call simulator is the default; Twilio when its credentials are set.
 */
export interface Telephony {
  /** One line for the startup log. */
  readonly description: string;
  /** True for the simulator (production refuses it unless ALLOW_LOCAL_ADAPTERS=true). */
  readonly isLocal: boolean;
  /**
   * How much faster than real time this telephony runs: the simulator's CALL_SIMULATOR_SPEED,
   * 1 for a real provider. The pause between tries (minutesBetweenTries) is divided by it.
   */
  readonly timeScale: number;
  /** Places one attempt and answers its outcome once the call has ended. */
  dial(request: DialRequest): Promise<DialOutcome>;
  /**
   * The audio (.wav) of a recording the provider keeps, by the recordingKey a DialOutcome gave;
   * undefined when the key is not one of this provider's.
   */
  fetchRecording?(recordingKey: string): Promise<Buffer | undefined>;
  /**
   * Deletes a recording the provider keeps (the retention of Settings, Call recordings); nothing
   * happens for a key that is not one of this provider's, or that the provider no longer has.
   */
  deleteRecording?(recordingKey: string): Promise<void>;
}

/** The provider cannot place calls (misconfigured, or a part that is not implemented). */
export class TelephonyUnavailableError extends Error {
  override name = 'TelephonyUnavailableError';
}
