import type { callStatuses } from '../../db/schema/calls.ts';

export type CallStatus = (typeof callStatuses)[number];

/** How the widget's agents are rung (reference data CALLING_RULES), or its single number. */
export type DialRule = 'all-at-once' | 'one-by-one' | 'random' | 'single-number';

/** Someone the service may ring for a call: an agent, or the widget's single number (agentId null). */
export interface DialTarget {
  agentId: number | null;
  number: string;
}

/**
 * One round of an attempt (machines/callLife): the agents rung together — all of the widget's
 * available agents at once, or one of them (one by one, a random agent, the single number).
 */
export interface RingRequest {
  callId: number;
  /** 1-based. */
  attempt: number;
  /** 1-based, within the attempt. */
  round: number;
  /** The service's number the agents' legs come from (the account's Twilio number). */
  from: string;
  /** Who to ring in this round (the caller filtered them: available now, numbers we may ring). */
  targets: DialTarget[];
  customerNumber: string;
  /**
   * Said to an agent who picks up (the widget, the page, the visitor's fields), who then presses 1
   * to accept; any other key, no key or a voicemail is not accepting. Null: the whisper is off
   * and the agent who picks up is taken, unless the provider detects a voicemail.
   */
  whisper: string | null;
  /** Called when the first agent leg starts ringing (the benchmark's "first dial"). */
  onFirstDial?: () => void;
}

/** One telephony leg as it happened (spec §3 Call.TwilioCalls). */
export interface DialedLeg {
  target: 'agent' | 'customer';
  agentId: number | null;
  to: string;
  /**
   * Twilio's call statuses (completed, busy, no-answer, canceled, failed) and the whisper's:
   * declined (the agent did not press 1) and voicemail (a machine answered).
   */
  status: string;
  providerSid: string;
  startedAt: Date;
  endedAt: Date;
  /** The number the called party saw. */
  from?: string;
  /** The whisper the agent heard, and whether he pressed 1. */
  whisper?: { text: string; accepted: boolean };
  /** The recording notice this party heard before the bridge. */
  notice?: string;
  /** The waiting audio the visitor heard while the agents were rung. */
  waitingAudio?: string;
  /** What a waiting visitor nobody took heard before the line ended. */
  goodbye?: string;
}

/** What a round came to. */
export interface RingOutcome {
  /** The agent who accepted, when one did: his leg stays up, waiting for bridge(). */
  accepted: DialTarget | null;
  /** The round's legs; the accepting agent's ends with the bridge (BridgeOutcome.agentLeg). */
  legs: DialedLeg[];
  /** The adapter's handle of the accepting agent's live leg, for bridge() or release(). */
  line: string | null;
}

/**
 * Calling the visitor first, when the widget has waiting audio (issue 18): he hears it while the
 * agents are rung, and is bridged to the one who accepts.
 */
export interface HoldRequest {
  callId: number;
  attempt: number;
  customerNumber: string;
  /** The number the visitor sees (as BridgeRequest.callerId). */
  callerId: string;
  /** The waiting audio (the widget's waitingAudio.url: absolute, or a path on this server). */
  audioUrl: string;
  /** Said to the visitor once he answers, before he waits (the widget's recording notice), or null. */
  notice: string | null;
  /** The voice language of what is said to the visitor (Twilio's <Say language>, e.g. fr-FR). */
  speechLanguage: string;
}

/** What calling the visitor first came to. */
export interface HoldOutcome {
  /** He answered and is waiting, hearing the audio, on `line`. */
  answered: boolean;
  /** His leg: in progress while he waits, else busy or no-answer. */
  leg: DialedLeg;
  line: string | null;
}

/** Bridging the visitor to the agent who accepted. */
export interface BridgeRequest {
  callId: number;
  attempt: number;
  /** RingOutcome.line. */
  line: string;
  /** HoldOutcome.line when the visitor was called first and waits: he is joined, not dialled. */
  visitorLine?: string | null;
  customerNumber: string;
  /** The number the visitor sees: the custom caller ID when the account may show it, else the service's. */
  callerId: string;
  /** Said to both parties before they talk (the widget's recording notice), or null. */
  notice: string | null;
  /** The voice language of the notice (the visitor's; Twilio's <Say language>). */
  speechLanguage: string;
  /** Whether the conversation is recorded (the widget may turn recording off). */
  record: boolean;
}

/** What the bridge came to. */
export interface BridgeOutcome {
  /** successful: agent and visitor talked; busy / no-answer: the visitor's line. */
  status: Exclude<CallStatus, 'missed'>;
  /** The accepting agent's leg, ended. */
  agentLeg: DialedLeg;
  customerLeg: DialedLeg;
  /** Seconds the agent and the visitor talked (0 unless successful). */
  duration: number;
  /** Where the recording of a connected, recorded call is kept (call_recordings.storage_key), or null. */
  recordingKey: string | null;
}

/**
 * The telephony adapter (ARCHITECTURE.md, Adapters): carries out the call's life's steps
 * (machines/callLife): rings a round of agents with the whisper, then bridges the visitor. The local call simulator is the default; Twilio when its credentials are set.
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
  /** Rings one round of agents; answers once one accepted or none will. */
  ringAgents(request: RingRequest): Promise<RingOutcome>;
  /** Calls the visitor for the agent who accepted and answers once the conversation ended. */
  bridge(request: BridgeRequest): Promise<BridgeOutcome>;
  /**
   * Whether calls may show `number` (E.164) as their caller ID: with Twilio, a number of the
   * account or one it verified; the simulator shows any (and records it). Absent: any.
   */
  mayShowCallerId?(number: string): Promise<boolean>;
  /** Calls the visitor first and keeps him waiting with the audio once he answers. */
  holdVisitor(request: HoldRequest): Promise<HoldOutcome>;
  /** Lets a line go without a bridge (an accepting agent, or a waiting visitor nobody took, who hears `goodbye`); answers the leg as it ended, for a visitor's line. */
  release(line: string, goodbye?: { text: string; speechLanguage: string }): Promise<DialedLeg | undefined>;
  /**
   * The audio (.wav) of a recording the provider keeps, by the recordingKey a BridgeOutcome gave;
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
