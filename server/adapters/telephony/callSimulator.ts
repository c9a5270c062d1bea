import { randomBytes } from 'node:crypto';
import type { BridgeOutcome, BridgeRequest, CallStatus, DialedLeg, DialTarget, HoldOutcome, HoldRequest, RingOutcome, RingRequest, Telephony } from './telephony.ts';

/**
 * Visitor numbers of the 500-555-000x block (reserved for tests, they ring nobody) whose outcome
 * the simulator fixes, like Stripe's test cards; every other number gets a random, realistic one.
 */
export const SIMULATOR_TEST_NUMBERS: Record<string, 'successful' | 'missed' | 'busy' | 'no-answer'> = {
  '+15005550001': 'busy',
  '+15005550002': 'no-answer',
  '+15005550003': 'missed',
  '+15005550004': 'successful',
};

/** Agent numbers of the same block whose phone behaves one way (issue 18): a voicemail answers, or the agent declines the whisper. */
export const SIMULATOR_TEST_AGENTS: Record<string, 'voicemail' | 'declines'> = {
  '+15005550005': 'voicemail',
  '+15005550006': 'declines',
};

/** A line the simulator holds between an agent's accept and the bridge. */
interface HeldLine {
  agentLeg: DialedLeg;
  /** Simulated seconds since the round started, when the agent accepted. */
  at: number;
  start: Date;
  forced: CallStatus | undefined;
}

/** Chance that a rung agent picks up (per agent; all at once: that anyone does). */
const AGENT_PICKS_UP = 0.88;
/** Once an agent is on the line, how the visitor's phone answers (busy and no-answer are the customer's line). */
const CUSTOMER_OUTCOMES: [Exclude<CallStatus, 'missed'>, number][] = [
  ['successful', 0.75],
  ['busy', 0.09],
  ['no-answer', 0.16],
];

export interface CallSimulatorOptions {
  /** How many times faster than real time calls run (CALL_SIMULATOR_SPEED); ring and talk times are divided by it. */
  speed: number;
  /** A number in [0, 1); tests pass a seeded one. */
  random?: () => number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** Tests fix outcomes: answers an outcome for a round's call (missed: no agent picks up), or undefined for a random one. */
  script?: (request: RingRequest) => CallStatus | undefined;
}

/**
 * The local telephony (ARCHITECTURE.md, Adapters): follows real call semantics without a
 * phone network. Rings a round's agents together (the first to accept wins, the others are
 * canceled); an agent who picks up hears the whisper and accepts, unless he is a test agent that
 * declines or a voicemail (detected without the whisper); then bridges the visitor, whose line
 * may be busy or not answer. Ring and talk times are realistic (talk ~2.5 min, log-normal, 15 s to 30 min)
 * and pass `speed` times faster than real time. A connected call's recording is the synthesized
 * .wav of domain/callEngine/wav.ts (stored as a synthesized key, like the demo's).
 */
export class CallSimulator implements Telephony {
  readonly isLocal = true;
  readonly timeScale: number;
  readonly description: string;
  readonly #random: () => number;
  readonly #now: () => Date;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #script: CallSimulatorOptions['script'];

  constructor(options: CallSimulatorOptions) {
    if (!(options.speed > 0)) throw new RangeError(`The simulator speed must be positive, got ${options.speed}`);
    this.timeScale = options.speed;
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? (() => new Date());
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#script = options.script;
    this.description = `local call simulator (no real calls; ${options.speed}× real time; visitor test numbers +15005550001 busy, …0002 no-answer, …0003 missed, …0004 successful; agent test numbers …0005 voicemail, …0006 declines the whisper)`;
  }

  readonly #lines = new Map<string, HeldLine>();
  /** Visitors called first, waiting with the audio (their leg, in progress). */
  readonly #waiting = new Map<string, DialedLeg>();

