import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Mail } from '../../adapters/mail/mail.ts';
import type { Database } from '../../db/client.ts';
import { type AutoRechargeJobStatus, autoRechargeJobs, autoRecharges } from '../../db/schema/billing.ts';
import { DEFAULT_AUTO_RECHARGES_PER_DAY } from '../../../common/rules/autoRecharge.ts';
import { autoRechargeCapMail, mailAccount } from '../users/limitMails.ts';

/**
 * The daily cap of auto-recharge (issue 15, finding 1: five automatic card charges within 15 s).
 * "A day" is any 24 hours, so the cap holds across midnight too.
 */
export { DEFAULT_AUTO_RECHARGES_PER_DAY } from '../../../common/rules/autoRecharge.ts';

/**
 * The outcome that marks a job as a cap notice rather than a purchase: queued instead of a
 * purchase the cap refused, it charges nothing and the worker e-mails the client.
 */
export const DAILY_CAP_OUTCOME = 'daily_cap';

const last24Hours = () => gt(autoRechargeJobs.createdAt, sql`now() - interval '24 hours'`);
const isNotice = () => eq(autoRechargeJobs.outcome, DAILY_CAP_OUTCOME);

/** Purchases queued for the account in the last 24 hours, whatever became of them except cancellation. */
export async function countAutoRechargesToday(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(autoRechargeJobs)
    .where(
      and(
        eq(autoRechargeJobs.userId, userId),
        last24Hours(),
        ne(autoRechargeJobs.status, 'canceled'),
        or(isNull(autoRechargeJobs.outcome), ne(autoRechargeJobs.outcome, DAILY_CAP_OUTCOME)),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Whether a cap notice was queued for the account in the last 24 hours (one e-mail a day). */
export async function dailyCapNoticeSentToday(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: autoRechargeJobs.id }).from(autoRechargeJobs).where(and(eq(autoRechargeJobs.userId, userId), last24Hours(), isNotice())).limit(1);
  return row !== undefined;
}

/** Sends the cap e-mail of a notice job; the worker then ends the job as canceled. */
export async function sendDailyCapMail(db: Database, mail: Mail, publicUrl: string, userId: number): Promise<void> {
  const [setting] = await db.select({ maxPerDay: autoRecharges.maxPerDay }).from(autoRecharges).where(eq(autoRecharges.userId, userId));
  const maxPerDay = setting?.maxPerDay ?? DEFAULT_AUTO_RECHARGES_PER_DAY;
  await mailAccount(db, mail, userId, (to, name) => autoRechargeCapMail(to, name, maxPerDay, `${publicUrl}/billing`));
}

/**
 * Runs a claimed cap notice: e-mails the client and ends the job canceled (it charged nothing).
 * A mail server that fails is tried again like a processor outage, three times in all.
 */
export async function runCapNotice(
  db: Database,
  notices: { mail: Mail; publicUrl: string },
  job: { id: number; userId: number; attempts: number },
  log: { warn(object: object, message?: string): void },
): Promise<AutoRechargeJobStatus> {
  let status: AutoRechargeJobStatus = 'canceled';
  try {
    await sendDailyCapMail(db, notices.mail, notices.publicUrl, job.userId);
  } catch (error) {
    log.warn({ err: error, jobId: job.id }, 'auto-recharge: the daily cap e-mail could not be sent');
    status = job.attempts >= 3 ? 'failed' : 'pending';
  }
  // The outcome stays DAILY_CAP_OUTCOME: it is what keeps the e-mail to one a day.
  await db.update(autoRechargeJobs).set({ status, outcome: DAILY_CAP_OUTCOME }).where(eq(autoRechargeJobs.id, job.id));
  return status;
}
