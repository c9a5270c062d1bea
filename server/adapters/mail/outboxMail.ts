import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/system.ts';
import type { Mail, MailMessage } from './mail.ts';

/**
 * Development mail: messages go to the outbox table, shown at /dev/mailbox (with the key
 * `npm start` prints). Their links are not logged: they sign in as whoever they were sent to,
 * and logs travel further than the key (issue 15, finding 7).
 */
export class OutboxMail implements Mail {
  readonly description: string;
  readonly #db: Database;
  readonly #from: string;
  readonly #log: FastifyBaseLogger;

  constructor(options: { db: Database; from: string; publicUrl: string; log: FastifyBaseLogger }) {
    this.#db = options.db;
    this.#from = options.from;
    this.#log = options.log;
    this.description = `local outbox at ${options.publicUrl}/dev/mailbox`;
  }

  async send(message: MailMessage): Promise<void> {
    await this.#db.insert(outboxMessages).values({ ...message, html: message.html ?? null, from: this.#from });
    this.#log.info({ to: message.to, subject: message.subject }, 'mail: stored in the outbox');
  }
}