  async holdVisitor(request: HoldRequest): Promise<HoldOutcome> {
    const start = this.#now();
    const forced = SIMULATOR_TEST_NUMBERS[request.customerNumber];
    // The visitor's line: a number that connects (or whose agents miss) answers; busy and no-answer do not.
    const status = forced === 'busy' || forced === 'no-answer' ? forced : forced ? 'successful' : this.#weighted(CUSTOMER_OUTCOMES);
    const ring = status === 'busy' ? 2 : status === 'no-answer' ? 30 : this.#int(3, 12);
    const leg: DialedLeg = {
      target: 'customer',
      agentId: null,
      to: request.customerNumber,
      status: status === 'successful' ? 'in-progress' : status,
      providerSid: `CA${randomBytes(16).toString('hex')}`,
      startedAt: start,
      endedAt: new Date(start.getTime() + ring * 1000),
      from: request.callerId,
      ...(status === 'successful' ? { waitingAudio: request.audioUrl, ...(request.notice ? { notice: request.notice } : {}) } : {}),
    };
    await this.#sleep((ring * 1000) / this.timeScale);
    if (status !== 'successful') return { answered: false, leg, line: null };
    const line = `sim-visitor-${request.callId}-${request.attempt}-${randomBytes(4).toString('hex')}`;
    this.#waiting.set(line, leg);
    return { answered: true, leg, line };
  }

