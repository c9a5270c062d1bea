import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../common/rules/creditForecast.ts';
import type { Mail, MailMessage } from '../../adapters/mail/mail.ts';
import { autoRecharges, credits } from '../../db/schema/billing.ts';
import { outboxMessages } from '../../db/schema/system.ts';
import { startTestServer, TEST_PUBLIC_URL, type TestServer } from '../../test/harness.ts';
import { accountWithBalance, ledgerRow, turnOnAutoRecharge } from '../../test/ledgerFixtures.ts';
import { deleteAutoRecharge } from '../payments/autoRecharge.ts';
import { debitCredits } from './ledger.ts';
import { evaluateRunOutWarning } from './runOutWarning.ts';

let server: TestServer;
beforeAll(async () => {
  // The app's worker stays stopped (harness.ts) until the worker's own tests below: it evaluates
  // on the real clock whenever credits change, and would read the injected clock's history (years
  // ahead) as none and clear these tests' warnings.
  server = await startTestServer();
});
afterAll(() => server?.close());

// The injected clock: noon UTC on 10 March 2031.
const NOW = new Date('2031-03-10T12:00:00Z');
const later = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

function recordingMail() {
  const sent: MailMessage[] = [];
  const mail: Mail = { description: 'test mail', send: async (message) => void sent.push(message) };
  return { sent, mailing: () => ({ db: server.db, mail, publicUrl: TEST_PUBLIC_URL }) };
}

/** An account in New York that spent 3 credits a day for the last 30 days (and before), now holding `balance`. */
async function steadySpender(balance: number, now = NOW) {
  const account = await accountWithBalance(server.db, { credits: balance }, 'America/New_York');
  await ledgerRow(server.db, account.id, new Date(now.getTime() - 40 * DAY_MS), -1, 'call');
  for (let day = 0.5; day < 30; day += 1) await ledgerRow(server.db, account.id, new Date(now.getTime() - day * DAY_MS), -3, 'call');
  // 90 spent over 30 days: 3 a day; the 1 before the window is older than it.
  return account;
}

const setBalance = (userId: number, balance: number) => server.db.update(credits).set({ credits: balance }).where(eq(credits.userId, userId));
const markOf = async (userId: number) => (await server.db.select({ at: credits.runOutWarnedAt }).from(credits).where(eq(credits.userId, userId)))[0]?.at ?? null;

describe('evaluateRunOutWarning (issue 20)', () => {
  it('e-mails the owner once when the credits run out within 3 days, with the day on the account\'s calendar', async () => {
    const { sent, mailing } = recordingMail();
    const account = await steadySpender(6); // 2 days left: 12 March
    expect(await evaluateRunOutWarning(mailing(), account.id, NOW)).toBe('warned');
    expect(await evaluateRunOutWarning(mailing(), account.id, later(1))).toBe('unchanged');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(account.email);
    expect(sent[0]!.subject).toBe('Your Callback Dashboard credits run out soon');
    expect(sent[0]!.text).toContain(`Hello ${account.name},`);
    expect(sent[0]!.text).toContain("At the last 30 days' pace, your credits run out on Wednesday, March 12, 2031.");
    expect(sent[0]!.text).toContain(`${TEST_PUBLIC_URL}/billing`);
    expect(await markOf(account.id)).toEqual(NOW);
  });

  it('sends one mail of two evaluations at once (two instances)', async () => {
    const { sent, mailing } = recordingMail();
    const account = await steadySpender(3);
    const outcomes = await Promise.all([evaluateRunOutWarning(mailing(), account.id, NOW), evaluateRunOutWarning(mailing(), account.id, NOW)]);
    expect(outcomes.sort()).toEqual(['unchanged', 'warned']);
    expect(sent).toHaveLength(1);
  });

  it('does not warn further out than 3 days, without enough history, or with auto-recharge', async () => {
    const { sent, mailing } = recordingMail();
    const farOut = await steadySpender(10); // 3.33 days
    expect(await evaluateRunOutWarning(mailing(), farOut.id, NOW)).toBe('unchanged');
    const fresh = await accountWithBalance(server.db, { credits: 1 });
    await ledgerRow(server.db, fresh.id, new Date(NOW.getTime() - 3_600_000), -19, 'call');
    expect(await evaluateRunOutWarning(mailing(), fresh.id, NOW)).toBe('unchanged');
    const recharged = await steadySpender(1);
    await turnOnAutoRecharge(server.db, recharged.id);
    expect(await evaluateRunOutWarning(mailing(), recharged.id, NOW)).toBe('unchanged');
    expect(sent).toHaveLength(0);
    expect(await markOf(recharged.id)).toBeNull();
  });

  it('clears the warning once credits are bought, so the next run-out warns again', async () => {
    const { sent, mailing } = recordingMail();
    const account = await steadySpender(6);
    expect(await evaluateRunOutWarning(mailing(), account.id, NOW)).toBe('warned');
    await setBalance(account.id, 106);
    expect(await evaluateRunOutWarning(mailing(), account.id, later(1))).toBe('cleared');
    expect(await markOf(account.id)).toBeNull();
    await setBalance(account.id, 4);
    expect(await evaluateRunOutWarning(mailing(), account.id, later(2))).toBe('warned');
    expect(sent).toHaveLength(2);
  });

  it('clears the warning when auto-recharge is turned on', async () => {
    const { mailing } = recordingMail();
    const account = await steadySpender(6);
    expect(await evaluateRunOutWarning(mailing(), account.id, NOW)).toBe('warned');
    await turnOnAutoRecharge(server.db, account.id);
    expect(await evaluateRunOutWarning(mailing(), account.id, later(1))).toBe('cleared');
    await server.db.delete(autoRecharges).where(eq(autoRecharges.userId, account.id));
    expect(await evaluateRunOutWarning(mailing(), account.id, later(2))).toBe('warned');
  });

  it('keeps a warning while the forecast wobbles just past 3 days; a day further clears it', async () => {
    const { sent, mailing } = recordingMail();
    const account = await steadySpender(9); // 3 days
    expect(await evaluateRunOutWarning(mailing(), account.id, NOW)).toBe('warned');
    await setBalance(account.id, 11); // 3.67 days
    expect(await evaluateRunOutWarning(mailing(), account.id, later(1))).toBe('unchanged');
    await setBalance(account.id, 9);
    expect(await evaluateRunOutWarning(mailing(), account.id, later(2))).toBe('unchanged');
    expect(sent).toHaveLength(1);
    await setBalance(account.id, 13); // 4.33 days
    expect(await evaluateRunOutWarning(mailing(), account.id, later(3))).toBe('cleared');
  });

  it('gives the claim back when the mail cannot be sent, so the next evaluation tries again', async () => {
    const account = await steadySpender(6);
    const failing: Mail = { description: 'mail server down', send: async () => Promise.reject(new Error('SMTP down')) };
    await expect(evaluateRunOutWarning({ db: server.db, mail: failing, publicUrl: TEST_PUBLIC_URL }, account.id, NOW)).rejects.toThrow('SMTP down');
    expect(await markOf(account.id)).toBeNull();
    const { sent, mailing } = recordingMail();
    expect(await evaluateRunOutWarning(mailing(), account.id, later(1))).toBe('warned');
    expect(sent).toHaveLength(1);
  });
});

