import { LRUCache } from 'lru-cache';
import { type EncodedBody, encodedBody } from '../../http/encodedForms.ts';
import { assertKeptWithinRetention, KEPT_AT_MOST_MS } from './changeRows.ts';

/** What `make` answers: the body, and whether it is worth keeping (a page past the end is not). */
export interface MadeBody {
  body: string;
  keep: boolean;
}

/** What a kept body costs beyond its text (UTF-16) and compressed forms: the key, the entry, the LRU's node. */
const ENTRY_OVERHEAD_BYTES = 1024;

/**
 * Answer bodies kept in this instance's memory (issue 17), each with the signature of the
 * account's changes (changeRows.ts) read before it was made: a body is answered again only
 * while the signature read now is the same, so a change made on any instance, or by hand, is in
 * the very next answer. Bounded by the bytes kept (text, compressed forms and overhead counted)
 * and by entries; a body is made again after `ttlMs` (at most KEPT_AT_MOST_MS) all the same.
 * Each is kept with its compressed forms, made once (encodedForms.ts). Requests that find the
 * same body missing at once share one making of it.
 */
export class KeptBodies {
  private readonly bodies: LRUCache<string, { signature: string; kept: EncodedBody }>;
  private readonly making = new Map<string, Promise<EncodedBody>>();

  constructor(options: { maxBytes: number; maxEntries: number; ttlMs?: number }) {
    const ttl = options.ttlMs ?? KEPT_AT_MOST_MS;
    assertKeptWithinRetention(ttl);
    this.bodies = new LRUCache({
      max: options.maxEntries,
      maxSize: options.maxBytes,
      // The text twice (UTF-16), its compressed forms at most once more.
      sizeCalculation: ({ kept }, key) => ENTRY_OVERHEAD_BYTES + key.length * 2 + kept.body.length * 3,
      ttl,
    });
  }

  /**
   * The body kept for `key` if it was made at `signature`, else `make`'s (kept when it says so).
   * `signature` must be read before `make` reads anything: a change landing in between makes the
   * kept body newer than its signature, and the next request makes it again.
   */
  async body(key: string, signature: string, make: () => Promise<MadeBody>): Promise<EncodedBody> {
    const found = this.bodies.get(key);
    if (found?.signature === signature) return found.kept;
    const makingKey = `${signature}\u0000${key}`;
    let pending = this.making.get(makingKey);
    if (!pending) {
      pending = make()
        .then(({ body, keep }) => {
          const kept = encodedBody(body);
          if (keep) this.bodies.set(key, { signature, kept });
          return kept;
        })
        .finally(() => this.making.delete(makingKey));
      this.making.set(makingKey, pending);
    }
    return pending;
  }
}
