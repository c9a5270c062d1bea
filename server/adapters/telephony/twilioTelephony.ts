import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import { nobodyTookItText, spokenLanguage } from '../../../common/rules/visitorTexts.ts';

/** Twilio's <Say> voice languages (the helper's type; the codes come from visitorTexts.ts spokenLanguage). */
type SayLanguage = NonNullable<Parameters<InstanceType<typeof twilio.twiml.VoiceResponse>['say']>[0] extends infer A ? (A extends { language?: infer L } ? L : never) : never>;
import type RequestClient from 'twilio/lib/base/RequestClient';
import { type BridgeOutcome, type BridgeRequest, type DialedLeg, type DialTarget, type HoldOutcome, type HoldRequest, type RingOutcome, type RingRequest, type Telephony, TelephonyUnavailableError } from './telephony.ts';

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
export const TWILIO_CALLBACK_KINDS = ['answer', 'accept', 'notice', 'status', 'dial-ended', 'recording', 'visitor', 'visitor-status'] as const;
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
  /** Heard the whisper (picked up), and pressed 1 or not; a machine answered (voicemail). */
  heard: boolean;
  pressed: string | null;
  voicemail: boolean;
  /** Resolves when Twilio reports the leg ended. */
  ended: Promise<void>;
  end: () => void;
}

/** One round in flight: its agent legs, who accepted, then the bridged visitor and the recording. */
interface Round {
  request: RingRequest;
  legs: AgentLeg[];
  accepted: AgentLeg | null;
  /** Resolves once an agent accepted. */
  acceptedPromise: Promise<void>;
  acceptedNow: () => void;
  /** The TwiML the accepting agent's call goes on with: the bridge, or a goodbye. */
  next: Promise<string>;
  instruct: (twiml: string) => void;
  bridge: BridgeRequest | null;
  customer: DialedLeg | null;
  duration: number;
  recordingKey: string | null;
  bridgeEnded: () => void;
  /** When the agent was joined to the waiting visitor (the talk is timed from then). */
  joinedAt: number | null;
  /** The accepting agent's call was parked (the bridge came late): its TwiML is pushed through the REST API. */
  parked: boolean;
  /** The accepting agent hung up before the bridge. */
  agentGone: boolean;
  /** The waiting visitor the agent joins (waiting audio), kept until the bridge ends. */
  visitor: Visitor | null;
  bridgeEndedPromise: Promise<void>;
  recorded: () => void;
  recording: Promise<void>;
}

function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** A visitor called first (waiting audio): his call, and the conference room he waits in. */
interface Visitor {
  request: HoldRequest;
  sid: string;
  status: string;
  startedAt: Date;
  endedAt: Date | null;
  answered: boolean;
  /** Resolves once he answered, or his call ended. */
  settled: Promise<void>;
  settle: () => void;
}

/**
 * How long the accept webhook waits for the bridge's TwiML (normally ready at once), well within
 * Twilio's 15 s webhook timeout; past it the agent's call is parked on a pause and the bridge is
 * pushed to it through the REST API.
 */
const BRIDGE_WAIT_MS = 5_000;
/** A conversation shorter than this (from the agent's join) is a visitor who had already gone. */
const TALKED_SECONDS = 3;
/** Seconds the agent has to press a key after the whisper. */
const ACCEPT_SECONDS = 8;

/**
 * Twilio telephony, chosen when TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are set. It carries
 * out the call's life's steps (machines/callLife). A round calls its agents through the REST API
 * (calls.create). When an agent picks up, Twilio fetches our `answer` TwiML: with the whisper, a
 * <Gather> that says it and waits for one key, whose action (`accept`) takes the call on "1";
 * without it, answering machine detection (machineDetection=Enable) lets a person through and
 * hangs up on a voicemail. The first to accept wins and the round's other legs are canceled; his
 * call waits on `accept` (or `answer`) for the bridge, whose TwiML <Dial>s the visitor with the
 * caller ID, recording on or off, and the recording notice said to the agent and (the <Number>'s
 * url, `notice`) to the visitor. The Dial's action (`dial-ended`), the legs' status callbacks and
 * the recording callback end the bridge. Every callback is verified by its X-Twilio-Signature
 * (twilio.validateRequest).
 *
 * Rounds live in this process: a callback reaching another instance, or arriving after a
 * restart, is acknowledged and ignored (the placing instance's round then times out).
 */
