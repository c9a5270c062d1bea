import { randomBytes } from 'node:crypto';
import type { CallStatus, DialedLeg, DialOutcome, DialRequest, DialTarget, Telephony } from './telephony.ts';

/**
 * Numbers of the 500-555-000x block (reserved for tests, they ring nobody) whose outcome the
 * simulator fixes, like Stripe's test cards; every other number gets a random, realistic one.
 */
export const SIMULATOR_TEST_NUMBERS: Record<string, 'successful' | 'missed' | 'busy' | 'no-answer'> = {
  '+15005550001': 'busy',
  '+15005550002': 'no-answer',
  '+15005550003': 'missed',
  '+15005550004': 'successful',
};

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
  /** Tests fix outcomes: answers an outcome for a request, or undefined for a random one. */
  script?: (request: DialRequest) => CallStatus | undefined;
}

/**
 * The local telephony (ARCHITECTURE.md, Adapters): follows real call semantics without a
 * phone network. Rings the targets by the calling rule — all at once (the first to pick up
 * wins, the others are canceled), one by one (in the widget's order, until one picks up), a
 * random agent, or the widget's single number — then bridges the visitor, whose line may be busy
 * or not answer. Ring and talk times are realistic (talk ~2.5 min, log-normal, 15 s to 30 min)
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
    this.description = `local call simulator (no real calls; ${options.speed}× real time; test numbers +15005550001 busy, …0002 no-answer, …0003 missed, …0004 successful)`;
  }

  async dial(request: DialRequest): Promise<DialOutcome> {
    const start = this.#now();
    const forced = this.#script?.(request) ?? SIMULATOR_TEST_NUMBERS[request.customerNumber];
    request.onFirstDial?.();
    const legs: DialedLeg[] = [];
    const leg = (target: DialTarget, kind: 'agent' | 'customer', status: string, from: number, seconds: number): DialedLeg => {
      const startedAt = new Date(start.getTime() + from * 1000);
      const made: DialedLeg = {
        target: kind,
        agentId: kind === 'agent' ? target.agentId : null,
        to: target.number,
        status,
        providerSid: `CA${randomBytes(16).toString('hex')}`,
        startedAt,
        endedAt: new Date(startedAt.getTime() + seconds * 1000),
      };
      legs.push(made);
      return made;
    };
    const picksUp = () => (forced === undefined ? this.#chance(AGENT_PICKS_UP) : forced !== 'missed');

    // Agents first (1 s to set the call up).
    let answeredBy: DialTarget | null = null;
    let clockSeconds = 1;
    if (request.rule === 'all-at-once') {
      const answering = picksUp() ? this.#pick(request.targets) : null;
      const ring = this.#int(6, 22);
      for (const target of request.targets) {
        leg(target, 'agent', answering === null ? 'no-answer' : target === answering ? 'completed' : 'canceled', clockSeconds, answering ? ring : this.#int(25, 30));
      }
      answeredBy = answering;
      clockSeconds += answering ? ring : 30;
    } else {
      const order = request.rule === 'random' ? [this.#pick(request.targets)] : request.rule === 'single-number' ? request.targets.slice(0, 1) : request.targets;
      for (const target of order) {
        if (picksUp()) {
          const ring = this.#int(6, 22);
          leg(target, 'agent', 'completed', clockSeconds, ring);
          clockSeconds += ring;
          answeredBy = target;
          break;
        }
        const ring = this.#int(25, 30);
        leg(target, 'agent', 'no-answer', clockSeconds, ring);
        clockSeconds += ring + 2;
      }
    }

    let status: CallStatus = 'missed';
    let duration = 0;
    if (answeredBy) {
      // Then the visitor, bridged by the agent's leg.
      status = forced ?? this.#weighted(CUSTOMER_OUTCOMES);
      const customer = { agentId: null, number: request.customerNumber };
      if (status === 'successful') {
        const ring = this.#int(3, 12);
        duration = Math.min(1_800, Math.max(15, Math.round(Math.exp(Math.log(150) + 0.8 * this.#normal()))));
        leg(customer, 'customer', 'completed', clockSeconds, ring + duration);
        clockSeconds += ring + duration;
      } else if (status === 'busy') {
        leg(customer, 'customer', 'busy', clockSeconds, 2);
        clockSeconds += 2;
      } else {
        leg(customer, 'customer', 'no-answer', clockSeconds, 30);
        clockSeconds += 30;
      }
      // The agent's leg lasts as long as the bridge.
      const agentLeg = legs.find((l) => l.target === 'agent' && l.status === 'completed')!;
      agentLeg.endedAt = new Date(start.getTime() + clockSeconds * 1000);
    }
    await this.#sleep((clockSeconds * 1000) / this.timeScale);
    return { status, legs, answeredBy, duration, recordingKey: null };
  }

  #chance(probability: number): boolean {
    return this.#random() < probability;
  }

  #int(min: number, max: number): number {
    return min + Math.floor(this.#random() * (max - min + 1));
  }

  #pick<T>(items: T[]): T {
    return items[Math.floor(this.#random() * items.length)]!;
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
