import type { FastifyBaseLogger } from 'fastify';
import { collectUrl, type Ga4, type Ga4Hit, type Ga4HitBody, type Ga4SendResult } from './ga4.ts';

/** A hit as the recorder kept it: its address with the API secret redacted, and its body. */
export interface RecordedGa4Hit {
  url: string;
  body: Ga4HitBody;
}

/** Hits kept in memory for `recorded()`; the log has them all. */
const KEPT = 100;

/**
 * The local GA4 adapter (development and tests): writes each Measurement Protocol hit it would
 * send to the log (`analytics: GA4 hit recorded, not sent`, the API secret redacted) and keeps the
 * latest in memory, and answers as GA4 does (204). Nothing leaves the machine, so a developer's
 * test calls never land in a client's real property. GA4_SEND=1 sends instead (server/config.ts).
 */
export class Ga4Recorder implements Ga4 {
  readonly description = 'local GA4 recorder (records the Measurement Protocol hits in the log, sends nothing; set GA4_SEND=1 to send them to Google)';
  /** It answers at once. */
  readonly timeoutMs = 0;
  readonly #log: Pick<FastifyBaseLogger, 'info'>;
  readonly #recorded: RecordedGa4Hit[] = [];

  constructor(options: { log: Pick<FastifyBaseLogger, 'info'> }) {
    this.#log = options.log;
  }

  async send(hit: Ga4Hit): Promise<Ga4SendResult> {
    const recorded: RecordedGa4Hit = { url: collectUrl(hit, undefined, { redacted: true }), body: hit.body };
    this.#recorded.push(recorded);
    if (this.#recorded.length > KEPT) this.#recorded.shift();
    this.#log.info({ ga4Hit: recorded }, 'analytics: GA4 hit recorded, not sent');
    return { ok: true, status: 204 };
  }

  /** The latest hits, oldest first. */
  recorded(): readonly RecordedGa4Hit[] {
    return this.#recorded;
  }
}