describe('credit forecast worker', () => {
  beforeAll(() => server.app.creditForecastWorker.start());

  it('evaluates after a call spends credits, off the call\'s path, and mails through the outbox once', async () => {
    // The app's worker runs on the real clock: the history is laid out back from now.
    const account = await steadySpender(8, new Date());
    const mailsTo = () => server.db.select().from(outboxMessages).where(eq(outboxMessages.to, account.email));
    expect(await debitCredits(server.db, account.id, 1, 'call')).toEqual({ ok: true, balance: 7 }); // 2.33 days left
    // The debit answered before any evaluation: the signal's round runs after it.
    await server.app.creditForecastWorker.evaluatePending();
    expect(await mailsTo()).toHaveLength(1);
    expect(await debitCredits(server.db, account.id, 1, 'call')).toEqual({ ok: true, balance: 6 });
    await server.app.creditForecastWorker.evaluatePending();
    expect(await mailsTo()).toHaveLength(1);
    expect((await mailsTo())[0]!.subject).toBe('Your Callback Dashboard credits run out soon');
  });

  it('evaluates a debit made inside a longer transaction (the call engine, a payment) once that commits', async () => {
    const account = await steadySpender(10, new Date()); // 3.33 days left
    const mailsTo = () => server.db.select().from(outboxMessages).where(eq(outboxMessages.to, account.email));
    await server.db.transaction(async (tx) => {
      expect(await debitCredits(tx, account.id, 1, 'call')).toEqual({ ok: true, balance: 9 }); // 2.97 days left
      // The signal has gone out; the transaction goes on for a few statements before it commits.
      for (let i = 0; i < 5; i += 1) await tx.execute(sql`select 1`);
    });
    await server.app.creditForecastWorker.evaluatePending();
    expect(await mailsTo()).toHaveLength(1);
  });

  it('evaluates when auto-recharge is turned off, which brings the run-out close without a change of credits', async () => {
    const account = await steadySpender(8, new Date()); // 2.67 days left, but auto-recharge is on
    await turnOnAutoRecharge(server.db, account.id);
    const mailsTo = () => server.db.select().from(outboxMessages).where(eq(outboxMessages.to, account.email));
    await server.app.creditForecastWorker.evaluatePending(); // the history's own changes
    expect(await mailsTo()).toHaveLength(0);
    await deleteAutoRecharge(server.db, account.id);
    await server.app.creditForecastWorker.evaluatePending();
    expect(await mailsTo()).toHaveLength(1);
  });

  it('sweeps the standing warnings and clears those that are over', async () => {
    const account = await steadySpender(3, new Date());
    await server.app.creditForecastWorker.evaluate(account.id);
    expect(await markOf(account.id)).not.toBeNull();
    await turnOnAutoRecharge(server.db, account.id);
    expect(await server.app.creditForecastWorker.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await markOf(account.id)).toBeNull();
  });
});
