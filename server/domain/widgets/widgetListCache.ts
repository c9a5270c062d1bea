import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { toolboxChangesOf } from './toolboxChanges.ts';
import { listWidgets, type WidgetView } from './widgets.ts';

/**
 * The Widgets screen's list, kept per account as the answer's body (issue 17): the list joins
 * widgets, websites, agents and their settings, and serializing it is most of what the request
 * costs. Each request still asks the database one small question, whether the account's toolbox
 * changed since (toolboxChangesOf, by the same triggers the widget configuration uses), so a
 * change made on any instance, or by hand, is in the very next answer.
 */
export class WidgetListCache {
  private readonly bodies: LRUCache<number, { changes: string; body: string }>;

  constructor(maxAccounts = 2_000) {
    // A kept body is read again after five minutes all the same: the reference rows it shows
    // (widget types, calling rules) are not counted as the account's changes.
    this.bodies = new LRUCache({ max: maxAccounts, ttl: 5 * 60_000 });
  }

  /**
   * The account's list as the answer's body; `serialize` writes it as the contract's answer
   * (the route's own serializer). The changes are read before the list, so a change landing in
   * between makes the kept body newer than its changes, and the next request reads it again.
   */
  async body(db: Database, userId: number, serialize: (list: { data: WidgetView[] }) => string): Promise<string> {
    const changes = await toolboxChangesOf(db, userId);
    const kept = this.bodies.get(userId);
    if (kept?.changes === changes) return kept.body;
    const body = serialize({ data: await listWidgets(db, userId) });
    this.bodies.set(userId, { changes, body });
    return body;
  }
}