export class TwilioTelephony implements Telephony {
  readonly isLocal = false;
  readonly timeScale = 1;
  readonly description: string;
  readonly #options: TwilioTelephonyOptions;
  readonly #client: twilio.Twilio;
  readonly #rounds = new Map<string, Round>();
  readonly #visitors = new Map<string, Visitor>();
  readonly #callerIds = new Map<string, { allowed: boolean; at: number }>();
  readonly #ringSeconds: number;

  constructor(options: TwilioTelephonyOptions) {
    this.#options = options;
    this.#ringSeconds = options.ringSeconds ?? 25;
    this.#client = rebasedTwilioClient(options);
    this.description = `Twilio (account ${options.accountSid.slice(0, 6)}…; agent first with the whisper, then the visitor bridged; signed callbacks at ${this.callbackUrl('status', '…').split('?')[0]!.replace(/status$/, '*')})`;
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

  async ringAgents(request: RingRequest): Promise<RingOutcome> {
    const id = `${request.callId}-${request.attempt}-${request.round}-${randomBytes(4).toString('hex')}`;
    const accepted = deferred();
    const next = deferred<string>();
    const bridgeEnded = deferred();
    const recording = deferred();
    const round: Round = {
      request,
      legs: [],
      accepted: null,
      acceptedPromise: accepted.promise,
      acceptedNow: accepted.resolve,
      next: next.promise,
      instruct: next.resolve,
      bridge: null,
      customer: null,
      duration: 0,
      recordingKey: null,
      bridgeEnded: bridgeEnded.resolve,
      bridgeEndedPromise: bridgeEnded.promise,
      joinedAt: null,
      parked: false,
      agentGone: false,
      visitor: null,
      recorded: recording.resolve,
      recording: recording.promise,
    };
    this.#rounds.set(id, round);
    // Callbacks that never come (Twilio cannot reach PUBLIC_URL) end the round with what is known.
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, (this.#ringSeconds + ACCEPT_SECONDS + 60) * 1000);
      timer.unref();
    });
    try {
      // A leg Twilio refuses does not stop the others ringing (they are recorded as they end).
      const created = await Promise.allSettled(request.targets.map((target) => this.#callAgent(id, round, target)));
      const refused = created.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (round.legs.length === 0 && refused) throw refused.reason;
      request.onFirstDial?.();
      await Promise.race([accepted.promise, Promise.all(round.legs.map((leg) => leg.ended)), deadline]);
    } catch (error) {
      this.#rounds.delete(id);
      throw error;
    } finally {
      clearTimeout(timer);
    }
    const legs = round.legs.map((leg) => this.#legOf(leg, round));
    if (!round.accepted) {
      this.#rounds.delete(id);
      round.instruct(new twilio.twiml.VoiceResponse().hangup().toString());
      return { accepted: null, legs, line: null };
    }
    return { accepted: round.accepted.target, legs, line: id };
  }

  async bridge(request: BridgeRequest): Promise<BridgeOutcome> {
    const round = this.#rounds.get(request.line);
    if (!round?.accepted) throw new TelephonyUnavailableError(`No accepting agent is waiting on the line ${request.line}`);
    if (round.agentGone) {
      this.#rounds.delete(request.line);
      throw new TelephonyUnavailableError(`The agent on the line ${request.line} hung up before the bridge`);
    }
    round.bridge = request;
    const visitor = request.visitorLine ? this.#visitors.get(request.visitorLine) : undefined;
    if (request.visitorLine) {
      if (!visitor) {
        this.#rounds.delete(request.line);
        await this.#instruct(round, new twilio.twiml.VoiceResponse().hangup().toString()).catch(() => undefined);
        throw new TelephonyUnavailableError(`No visitor is waiting on the line ${request.visitorLine}`);
      }
      if (visitor.endedAt !== null) {
        this.#visitors.delete(request.visitorLine);
        // He hung up while waiting: the agent is let go, nobody talked, nothing is charged.
        await this.#instruct(round, new twilio.twiml.VoiceResponse().hangup().toString());
        this.#rounds.delete(request.line);
        return { status: 'no-answer', agentLeg: { ...this.#legOf(round.accepted, round), status: 'completed', endedAt: new Date() }, customerLeg: this.#visitorLeg(visitor), duration: 0, recordingKey: null };
      }
      // Called first and waiting in the conference room: the agent joins him there. He stays
      // known (his hang-up is heard) until the bridge ends.
      round.visitor = visitor;
      round.customer = { ...this.#visitorLeg(visitor), status: 'in-progress' };
      round.joinedAt = Date.now();
      await this.#instruct(round, this.joinTwiml(request.line, request.visitorLine, request));
    } else {
      round.customer = { target: 'customer', agentId: null, to: request.customerNumber, status: 'queued', providerSid: '', startedAt: new Date(), endedAt: new Date(), from: request.callerId };
      await this.#instruct(round, this.bridgeTwiml(request.line, request));
    }
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, (60 + TALK_LIMIT_SECONDS + 300) * 1000);
      timer.unref();
    });
    try {
      await Promise.race([round.bridgeEndedPromise, deadline]);
      if (request.record && round.duration > 0) {
        await Promise.race([round.recording, new Promise((resolve) => setTimeout(resolve, this.#options.recordingGraceMs ?? 60_000).unref())]);
      }
    } finally {
      clearTimeout(timer);
      this.#rounds.delete(request.line);
      if (request.visitorLine) this.#visitors.delete(request.visitorLine);
    }
    const customer = round.customer!;
    const status = round.duration > 0 ? 'successful' : customer.status === 'busy' ? 'busy' : 'no-answer';
    const agentLeg: DialedLeg = { ...this.#legOf(round.accepted, round), status: 'completed', endedAt: new Date(), ...(request.notice ? { notice: request.notice } : {}) };
    return {
      status,
      agentLeg,
      customerLeg: { ...customer, ...(request.notice && status === 'successful' && !request.visitorLine ? { notice: request.notice } : {}) },
      duration: round.duration,
      recordingKey: status === 'successful' && request.record ? round.recordingKey : null,
    };
  }

  async release(line: string, goodbye = { text: nobodyTookItText('en', false), speechLanguage: spokenLanguage('en') }): Promise<DialedLeg | undefined> {
    const round = this.#rounds.get(line);
    this.#rounds.delete(line);
    if (round) await this.#instruct(round, new twilio.twiml.VoiceResponse().hangup().toString()).catch(() => undefined);
    const visitor = this.#visitors.get(line);
    if (!visitor) return undefined;
    this.#visitors.delete(line);
    // The waiting visitor is told, and his call ends (its TwiML replaced through the REST API).
    const told = new twilio.twiml.VoiceResponse();
    told.say({ language: goodbye.speechLanguage as SayLanguage }, goodbye.text);
    told.hangup();
    await this.#client.calls(visitor.sid).update({ twiml: told.toString() }).catch(() => undefined);
    return { ...this.#visitorLeg(visitor), status: 'completed', endedAt: new Date() };
  }

  /**
   * Twilio lets a call show only a number of the account or one the account verified (its
   * Outgoing Caller IDs): asked once per number, the answer kept for 10 minutes.
   */
  async mayShowCallerId(number: string): Promise<boolean> {
    const known = this.#callerIds.get(number);
    if (known && Date.now() - known.at < 600_000) return known.allowed;
    const [verified, owned] = await Promise.all([
      this.#client.outgoingCallerIds.list({ phoneNumber: number, limit: 1 }),
      this.#client.incomingPhoneNumbers.list({ phoneNumber: number, limit: 1 }),
    ]);
    const allowed = verified.length > 0 || owned.length > 0;
    if (this.#callerIds.size > 10_000) this.#callerIds.clear();
    this.#callerIds.set(number, { allowed, at: Date.now() });
    return allowed;
  }

  async holdVisitor(request: HoldRequest): Promise<HoldOutcome> {
    const id = `${request.callId}-${request.attempt}-v${randomBytes(4).toString('hex')}`;
    const settled = deferred();
    const created = await this.#client.calls.create({
      to: request.customerNumber,
      from: request.callerId,
      url: this.callbackUrl('visitor', id),
      statusCallback: this.callbackUrl('visitor-status', id),
      statusCallbackEvent: ['completed'],
      timeout: 30,
      // A voicemail must not sit in the waiting room and be joined by an agent.
      machineDetection: 'Enable',
    });
    const visitor: Visitor = { request, sid: created.sid, status: created.status, startedAt: new Date(), endedAt: null, answered: false, settled: settled.promise, settle: settled.resolve };
    this.#visitors.set(id, visitor);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 90_000);
      timer.unref();
    });
    try {
      await Promise.race([settled.promise, deadline]);
    } finally {
      clearTimeout(timer);
    }
    if (visitor.answered && visitor.endedAt === null) return { answered: true, leg: { ...this.#visitorLeg(visitor), status: 'in-progress' }, line: id };
    this.#visitors.delete(id);
    const status = visitor.status === 'busy' ? 'busy' : 'no-answer';
    return { answered: false, leg: { ...this.#visitorLeg(visitor), status, endedAt: visitor.endedAt ?? new Date() }, line: null };
  }

  /** The room a waiting visitor and the accepting agent meet in: no personal data in its name (Twilio's advice). */
  #room(visitorLine: string): string {
    return `callback-${visitorLine}`;
  }

  /**
   * The waiting visitor's TwiML (exported for its test): the recording notice, then a conference
   * room that has not started, whose waitUrl plays the widget's audio until the agent joins.
   */
  waitTwiml(visitorLine: string, request: Pick<HoldRequest, 'audioUrl' | 'notice' | 'speechLanguage'>): string {
    const response = new twilio.twiml.VoiceResponse();
    if (request.notice) response.say({ language: request.speechLanguage as SayLanguage }, request.notice);
    response
      .dial()
      .conference(
        { startConferenceOnEnter: false, endConferenceOnExit: true, beep: 'false', waitUrl: new URL(request.audioUrl, this.#options.publicUrl).toString(), waitMethod: 'GET' },
        this.#room(visitorLine),
      );
    return response.toString();
  }

  /** The accepting agent's TwiML joining the waiting visitor (exported for its test): the notice, then the room, which starts, recorded or not. */
  joinTwiml(line: string, visitorLine: string, request: Pick<BridgeRequest, 'notice' | 'record' | 'speechLanguage'>): string {
    const response = new twilio.twiml.VoiceResponse();
    if (request.notice) response.say({ language: request.speechLanguage as SayLanguage }, request.notice);
    response
      .dial({ action: this.callbackUrl('dial-ended', line), timeLimit: TALK_LIMIT_SECONDS })
      .conference(
        {
          startConferenceOnEnter: true,
          endConferenceOnExit: true,
          beep: 'false',
          record: request.record ? 'record-from-start' : 'do-not-record',
          ...(request.record ? { recordingStatusCallback: this.callbackUrl('recording', line) } : {}),
        },
        this.#room(visitorLine),
      );
    return response.toString();
  }

  #visitorLeg(visitor: Visitor): DialedLeg {
    return {
      target: 'customer',
      agentId: null,
      to: visitor.request.customerNumber,
      status: visitor.status,
      providerSid: visitor.sid,
      startedAt: visitor.startedAt,
      endedAt: visitor.endedAt ?? new Date(),
      from: visitor.request.callerId,
      ...(visitor.answered ? { waitingAudio: visitor.request.audioUrl } : {}),
      ...(visitor.answered && visitor.request.notice ? { notice: visitor.request.notice } : {}),
    };
  }

  /**
   * The TwiML that bridges the visitor (exported for its test against Twilio's documented
   * shapes): the notice said to the agent, then <Dial callerId action timeout timeLimit record>
   * with the visitor's <Number>, whose url says the notice to the visitor once he answers.
   */
  bridgeTwiml(line: string, request: Pick<BridgeRequest, 'callerId' | 'customerNumber' | 'notice' | 'record' | 'speechLanguage'>): string {
    const response = new twilio.twiml.VoiceResponse();
    if (request.notice) response.say({ language: request.speechLanguage as SayLanguage }, request.notice);
    const dial = response.dial({
      callerId: request.callerId,
      action: this.callbackUrl('dial-ended', line),
      timeout: 30,
      timeLimit: TALK_LIMIT_SECONDS,
      record: request.record ? 'record-from-answer-dual' : 'do-not-record',
      ...(request.record ? { recordingStatusCallback: this.callbackUrl('recording', line) } : {}),
    });
    dial.number(request.notice ? { url: this.callbackUrl('notice', line) } : {}, request.customerNumber);
    return response.toString();
  }

  /** The whisper's TwiML (exported for its test): said inside a one-key <Gather> whose action is `accept`; no key hangs up. */
  whisperTwiml(line: string, whisper: string): string {
    const response = new twilio.twiml.VoiceResponse();
    response.gather({ numDigits: 1, timeout: ACCEPT_SECONDS, action: this.callbackUrl('accept', line), actionOnEmptyResult: false }).say(whisper);
    response.hangup();
    return response.toString();
  }

  async #callAgent(id: string, round: Round, target: DialTarget): Promise<AgentLeg> {
    const created = await this.#client.calls.create({
      to: target.number,
      from: round.request.from,
      url: this.callbackUrl('answer', id),
      statusCallback: this.callbackUrl('status', id),
      statusCallbackEvent: ['completed'],
      timeout: this.#ringSeconds,
      // Without the whisper nobody presses a key: a voicemail is told apart from a person.
      ...(round.request.whisper === null ? { machineDetection: 'Enable' } : {}),
    });
    const ended = deferred();
    const leg: AgentLeg = { target, sid: created.sid, status: created.status, startedAt: new Date(), endedAt: null, heard: false, pressed: null, voicemail: false, ended: ended.promise, end: ended.resolve };
    round.legs.push(leg);
    return leg;
  }

  /** The accepting agent's call goes on with `twiml`: the waiting accept webhook answers it, or, parked, the REST API pushes it. */
  async #instruct(round: Round, twiml: string): Promise<void> {
    round.instruct(twiml);
    if (round.parked && round.accepted) await this.#client.calls(round.accepted.sid).update({ twiml });
  }

  /** The first agent to accept takes the call: the others are let go, and his call waits for the bridge. */
  async #accept(round: Round, leg: AgentLeg): Promise<string> {
    round.accepted = leg;
    // Not awaited: the webhook answers well within Twilio's timeout whatever the REST API takes.
    void this.#cancelOthers(round, leg);
    round.acceptedNow();
    // Parked past BRIDGE_WAIT_MS: a pause the bridge replaces through the REST API (#instruct).
    const parked = new twilio.twiml.VoiceResponse();
    parked.pause({ length: 60 });
    parked.hangup();
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<string>((resolve) => {
      timer = setTimeout(() => {
        round.parked = true;
        resolve(parked.toString());
      }, BRIDGE_WAIT_MS);
      timer.unref();
    });
    try {
      return await Promise.race([round.next, waited]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Handles a verified callback; answers the TwiML to send back. Unknown rounds (another
   * instance's, or from before a restart) are acknowledged with an empty response.
   */
  async handleCallback(kind: TwilioCallbackKind, roundId: string, params: Record<string, string>): Promise<string> {
    const response = new twilio.twiml.VoiceResponse();
    if (kind === 'visitor' || kind === 'visitor-status') return this.#visitorCallback(kind, roundId, params);
    const round = this.#rounds.get(roundId);
    const leg = round?.legs.find((l) => l.sid === params.CallSid);
    if (!round) return response.toString();
    switch (kind) {
      case 'answer':
        if (!leg || round.accepted) {
          // Someone else already has the call (all at once): this agent is let go.
          response.hangup();
          break;
        }
        leg.heard = true;
        if (round.request.whisper !== null) return this.whisperTwiml(roundId, round.request.whisper);
        if (/^(machine|fax)/.test(params.AnsweredBy ?? '')) {
          leg.voicemail = true;
          response.hangup();
          break;
        }
        return this.#accept(round, leg);
      case 'accept':
        if (leg && !round.accepted && params.Digits === '1') return this.#accept(round, leg);
        if (leg) leg.pressed = params.Digits ?? '';
        response.hangup();
        break;
      case 'notice':
        if (round.bridge?.notice) response.say({ language: round.bridge.speechLanguage as SayLanguage }, round.bridge.notice);
        break;
      case 'dial-ended':
        if (round.customer && round.joinedAt !== null) {
          // The agent left the room he shared with the waiting visitor: the talk is timed from the
          // join to whoever left first. A visitor gone before the agent could have joined (within
          // TALKED_SECONDS) talked to nobody: not connected, nothing charged.
          const ended = round.visitor?.endedAt?.getTime() ?? Date.now();
          const seconds = Math.round((Math.min(ended, Date.now()) - round.joinedAt) / 1000);
          round.customer.status = seconds >= TALKED_SECONDS ? 'completed' : 'no-answer';
          round.customer.endedAt = new Date(Math.min(ended, Date.now()));
          round.duration = seconds >= TALKED_SECONDS ? seconds : 0;
          if (round.duration === 0) round.recorded();
          round.bridgeEnded();
        } else if (round.customer) {
          round.customer.status = params.DialCallStatus ?? 'failed';
          round.customer.providerSid = params.DialCallSid ?? '';
          round.customer.endedAt = new Date();
          round.duration = round.customer.status === 'completed' ? Number(params.DialCallDuration ?? 0) || 0 : 0;
          if (round.duration === 0) round.recorded();
          round.bridgeEnded();
        }
        response.hangup();
        break;
      case 'status':
        if (leg && ENDED.has(params.CallStatus ?? '')) {
          leg.status = params.CallStatus!;
          leg.endedAt = new Date();
          leg.end();
          if (leg === round.accepted && round.customer === null) {
            // The accepting agent hung up before the bridge: it fails at once.
            round.agentGone = true;
            round.bridgeEnded();
          } else if (leg === round.accepted) {
            // Hung up during the bridge: the Dial's action normally reports it; if it never does, the bridge ends soon after.
            setTimeout(() => round.bridgeEnded(), 10_000).unref();
          }
        }
        break;
      case 'recording':
        if (params.RecordingStatus === 'completed' && params.RecordingUrl) {
          round.recordingKey = params.RecordingUrl;
          round.recorded();
        }
        break;
    }
    return response.toString();
  }

  /** The visitor's own callbacks (waiting audio): he answered and waits in the room, or his call ended. */
  #visitorCallback(kind: 'visitor' | 'visitor-status', line: string, params: Record<string, string>): string {
    const response = new twilio.twiml.VoiceResponse();
    const visitor = this.#visitors.get(line);
    if (!visitor || params.CallSid !== visitor.sid) return response.toString();
    if (kind === 'visitor') {
      if (/^(machine|fax)/.test(params.AnsweredBy ?? '')) {
        visitor.status = 'no-answer';
        visitor.endedAt = new Date();
        visitor.settle();
        response.hangup();
        return response.toString();
      }
      visitor.answered = true;
      visitor.status = 'in-progress';
      visitor.settle();
      return this.waitTwiml(line, visitor.request);
    }
    if (ENDED.has(params.CallStatus ?? '')) {
      visitor.status = params.CallStatus!;
      visitor.endedAt = new Date();
      visitor.settle();
    }
    return response.toString();
  }

  /**
   * Once one agent has the call, the round's other phones stop ringing — and an agent still
   * hearing the whisper is hung up ('canceled' applies only to calls not yet answered).
   */
  async #cancelOthers(round: Round, answered: AgentLeg): Promise<void> {
    await Promise.all(
      round.legs
        .filter((leg) => leg !== answered && !ENDED.has(leg.status))
        .map((leg) => {
          const hearing = leg.heard;
          // Recorded as let go at once (the round's legs are kept when it ends).
          leg.status = 'canceled';
          leg.endedAt = new Date();
          return this.#client
            .calls(leg.sid)
            .update({ status: hearing ? 'completed' : 'canceled' })
            .then(
              () => undefined,
              () => undefined,
            );
        }),
    );
  }

  /** A leg as recorded: a person who heard the whisper and did not press 1 declined; a machine is a voicemail. */
  #legOf(leg: AgentLeg, round: Round): DialedLeg {
    const accepted = leg === round.accepted;
    const status = accepted ? 'in-progress' : leg.voicemail ? 'voicemail' : leg.heard && leg.status === 'completed' ? 'declined' : leg.status;
    return {
      target: 'agent',
      agentId: leg.target.agentId,
      to: leg.target.number,
      status,
      providerSid: leg.sid,
      startedAt: leg.startedAt,
      endedAt: leg.endedAt ?? new Date(),
      from: round.request.from,
      ...(round.request.whisper !== null && leg.heard ? { whisper: { text: round.request.whisper, accepted } } : {}),
    };
  }
}
