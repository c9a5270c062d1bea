import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { type CallStatus, type DialedLeg, type DialOutcome, type DialRequest, type DialTarget, type Telephony, TelephonyUnavailableError } from './telephony.ts';

export interface TwilioTelephonyOptions {
  accountSid: string;
  authToken: string;
  /** Base of the callback URLs Twilio is given (PUBLIC_URL): Twilio must reach it. */
  publicUrl: string;
  /** Where Twilio's REST API is; tests point it at a local stand-in. Defaults to https://api.twilio.com. */
  apiBaseUrl?: string;
  /** Seconds an agent's phone rings before the leg ends as no-answer. */
  ringSeconds?: number;
  /** Waits for a connected call's recording callback at most this long after the call ended. */
  recordingGraceMs?: number;
}

/** Where Twilio posts: `<publicUrl>/telephony/twilio/<kind>?attempt=<id>` (http/twilioCallbacks.ts). */
export const TWILIO_CALLBACK_PATH = '/telephony/twilio';
export const TWILIO_CALLBACK_KINDS = ['answer', 'status', 'dial-ended', 'recording'] as const;
export type TwilioCallbackKind = (typeof TWILIO_CALLBACK_KINDS)[number];

/** The longest bridged conversation (TwiML <Dial timeLimit>), as the simulator's. */
const TALK_LIMIT_SECONDS = 1_800;
const TWILIO_API = 'https://api.twilio.com';
/** Twilio's terminal call statuses. */
const ENDED = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);

/** Twilio's RequestClient sending to another base URL (tests: a local stand-in for api.twilio.com). */
class RebasedRequestClient extends twilio.RequestClient {
  readonly #base: string;
  constructor(base: string) {
    super();
    this.#base = base.replace(/\/$/, '');
  }
  override request<T>(opts: RequestClient.RequestOptions<T>) {
    const uri = new URL(opts.uri);
    return super.request<T>({ ...opts, uri: `${this.#base}${uri.pathname}${uri.search}` });
  }
}

/** Twilio's client for the account, talking to `apiBaseUrl` when one is given (tests). */
export function rebasedTwilioClient(options: { accountSid: string; authToken: string; apiBaseUrl?: string }): twilio.Twilio {
  return twilio(options.accountSid, options.authToken, options.apiBaseUrl ? { httpClient: new RebasedRequestClient(options.apiBaseUrl) } : {});
}

interface AgentLeg {
  target: DialTarget;
  sid: string;
  status: string;
  startedAt: Date;
  endedAt: Date | null;
  /** Resolves when Twilio reports the leg ended. */
  ended: Promise<void>;
  end: () => void;
}

