import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/** Mail kept by the local outbox adapter, shown at /dev/mailbox (ARCHITECTURE.md, Adapters). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    to: text().notNull(),
    from: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_created_at_idx').on(t.createdAt)],
);

/** The local outbox of text messages (adapters/texts/outboxTexts.ts), shown at /dev/messages. */
export const outboxTexts = pgTable(
  'outbox_texts',
  {
    id: id(),
    to: text().notNull(),
    from: text().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_texts_created_at_idx').on(t.createdAt)],
);

/**
 * Secrets generated once and shared by every server instance through the database, such as the
 * access-token signing key, so tokens signed by one instance verify on another.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});
