import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { outboxTexts } from '../../db/schema/system.ts';
import type { TextMessage, Texts } from './texts.ts';

/**
 * Development text messages, beside the call simulator: they go to the outbox table, shown at
 * /dev/messages with the mailbox's key (http/devMailbox.ts). Their content is not logged, as
 * the mailbox's is not: it names visitors and their numbers.
 */
export class OutboxTexts implements Texts {
  readonly description: string;
  readonly #db: Database;
  readonly #log: FastifyBaseLogger;

  constructor(options: { db: Database; publicUrl: string; log: FastifyBaseLogger }) {
    this.#db = options.db;
    this.#log = options.log;
    this.description = `local outbox at ${options.publicUrl}/dev/messages`;
  }

  async send(message: TextMessage): Promise<void> {
    const [stored] = await this.#db.insert(outboxTexts).values(message).returning({ id: outboxTexts.id });
    this.#log.info({ textId: stored!.id }, 'text message: stored in the outbox');
  }
}
