import { and, eq, gt, gte, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { type CreditForecast, isRunOutSoon, RUN_OUT_WARNING_DAYS } from '../../../common/rules/creditForecast.ts';
import { availableCredits } from '../../../common/rules/credits.ts';
import type { Mail, MailMessage } from '../../adapters/mail/mail.ts';
import type { Database } from '../../db/client.ts';
import { autoRecharges, credits } from '../../db/schema/billing.ts';
import { escapeHtml } from '../users/accountMails.ts';
import { mailAccount } from '../users/limitMails.ts';
import { readCreditForecast, readForecastAccount } from './forecast.ts';

/**
 * A warning stands until the forecast is a day past the warning window (4 days): a pace wobbling
 * around 3 days (older calls leaving the window, a call now and then) must not clear and re-send
 * the e-mail every few hours. Buying credits or turning auto-recharge on clears it at once.
 */
export const RUN_OUT_WARNING_CLEARED_DAYS = RUN_OUT_WARNING_DAYS + 1;

/** Whether a standing warning is over: no date any more (auto-recharge, no recent spending) or one far enough out. */
export function isRunOutWarningOver(forecast: CreditForecast): boolean {
  return forecast.state !== 'runsOutOn' || forecast.daysLeft > RUN_OUT_WARNING_CLEARED_DAYS;
}

export type RunOutWarningOutcome = 'warned' | 'cleared' | 'unchanged';

export interface RunOutMailing {
  db: Database;
  mail: Mail;
  publicUrl: string;
}

const noAutoRecharge = (userId: number) => sql`not exists (select 1 from ${autoRecharges} where ${autoRecharges.userId} = ${userId})`;
const available = sql`${credits.credits} - ${credits.reserved}`;

/**
 * Waits until no transaction holds the account's balance row. The ledger signals a change when
 * its own (sub)transaction is done, but a call's settlement and a payment's change credits inside
 * a longer transaction of their own, not yet committed then: on PostgreSQL the reads below would
 * see the balance before the change and miss the warning. FOR SHARE waits for the writer's row
 * lock and lets go at once (no transaction here), so the statements after it see the commit. On
 * PGlite, a single connection, the statement waits for the open transaction anyway.
 */
async function awaitCreditsChangeInFlight(db: Database, userId: number): Promise<void> {
  await db.select({ userId: credits.userId }).from(credits).where(eq(credits.userId, userId)).for('share');
}

/**
 * Evaluates the run-out warning of one account at `now` (issue 20): when the forecast says the
 * credits run out within 3 days and auto-recharge is off, the owner is e-mailed once; once the
 * forecast is past that again (RUN_OUT_WARNING_CLEARED_DAYS) the mark is cleared, so the next
 * run-out warns again.
 *
 * Once only, across evaluations and instances: the mark credits.run_out_warned_at is claimed by
 * one conditional UPDATE (`… where run_out_warned_at is null`), which the database runs one at a
 * time per row, so of two evaluations only one gets the row back and mails. The claim also holds
 * only while the inputs still say so (no credits added since the forecast was read, no
 * auto-recharge set), and a clear only while no credits were spent since, so a stale evaluation
 * racing a purchase neither warns nor clears wrongly. The mail goes out after the claim committed,
 * not inside its transaction: the mail adapter is SMTP in production, and the balance row would
 * stay locked (every call of the account waiting) for as long as the mail server takes. A mail
 * that fails gives the claim back (the next evaluation tries again) and throws for the caller to
 * log; an instance that dies between the claim and the mail loses that one warning (at most once).
 */
export async function evaluateRunOutWarning(mailing: RunOutMailing, userId: number, now: Date): Promise<RunOutWarningOutcome> {
  const { db } = mailing;
  await awaitCreditsChangeInFlight(db, userId);
  const account = await readForecastAccount(db, userId);
  if (!account) return 'unchanged';
  const forecast = await readCreditForecast(db, userId, now, account);
  const seen = availableCredits(account);
  if (isRunOutSoon(forecast) && forecast.state === 'runsOutOn') {
    const [claimed] = await db
      .update(credits)
      .set({ runOutWarnedAt: now })
      .where(and(eq(credits.userId, userId), isNull(credits.runOutWarnedAt), lte(available, seen), noAutoRecharge(userId)))
      .returning({ userId: credits.userId });
    if (!claimed) return 'unchanged';
    try {
      await mailAccount(db, mailing.mail, userId, (to, name) => creditsRunningOutMail(to, name, forecast.runsOutOn, `${mailing.publicUrl}/billing`));
    } catch (error) {
      await db.update(credits).set({ runOutWarnedAt: null }).where(and(eq(credits.userId, userId), eq(credits.runOutWarnedAt, now)));
      throw error;
    }
    return 'warned';
  }
  if (!isRunOutWarningOver(forecast)) return 'unchanged';
  const [cleared] = await db
    .update(credits)
    .set({ runOutWarnedAt: null })
    .where(and(eq(credits.userId, userId), isNotNull(credits.runOutWarnedAt), or(gte(available, seen), sql`not (${noAutoRecharge(userId)})`)))
    .returning({ userId: credits.userId });
  return cleared ? 'cleared' : 'unchanged';
}

/**
 * The accounts holding a warning with an id after `afterUserId`, by id (the sweep pages through
 * them and looks whether each is over: auto-recharge turned on, time passed). Few rows of the
 * credits table, one per account.
 */
export async function warnedAccounts(db: Database, afterUserId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ userId: credits.userId })
    .from(credits)
    .where(and(isNotNull(credits.runOutWarnedAt), gt(credits.userId, afterUserId)))
    .orderBy(credits.userId)
    .limit(limit);
  return rows.map((row) => row.userId);
}

const PRODUCT = 'Callback Dashboard';

/** A calendar day (yyyy-MM-dd) as the English mails say it: "Sunday, March 30, 2031". */
function longDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year!, month! - 1, date!));
}

/** The run-out warning, in the style of the account's other notices (limitMails.ts); the day is on the account's calendar. */
export function creditsRunningOutMail(to: string, name: string, runsOutOn: string, billingLink: string): MailMessage {
  const paragraphs = [
    `Hello ${name},`,
    `At the last 30 days' pace, your credits run out on ${longDay(runsOutOn)}. Then your widgets stop showing on your website until you buy credits.`,
    `To keep them running, buy credits or turn on auto-recharge on Billing:`,
    billingLink,
    `This is the only reminder until your credits last longer again.`,
  ];
  const html = paragraphs
    .map((p) => (/^https?:\/\//.test(p) ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>` : `<p>${escapeHtml(p)}</p>`))
    .join('\n');
  return { to, subject: `Your ${PRODUCT} credits run out soon`, text: paragraphs.join('\n\n'), html };
}
