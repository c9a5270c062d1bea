import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { calls, scheduledCalls } from './calls.ts';
import { createdAt, id, instant } from './columns.ts';

/** missed_call_text is the visitor's text after a missed Call now (the widget's recovery), not the client's. */
export const notificationEvents = ['call_requested', 'callback_scheduled', 'call_missed', 'missed_call_text'] as const;
export const notificationChannels = ['email', 'text'] as const;
export type NotificationEvent = (typeof notificationEvents)[number];
export type NotificationChannel = (typeof notificationChannels)[number];

/**
 * Notifications of a client about its calls (issue 18; a widget's notifications setting): a row
 * per event and channel, written in the transaction of the event itself, sent by the
 * notifications worker (workers/notificationsWorker.ts), which claims rows with FOR UPDATE SKIP
 * LOCKED and a lease, so every instance shares the work and none sends one twice while its
 * lease holds (at least once: a sender that dies after sending leaves its row to be sent again).
 */
export const clientNotifications = pgTable(
  'client_notifications',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text({ enum: notificationEvents }).notNull(),
    channel: text({ enum: notificationChannels }).notNull(),
    /** The e-mail address or phone number the widget named when the event happened. */
    to: text().notNull(),
    callId: integer().references(() => calls.id, { onDelete: 'cascade' }),
    scheduledCallId: integer().references(() => scheduledCalls.id, { onDelete: 'cascade' }),
    /** Null until sent; a row is pending while both sentAt and failedAt are null. */
    sentAt: instant(),
    /** Set when the last attempt failed for good (NOTIFICATION_ATTEMPTS). */
    failedAt: instant(),
    attempts: integer().notNull().default(0),
    /** Not tried before this time: the next retry, or a claim's lease. */
    dueAt: instant().notNull().defaultNow(),
    lastError: text(),
    /** The words of a missed_call_text, as the widget said them when the call was missed. */
    body: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('client_notifications_due_idx').on(t.dueAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('client_notifications_user_id_idx').on(t.userId, t.createdAt),
    // The visitor's text recovering a missed call, shown with it in Calls History.
    index('client_notifications_missed_call_text_idx').on(t.callId).where(sql`${t.event} = 'missed_call_text'`),
    check('client_notifications_subject_check', sql`num_nonnulls(${t.callId}, ${t.scheduledCallId}) = 1`),
  ],
);
