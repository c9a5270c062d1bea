import { LRUCache } from 'lru-cache';
import { type EncodedBody, encodedBody } from '../../http/encodedForms.ts';

/**
 * Answer bodies kept in this instance's memory (issue 17), each with the account's changes
 * (changeRows.ts) read before it was made: a body is answered again only while the changes read
 * now are the same, so a change made on any instance, or by hand, is in the very next answer.
 * Bounded by the bytes kept; a body is made again after `ttlMs` all the same. Each is kept with
 * its compressed forms, made once (encodedForms.ts).
 */
export class KeptBodies<Key extends string | number> {
  private readonly bodies: LRUCache<Key, { changes: string; kept: EncodedBody }>;

  constructor(options: { maxBytes: number; ttlMs: number }) {
    this.bodies = new LRUCache({ maxSize: options.maxBytes, sizeCalculation: ({ kept }) => kept.body.length * 2 + 64, ttl: options.ttlMs });
  }

  /**
   * The body kept for `key` if it was made at `changes`, else `make`'s, kept. `changes` must be
   * read before `make` reads anything: a change landing in between makes the kept body newer than
   * its changes, and the next request makes it again.
   */
  async body(key: Key, changes: string, make: () => Promise<string>): Promise<EncodedBody> {
    const found = this.bodies.get(key);
    if (found?.changes === changes) return found.kept;
    const kept = encodedBody(await make());
    this.bodies.set(key, { changes, kept });
    return kept;
  }
}
