import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client.ts';
import { type EncodedBody, encodedBody } from '../http/encodedForms.ts';
import { assertKeptWithinRetention, KEPT_AT_MOST_MS } from '../domain/changes/changeRows.ts';
import { toolboxChangesSql } from '../domain/widgets/toolboxChanges.ts';
import { etagOf, loadWidgetConfig, takesCalls } from './widgetConfig.ts';

/**
 * The widget configuration in memory (issue 17): every page view of every client's website asks
 * for it, and it changes when a client edits a widget. Each server instance keeps what it served
 * and checks, once per `checkIntervalMs` and in one query for all of them, whether an account's
 * configuration changed (toolbox_changes, written by triggers in the changing transaction,
 * so a change made through any instance, or by hand, is seen) or whether its balance crossed what
 * a call costs (read from the credits row, judged by the same rule, takesCalls). A changed
 * account's entries are dropped and read again at the next request. So a change reaches every
 * instance within a check interval; the answer's own max-age is 30 s anyway.
 */
export interface WidgetConfigCacheOptions {
  /** How often the accounts in memory are checked for changes. */
  checkIntervalMs?: number;
  /** Websites kept at most; the least recently asked go first. */
  maxEntries?: number;
  /** An entry is read again after this long even without a change (a safety net). */
  maxAgeMs?: number;
  now?: () => number;
  /** Where a failed check is reported (the entries stay until the next check or their max age). */
  log?: { warn(object: object, message: string): void };
}

/** A configuration ready to send: the JSON, its ETag and its compressed forms, made once. */
export interface ServedConfig extends EncodedBody {
  etag: string;
}

interface Entry extends ServedConfig {
  userId: number;
  changes: string;
  available: boolean;
  loadedAt: number;
}


declare module 'fastify' {
  interface FastifyInstance {
    /** The widget configurations this instance serves from memory (tests: `check()` is "a second later"). */
    widgetConfigs: WidgetConfigCache;
  }
}

export class WidgetConfigCache {
  private readonly entries: LRUCache<string, Entry>;
  /** Keys no website has, remembered a little while: a flood of made-up keys reads the database once each. */
  private readonly unknownKeys = new LRUCache<string, true>({ max: 10_000, ttl: 10_000 });
  private readonly loading = new Map<string, Promise<ServedConfig | null>>();
  private readonly checkIntervalMs: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private readonly log: WidgetConfigCacheOptions['log'];

  private readonly db: Database;

  constructor(db: Database, options: WidgetConfigCacheOptions = {}) {
    this.db = db;
    this.checkIntervalMs = options.checkIntervalMs ?? 1000;
    this.entries = new LRUCache({ max: options.maxEntries ?? 10_000 });
    this.maxAgeMs = options.maxAgeMs ?? KEPT_AT_MOST_MS;
    assertKeptWithinRetention(this.maxAgeMs);
    this.now = options.now ?? Date.now;
    this.log = options.log;
  }

  /** The configuration of the website with `publicKey`, from memory when it is there; null for an unknown key. */
  async get(publicKey: string): Promise<ServedConfig | null> {
    const entry = this.entries.get(publicKey);
    if (entry && this.now() - entry.loadedAt < this.maxAgeMs) return entry;
    if (this.unknownKeys.has(publicKey)) return null;
    let pending = this.loading.get(publicKey);
    if (!pending) {
      pending = this.load(publicKey).finally(() => this.loading.delete(publicKey));
      this.loading.set(publicKey, pending);
    }
    return pending;
  }

  private async load(publicKey: string): Promise<ServedConfig | null> {
    const loaded = await loadWidgetConfig(this.db, publicKey);
    if (!loaded) {
      this.entries.delete(publicKey);
      this.unknownKeys.set(publicKey, true);
      return null;
    }
    const body = JSON.stringify(loaded.view);
    const entry: Entry = {
      ...encodedBody(body),
      etag: etagOf(body),
      userId: loaded.userId,
      changes: loaded.changes,
      available: loaded.view.available,
      loadedAt: this.now(),
    };
    this.entries.set(publicKey, entry);
    return entry;
  }

  /** Starts the checks (the app starts it when it is ready and stops it when it closes). */
  start(): void {
    this.timer ??= setInterval(() => {
      this.check().catch((error: unknown) => this.log?.warn({ err: error }, 'widget configuration cache: the check for changes failed'));
    }, this.checkIntervalMs).unref();
  }

  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.checking ?? Promise.resolve();
  }

  /** Entries in memory (tests and the benchmark). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Drops the entries of every account whose configuration changed since it was read. The timer
   * runs it; tests call it for "a check interval later". Checks never overlap.
   */
  check(): Promise<void> {
    this.checking ??= this.runCheck().finally(() => (this.checking = null));
    return this.checking;
  }

  private async runCheck(): Promise<void> {
    const userIds = [...new Set(Array.from(this.entries.values(), (entry) => entry.userId))];
    if (userIds.length) {
      // One statement for every account in memory: an int[] parameter, not one per account.
      const result = (await this.db.execute(sql`
        select u.id as "userId", ${toolboxChangesSql(sql`u.id`)} as "changes",
          (c.credits - c.reserved)::int as "balance", c.overdraft as "overdraft", a.deleted_at is not null as "deleted"
        from unnest(${`{${userIds.join(',')}}`}::int[]) as u(id)
        left join users a on a.id = u.id
        left join credits c on c.user_id = u.id`)) as unknown as {
        rows: { userId: number; changes: string; balance: number | null; overdraft: number | null; deleted: boolean | null }[];
      };
      const current = new Map(result.rows.map((row) => [Number(row.userId), row]));
      const changed = Array.from(this.entries.entries()).filter(([, entry]) => {
        const now = current.get(entry.userId);
        const available = now ? takesCalls({ accountDeleted: now.deleted !== false, balance: now.balance ?? 0, overdraft: now.overdraft ?? 0 }) : false;
        return !now || now.changes !== entry.changes || available !== entry.available;
      });
      for (const [publicKey] of changed) this.entries.delete(publicKey);
    }
  }
}
