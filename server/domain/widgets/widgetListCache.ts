import type { Database } from '../../db/client.ts';
import { KeptBodies } from '../changes/keptBodies.ts';
import type { EncodedBody } from '../../http/encodedForms.ts';
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
  // A kept body is read again after five minutes all the same: the reference rows it shows
  // (widget types, calling rules) are not counted as the account's changes.
  private readonly bodies = new KeptBodies({ maxBytes: 32 * 1024 * 1024, maxEntries: 2_000 });

  /** The account's list as the answer's body; `serialize` writes it as the contract's answer (the route's own serializer). */
  async body(db: Database, userId: number, serialize: (list: { data: WidgetView[] }) => string): Promise<EncodedBody> {
    const changes = await toolboxChangesOf(db, userId);
    return this.bodies.body(String(userId), changes, async () => ({ body: serialize({ data: await listWidgets(db, userId) }), keep: true }));
  }
}
