import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Mail } from '../adapters/mail/mail.ts';
import type { Texts } from '../adapters/texts/texts.ts';
import type { Database } from '../db/client.ts';
import { clientNotifications } from '../db/schema/notifications.ts';
import { loadNotificationDetails, notificationMail, notificationRefusal, notificationText } from '../domain/notifications/clientNotifications.ts';
import { PeriodicTask } from './periodicTask.ts';

/** Tries of one notification before it is given up (last_error keeps why). */
export const NOTIFICATION_ATTEMPTS = 5;
/** How long a claimed notification is left to its sender before another instance may try it. */
export const NOTIFICATION_LEASE_MS = 60_000;
/** The pause before the n-th retry: 30 s, 2 min, 8 min, 32 min. */
export const retryDelayMs = (attempts: number) => 30_000 * 4 ** (attempts - 1);
/** Notifications one poll claims. */
const BATCH = 20;
/** Sent and dropped notifications are kept this long (to look into), then deleted. */
export const NOTIFICATIONS_KEPT_MS = 30 * 86_400_000;
/** Every this many polls (the first included), the old ones are deleted: hourly at the default 5 s. */
const POLLS_BETWEEN_CLEANUPS = 720;

export interface NotificationsWorkerOptions {
  db: Database;
  mail: Mail;
  texts: Texts;
  publicUrl: string;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  now?: () => number;
  pollIntervalMs?: number;
}

/**
 * Sends the clients' notifications of their calls (issue 18; domain/notifications): each
 * instance polls, claims due rows with FOR UPDATE SKIP LOCKED and a lease (its due time moved
 * NOTIFICATION_LEASE_MS ahead), sends them through the mail or text-message adapter, and marks
 * them sent, or due again later after a failure (retryDelayMs), up to NOTIFICATION_ATTEMPTS.
 * Nothing on the call's path waits for it.
 */
export class NotificationsWorker extends PeriodicTask<number> {
  readonly #options: NotificationsWorkerOptions;
  readonly #now: () => number;
  #polls = 0;

  /** runOnce() answers how many notifications it sent. */
  constructor(options: NotificationsWorkerOptions) {
    super({
      run: () => this.#sendDue(),
      intervalMs: options.pollIntervalMs ?? 5_000,
      failed: (error) => {
        options.log.warn({ err: error }, 'notifications: the poll failed');
        return 0;
      },
    });
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  async #sendDue(): Promise<number> {
    const { db } = this.#options;
    const now = new Date(this.#now());
    if (this.#polls++ % POLLS_BETWEEN_CLEANUPS === 0) {
      const before = new Date(now.getTime() - NOTIFICATIONS_KEPT_MS);
      await db.delete(clientNotifications).where(or(lt(clientNotifications.sentAt, before), lt(clientNotifications.failedAt, before)));
    }
    const due = db
      .select({ id: clientNotifications.id })
      .from(clientNotifications)
      .where(and(isNull(clientNotifications.sentAt), isNull(clientNotifications.failedAt), lte(clientNotifications.dueAt, now)))
      .orderBy(asc(clientNotifications.dueAt), asc(clientNotifications.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(clientNotifications)
      .set({ attempts: sql`${clientNotifications.attempts} + 1`, dueAt: new Date(now.getTime() + NOTIFICATION_LEASE_MS) })
      .where(inArray(clientNotifications.id, due))
      .returning({ id: clientNotifications.id, attempts: clientNotifications.attempts });
    let sent = 0;
    for (const row of claimed) {
      if (await this.#send(row.id, row.attempts)) sent += 1;
    }
    return sent;
  }

  /**
   * Sends one claimed notification and writes down how it went; true when it went out. The claim
   * is taken again right before sending (its lease renewed from now): a row whose lease ran out
   * while this instance sent the ones before it, and that another instance claimed since, is
   * left to that one. Only a send outlasting its lease may go out twice (at least once).
   */
  async #send(id: number, attempts: number): Promise<boolean> {
    const { db, mail, texts, publicUrl, log } = this.#options;
    const mine = and(eq(clientNotifications.id, id), eq(clientNotifications.attempts, attempts), isNull(clientNotifications.sentAt), isNull(clientNotifications.failedAt));
    const now = new Date(this.#now());
    const [held] = await db
      .update(clientNotifications)
      .set({ dueAt: new Date(now.getTime() + NOTIFICATION_LEASE_MS) })
      .where(mine)
      .returning({ id: clientNotifications.id });
    if (!held) return false;
    try {
      const details = await loadNotificationDetails(db, id);
      const refusal = details === undefined ? 'its call no longer exists' : attempts === 1 ? await notificationRefusal(db, details, now) : undefined;
      if (details === undefined || refusal !== undefined) {
        log.info({ notificationId: id, reason: refusal }, 'notifications: dropped');
        await db.update(clientNotifications).set({ failedAt: new Date(this.#now()), lastError: refusal }).where(mine);
        return false;
      }
      if (details.channel === 'email') await mail.send(notificationMail(details, publicUrl));
      else await texts.send(notificationText(details, publicUrl));
      await db.update(clientNotifications).set({ sentAt: new Date(this.#now()), lastError: null }).where(mine);
      return true;
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      const givenUp = attempts >= NOTIFICATION_ATTEMPTS;
      log.warn({ err: error, notificationId: id, attempts, givenUp }, 'notifications: sending failed');
      await db
        .update(clientNotifications)
        .set(givenUp ? { failedAt: new Date(this.#now()), lastError } : { dueAt: new Date(this.#now() + retryDelayMs(attempts)), lastError })
        .where(mine);
      return false;
    }
  }
}