/** One attempt in flight: its agent legs, who answered, the bridged visitor and the recording. */
interface Attempt {
  request: DialRequest;
  legs: AgentLeg[];
  answered: AgentLeg | null;
  customer: DialedLeg | null;
  duration: number;
  recordingKey: string | null;
  recorded: () => void;
  recording: Promise<void>;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * Twilio telephony, chosen when TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are set. An attempt
 * calls the agents first through the REST API (calls.create), by the calling rule: all at once
 * (the first to pick up is bridged, the others are canceled), or one after another. When an agent
 * picks up, Twilio fetches our `answer` TwiML, which <Dial>s the visitor with recording on; the
 * Dial's action (`dial-ended`), the legs' status callbacks and the recording callback end the
 * attempt, and `dial` answers the same DialOutcome the simulator does (callPlacement.ts records
 * it). Every callback is verified by its X-Twilio-Signature (twilio.validateRequest).
 *
 * Attempts live in this process: a callback reaching another instance, or arriving after a
 * restart, is acknowledged and ignored (the placing instance's attempt then times out).
 */
export class TwilioTelephony implements Telephony {
  readonly isLocal = false;
  readonly timeScale = 1;
  readonly description: string;
  readonly #options: TwilioTelephonyOptions;
  readonly #client: twilio.Twilio;
  readonly #attempts = new Map<string, Attempt>();
  readonly #ringSeconds: number;

  constructor(options: TwilioTelephonyOptions) {
    this.#options = options;
    this.#ringSeconds = options.ringSeconds ?? 25;
    this.#client = rebasedTwilioClient(options);
    this.description = `Twilio (account ${options.accountSid.slice(0, 6)}…; agent first, then the visitor bridged; signed callbacks at ${this.callbackUrl('status', '…').split('?')[0]!.replace(/status$/, '*')})`;
  }

  /** The public URL Twilio posts a callback of this kind to, for one attempt. */
  callbackUrl(kind: TwilioCallbackKind, attemptId: string): string {
    return `${this.#options.publicUrl.replace(/\/$/, '')}${TWILIO_CALLBACK_PATH}/${kind}?attempt=${encodeURIComponent(attemptId)}`;
  }

  /** Verifies a callback Twilio posted to `url` (the full public URL) with its form parameters. */
  verifyCallback(url: string, params: Record<string, unknown>, signature: string | undefined): boolean {
    return twilio.validateRequest(this.#options.authToken, signature ?? '', url, params);
  }

  /** A recording's audio: its RecordingUrl (the recordingKey) as .wav, fetched with the account's credentials. */
  async fetchRecording(recordingKey: string): Promise<Buffer | undefined> {
    if (!recordingKey.startsWith(`${TWILIO_API}/`)) return undefined;
    const url = `${this.#options.apiBaseUrl?.replace(/\/$/, '') ?? TWILIO_API}${recordingKey.slice(TWILIO_API.length)}.wav`;
    const credentials = Buffer.from(`${this.#options.accountSid}:${this.#options.authToken}`).toString('base64');
    const response = await fetch(url, { headers: { authorization: `Basic ${credentials}` } });
    if (!response.ok) throw new TelephonyUnavailableError(`Twilio answered ${response.status} for the recording ${recordingKey}`);
    return Buffer.from(await response.arrayBuffer());
  }

  /**
   * Deletes a recording at Twilio by its RecordingUrl (the recordingKey), in the account the URL
   * names; one Twilio no longer has is gone already. A key of Twilio's API that is not a
   * recording's URL is refused (kept, to be looked at), not taken for deleted.
   */
  async deleteRecording(recordingKey: string): Promise<void> {
    if (!recordingKey.startsWith(`${TWILIO_API}/`)) return;
    const parts = /^https:\/\/api\.twilio\.com\/2010-04-01\/Accounts\/(AC\w+)\/Recordings\/(RE\w+)$/.exec(recordingKey);
    if (!parts) throw new TelephonyUnavailableError(`Not the address of a Twilio recording: ${recordingKey}`);
    try {
      await this.#client.api.v2010.accounts(parts[1]!).recordings(parts[2]!).remove();
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error;
    }
  }

  async dial(request: DialRequest): Promise<DialOutcome> {
    const id = `${request.callId}-${request.attempt}-${randomBytes(4).toString('hex')}`;
    const recording = deferred();
    const attempt: Attempt = {
      request,
      legs: [],
      answered: null,
      customer: null,
      duration: 0,
      recordingKey: null,
      recording: recording.promise,
      recorded: recording.resolve,
    };
    this.#attempts.set(id, attempt);
    // Callbacks that never come (Twilio cannot reach PUBLIC_URL) end the attempt with what is known.
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, (this.#ringSeconds * request.targets.length + TALK_LIMIT_SECONDS + 300) * 1000);
      timer.unref();
    });
    const ended = (leg: AgentLeg) => Promise.race([leg.ended, deadline]);
    try {
      const order = request.rule === 'random' ? [request.targets[Math.floor(Math.random() * request.targets.length)]!] : request.rule === 'single-number' ? request.targets.slice(0, 1) : request.targets;
      if (request.rule === 'all-at-once') {
        const legs = await Promise.all(order.map((target) => this.#callAgent(id, attempt, target)));
        request.onFirstDial?.();
        await Promise.all(legs.map(ended));
      } else {
        for (const target of order) {
          const leg = await this.#callAgent(id, attempt, target);
          if (attempt.legs.length === 1) request.onFirstDial?.();
          await ended(leg);
          if (attempt.answered) break;
        }
      }
      if (attempt.answered && attempt.duration > 0) {
        await Promise.race([attempt.recording, new Promise((resolve) => setTimeout(resolve, this.#options.recordingGraceMs ?? 60_000).unref())]);
      }
      return this.#outcome(attempt);
    } finally {
      clearTimeout(timer);
      this.#attempts.delete(id);
    }
  }

  async #callAgent(id: string, attempt: Attempt, target: DialTarget): Promise<AgentLeg> {
    const created = await this.#client.calls.create({
      to: target.number,
      from: attempt.request.from,
      url: this.callbackUrl('answer', id),
      statusCallback: this.callbackUrl('status', id),
      statusCallbackEvent: ['completed'],
      timeout: this.#ringSeconds,
    });
    const ended = deferred();
    const leg: AgentLeg = { target, sid: created.sid, status: created.status, startedAt: new Date(), endedAt: null, ended: ended.promise, end: ended.resolve };
    attempt.legs.push(leg);
    return leg;
  }

  /**
   * Handles a verified callback; answers the TwiML to send back. Unknown attempts (another
   * instance's, or from before a restart) are acknowledged with an empty response.
   */
  async handleCallback(kind: TwilioCallbackKind, attemptId: string, params: Record<string, string>): Promise<string> {
    const response = new twilio.twiml.VoiceResponse();
    const attempt = this.#attempts.get(attemptId);
    const leg = attempt?.legs.find((l) => l.sid === params.CallSid);
    if (!attempt) return response.toString();
    switch (kind) {
      case 'answer':
        if (!leg || attempt.answered) {
          // Someone else already has the call (all at once): this agent is let go.
          response.hangup();
          break;
        }
        attempt.answered = leg;
        attempt.customer = { target: 'customer', agentId: null, to: attempt.request.customerNumber, status: 'queued', providerSid: '', startedAt: new Date(), endedAt: new Date() };
        response
          .dial({
            callerId: attempt.request.from,
            action: this.callbackUrl('dial-ended', attemptId),
            timeout: 30,
            timeLimit: TALK_LIMIT_SECONDS,
            record: 'record-from-answer-dual',
            recordingStatusCallback: this.callbackUrl('recording', attemptId),
          })
          .number(attempt.request.customerNumber);
        await this.#cancelOthers(attempt, leg);
        break;
      case 'dial-ended':
        if (attempt.customer) {
          attempt.customer.status = params.DialCallStatus ?? 'failed';
          attempt.customer.providerSid = params.DialCallSid ?? '';
          attempt.customer.endedAt = new Date();
          attempt.duration = attempt.customer.status === 'completed' ? Number(params.DialCallDuration ?? 0) || 0 : 0;
          if (attempt.duration === 0) attempt.recorded();
        }
        response.hangup();
        break;
      case 'status':
        if (leg && ENDED.has(params.CallStatus ?? '')) {
          leg.status = params.CallStatus!;
          leg.endedAt = new Date();
          leg.end();
        }
        break;
      case 'recording':
        if (params.RecordingStatus === 'completed' && params.RecordingUrl) {
          attempt.recordingKey = params.RecordingUrl;
          attempt.recorded();
        }
        break;
    }
    return response.toString();
  }

  /** All at once: once one agent has the call, the others' phones stop ringing. */
  async #cancelOthers(attempt: Attempt, answered: AgentLeg): Promise<void> {
    await Promise.all(
      attempt.legs
        .filter((leg) => leg !== answered && !ENDED.has(leg.status))
        .map((leg) => this.#client.calls(leg.sid).update({ status: 'canceled' }).then(() => undefined, () => undefined)),
    );
  }

  #outcome(attempt: Attempt): DialOutcome {
    const legs: DialedLeg[] = attempt.legs.map((leg) => ({
      target: 'agent',
      agentId: leg.target.agentId,
      to: leg.target.number,
      status: leg === attempt.answered ? 'completed' : leg.status,
      providerSid: leg.sid,
      startedAt: leg.startedAt,
      endedAt: leg.endedAt ?? new Date(),
    }));
    if (attempt.customer) legs.push(attempt.customer);
    const customerStatus = attempt.customer?.status;
    const status: CallStatus = !attempt.answered ? 'missed' : attempt.duration > 0 ? 'successful' : customerStatus === 'busy' ? 'busy' : 'no-answer';
    return { status, legs, answeredBy: attempt.answered?.target ?? null, duration: attempt.duration, recordingKey: status === 'successful' ? attempt.recordingKey : null };
  }
}