  async ringAgents(request: RingRequest): Promise<RingOutcome> {
    const start = this.#now();
    const forced = this.#script?.(request) ?? SIMULATOR_TEST_NUMBERS[request.customerNumber];
    request.onFirstDial?.();
    const legs: DialedLeg[] = [];
    const leg = (target: DialTarget, status: string, from: number, seconds: number, accepted?: boolean): DialedLeg => {
      const startedAt = new Date(start.getTime() + from * 1000);
      const made: DialedLeg = {
        target: 'agent',
        agentId: target.agentId,
        to: target.number,
        status,
        providerSid: `CA${randomBytes(16).toString('hex')}`,
        startedAt,
        endedAt: new Date(startedAt.getTime() + seconds * 1000),
        from: request.from,
        ...(request.whisper !== null && accepted !== undefined ? { whisper: { text: request.whisper, accepted } } : {}),
      };
      legs.push(made);
      return made;
    };
    /** How one agent's phone answers: a person, a voicemail, or nobody. */
    const answers = (target: DialTarget): 'person' | 'declines' | 'voicemail' | 'nobody' => {
      const fixed = SIMULATOR_TEST_AGENTS[target.number];
      if (fixed) return fixed;
      if (forced !== undefined) return forced === 'missed' ? 'nobody' : 'person';
      return this.#chance(AGENT_PICKS_UP) ? 'person' : 'nobody';
    };
    // The whisper takes about 6 s to say and answer; without it a voicemail is detected in about 4 s.
    const listen = request.whisper === null ? 4 : 6;

    // 1 s to set the legs up; all of the round's agents ring together, the first to accept wins.
    const setUp = 1;
    let accepted: { target: DialTarget; at: number } | null = null;
    const ringing = request.targets.map((target) => ({ target, answer: answers(target), ring: this.#int(6, 22) }));
    for (const agent of [...ringing].sort((x, y) => x.ring - y.ring)) {
      if (agent.answer === 'person' && !accepted) accepted = { target: agent.target, at: setUp + agent.ring + listen };
    }
    let acceptedLeg: DialedLeg | null = null;
    let ends = setUp;
    for (const agent of ringing) {
      if (accepted?.target === agent.target) {
        acceptedLeg = leg(agent.target, 'in-progress', setUp, agent.ring + listen, true);
        continue;
      }
      const endsAt = (status: string, seconds: number, heard?: boolean) => {
        // Still ringing when another agent accepted: canceled then.
        const cut = accepted && setUp + seconds > accepted.at ? accepted.at - setUp : seconds;
        leg(agent.target, cut < seconds ? 'canceled' : status, setUp, cut, cut < seconds ? undefined : heard);
        ends = Math.max(ends, setUp + cut);
      };
      if (agent.answer === 'declines') endsAt('declined', agent.ring + listen, false);
      else if (agent.answer === 'voicemail') endsAt('voicemail', agent.ring + listen, false);
      else endsAt('no-answer', this.#int(25, 30));
    }
    const seconds = accepted ? accepted.at : ends;
    await this.#sleep((seconds * 1000) / this.timeScale);
    if (!accepted || !acceptedLeg) return { accepted: null, legs, line: null };
    const line = `sim-${request.callId}-${request.attempt}-${request.round}-${randomBytes(4).toString('hex')}`;
    this.#lines.set(line, { agentLeg: acceptedLeg, at: accepted.at, start, forced });
    return { accepted: accepted.target, legs, line };
  }

  async bridge(request: BridgeRequest): Promise<BridgeOutcome> {
    const held = this.#lines.get(request.line);
    if (!held) throw new Error(`The simulator holds no line ${request.line}`);
    this.#lines.delete(request.line);
    const { start, agentLeg } = held;
    const waiting = request.visitorLine ? this.#waiting.get(request.visitorLine) : undefined;
    if (request.visitorLine) {
      if (!waiting) throw new Error(`The simulator holds no waiting visitor ${request.visitorLine}`);
      this.#waiting.delete(request.visitorLine);
      // Joined to the waiting visitor: they talk once the notice (if any) is said.
      const duration = Math.min(1_800, Math.max(15, Math.round(Math.exp(Math.log(150) + 0.8 * this.#normal()))));
      const talk = (request.notice ? 4 : 0) + duration;
      const endedAt = new Date(start.getTime() + (held.at + talk) * 1000);
      await this.#sleep((talk * 1000) / this.timeScale);
      const notice = request.notice ? { notice: request.notice } : {};
      return {
        status: 'successful',
        agentLeg: { ...agentLeg, status: 'completed', endedAt, ...notice },
        customerLeg: { ...waiting, status: 'completed', endedAt },
        duration,
        recordingKey: null,
      };
    }
    let clockSeconds = held.at;
    // The recording notice, about 4 s, is said to the agent while the visitor's phone rings, and to the visitor once he answers.
    const noticeSeconds = request.notice ? 4 : 0;
    const status = held.forced && held.forced !== 'missed' ? held.forced : this.#weighted(CUSTOMER_OUTCOMES);
    const startedAt = new Date(start.getTime() + clockSeconds * 1000);
    let duration = 0;
    let ringing: number;
    if (status === 'successful') {
      ringing = this.#int(3, 12) + noticeSeconds;
      duration = Math.min(1_800, Math.max(15, Math.round(Math.exp(Math.log(150) + 0.8 * this.#normal()))));
    } else if (status === 'busy') {
      ringing = 2;
    } else {
      ringing = 30;
    }
    clockSeconds += ringing + duration;
    const endedAt = new Date(start.getTime() + clockSeconds * 1000);
    const customerLeg: DialedLeg = {
      target: 'customer',
      agentId: null,
      to: request.customerNumber,
      status: status === 'successful' ? 'completed' : status,
      providerSid: `CA${randomBytes(16).toString('hex')}`,
      startedAt,
      endedAt,
      from: request.callerId,
      ...(request.notice && status === 'successful' ? { notice: request.notice } : {}),
    };
    // The agent's leg lasts as long as the bridge.
    const ended: DialedLeg = { ...agentLeg, status: 'completed', endedAt, ...(request.notice ? { notice: request.notice } : {}) };
    await this.#sleep(((clockSeconds - held.at) * 1000) / this.timeScale);
    return { status, agentLeg: ended, customerLeg, duration, recordingKey: null };
  }

  async release(line: string, goodbye?: { text: string; speechLanguage: string }): Promise<DialedLeg | undefined> {
    this.#lines.delete(line);
    const waiting = this.#waiting.get(line);
    this.#waiting.delete(line);
    // The waiting visitor hears that nobody could take his call, and the line ends.
    return waiting ? { ...waiting, status: 'completed', endedAt: this.#now(), ...(goodbye ? { goodbye: goodbye.text } : {}) } : undefined;
  }

  #chance(probability: number): boolean {
    return this.#random() < probability;
  }

  #int(min: number, max: number): number {
    return min + Math.floor(this.#random() * (max - min + 1));
  }

  #weighted<T>(choices: [T, number][]): T {
    let roll = this.#random() * choices.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices.at(-1)![0];
  }

  /** A standard normal number (Box–Muller). */
  #normal(): number {
    const u = Math.max(this.#random(), Number.EPSILON);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.#random());
  }
}
