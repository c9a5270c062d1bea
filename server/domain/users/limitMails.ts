import { eq } from 'drizzle-orm';
import type { Mail, MailMessage } from '../../adapters/mail/mail.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { escapeHtml } from './accountMails.ts';

// The e-mails that tell a client a spending brake held (issue 15): the call request limits of
// its widgets, and the daily cap of auto-recharge. Each is sent once per trip by its caller.

const PRODUCT = 'Callback Dashboard';

export function callLimitMail(to: string, name: string, scope: 'widget' | 'account', limit: number, settingsLink: string): MailMessage {
  const reached =
    scope === 'widget'
      ? `One of your widgets received more than ${limit} call requests within 10 minutes.`
      : `Your widgets received more than ${limit} call requests within an hour.`;
  return message(to, `Call requests paused on your ${PRODUCT} widgets`, [
    `Hello ${name},`,
    `${reached} Further requests are refused until the period ends, so that nobody can spend your credits faster than you allow.`,
    `If these were real visitors, you can raise the limits in Settings:`,
    settingsLink,
    `If they were not, consider blocking the numbers or addresses in Settings, Blocked visitors.`,
  ]);
}

export function autoRechargeCapMail(to: string, name: string, maxPerDay: number, billingLink: string): MailMessage {
  return message(to, `Auto-recharge paused for today on ${PRODUCT}`, [
    `Hello ${name},`,
    `Your balance fell below your auto-recharge threshold again, but auto-recharge already bought credits ${maxPerDay} ${maxPerDay === 1 ? 'time' : 'times'} within 24 hours, the most you allow. Your card was not charged.`,
    `You can buy credits or change the daily number of automatic purchases on Billing:`,
    billingLink,
  ]);
}

/** Sends a mail to the account's address; a mail that cannot be sent is the caller's to log, never the request's failure. */
export async function mailAccount(db: Database, mail: Mail, userId: number, compose: (to: string, name: string) => MailMessage): Promise<boolean> {
  const [user] = await db.select({ email: users.email, name: users.name, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) return false;
  await mail.send(compose(user.email, user.name));
  return true;
}

function message(to: string, subject: string, paragraphs: string[]): MailMessage {
  const html = paragraphs
    .map((p) => (/^https?:\/\//.test(p) ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>` : `<p>${escapeHtml(p)}</p>`))
    .join('\n');
  return { to, subject, text: paragraphs.join('\n\n'), html };
}
