// Test-only helpers of the suites that send notifications and texts (clientNotifications.test.ts,
// the call's life tests): adapters that keep what they were given, and a paying account.
import { randomUUID } from 'node:crypto';
import type { Mail, MailMessage } from '../adapters/mail/mail.ts';
import type { TextMessage, Texts } from '../adapters/texts/texts.ts';
import type { Database } from '../db/client.ts';
import { payments } from '../db/schema/billing.ts';

/** Mail and text adapters that keep what they were given, failing while `failing` is set. */
export function recordingAdapters() {
  const sent = { mails: [] as MailMessage[], texts: [] as TextMessage[], failing: false };
  const mail: Mail = {
    description: 'test mail',
    send: async (message) => {
      if (sent.failing) throw new Error('SMTP is down');
      sent.mails.push(message);
    },
  };
  const texts: Texts = {
    description: 'test texts',
    send: async (message) => {
      if (sent.failing) throw new Error('Twilio is down');
      sent.texts.push(message);
    },
  };
  return { sent, mail, texts };
}

/** A successful payment of the account: it may notify others than itself. */
export async function markPaid(db: Database, userId: number) {
  const id = randomUUID();
  await db.insert(payments).values({ userId, convertId: `PM-${id}`, packId: 1, amount: 2000, credits: 20, status: 'successful', processorIntentId: `pi_${id}`, clientSecret: `pi_${id}_secret` });
}

