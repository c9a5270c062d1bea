import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, credits } from '../../db/schema/billing.ts';
import { createAccount } from '../../test/accounts.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { changeCredits, creditCredits, debitCredits, InsufficientCreditsError } from './ledger.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('changeCredits', () => {
  it('moves the balance and appends a ledger row with the balance after', async () => {
    const account = await createAccount(server.db); // 20 credits from the sign-up grant
    expect(await changeCredits(server.db, { userId: account.id, delta: -3, reason: 'call' })).toBe(17);
    expect(await changeCredits(server.db, { userId: account.id, delta: 50, reason: 'adjustment', note: 'goodwill' })).toBe(67);
    const rows = await server.db.select().from(creditLedger).where(eq(creditLedger.userId, account.id)).orderBy(creditLedger.id);
    expect(rows.map((r) => [r.delta, r.balanceAfter, r.reason])).toEqual([
      [20, 20, 'signup_grant'],
      [-3, 17, 'call'],
      [50, 67, 'adjustment'],
    ]);
  });

  it('never takes the balance below the overdraft, and leaves no ledger row when refused', async () => {
    const account = await createAccount(server.db);
    await server.db.update(credits).set({ overdraft: -5 }).where(eq(credits.userId, account.id));
    expect(await changeCredits(server.db, { userId: account.id, delta: -25, reason: 'call' })).toBe(-5);
    await expect(changeCredits(server.db, { userId: account.id, delta: -1, reason: 'call' })).rejects.toThrow(InsufficientCreditsError);
    const rows = await server.db.select().from(creditLedger).where(eq(creditLedger.userId, account.id));
    expect(rows).toHaveLength(2);
  });

  it('keeps the ledger append-only: UPDATE and DELETE are refused by the database', async () => {
    const account = await createAccount(server.db);
    await expect(server.db.update(creditLedger).set({ delta: 1000 }).where(eq(creditLedger.userId, account.id))).rejects.toThrow();
    await expect(server.db.delete(creditLedger).where(eq(creditLedger.userId, account.id))).rejects.toThrow();
    const [row] = await server.db.select({ total: sql<number>`sum(${creditLedger.delta})::int` }).from(creditLedger).where(eq(creditLedger.userId, account.id));
    expect(row!.total).toBe(20);
  });
});

describe('debitCredits and creditCredits', () => {
  it('debits while the balance stays at or above the overdraft, and answers insufficient_credits after', async () => {
    const account = await createAccount(server.db); // 20
    await server.db.update(credits).set({ overdraft: -10 }).where(eq(credits.userId, account.id));
    expect(await debitCredits(server.db, account.id, 25, 'call')).toEqual({ ok: true, balance: -5 });
    expect(await debitCredits(server.db, account.id, 6, 'call')).toEqual({ ok: false, reason: 'insufficient_credits' });
    expect(await debitCredits(server.db, account.id, 5, 'call', { note: 'last call' })).toEqual({ ok: true, balance: -10 });
    expect(await creditCredits(server.db, account.id, 30, 'adjustment')).toBe(20);
    const rows = await server.db.select().from(creditLedger).where(eq(creditLedger.userId, account.id)).orderBy(creditLedger.id);
    expect(rows.map((r) => [r.delta, r.balanceAfter, r.reason])).toEqual([
      [20, 20, 'signup_grant'],
      [-25, -5, 'call'],
      [-5, -10, 'call'],
      [30, 20, 'adjustment'],
    ]);
  });

  it('refuses amounts that are not positive whole numbers', async () => {
    const account = await createAccount(server.db);
    for (const amount of [0, -1, 1.5, Number.NaN]) {
      await expect(debitCredits(server.db, account.id, amount, 'call')).rejects.toThrow(RangeError);
      await expect(creditCredits(server.db, account.id, amount, 'purchase')).rejects.toThrow(RangeError);
    }
  });

  it('takes part in an outer transaction: a rollback undoes the debit and its ledger row', async () => {
    const account = await createAccount(server.db);
    await expect(
      server.db.transaction(async (tx) => {
        expect(await debitCredits(tx, account.id, 5, 'call')).toEqual({ ok: true, balance: 15 });
        throw new Error('call setup failed');
      }),
    ).rejects.toThrow('call setup failed');
    const [row] = await server.db.select().from(credits).where(eq(credits.userId, account.id));
    expect(row!.credits).toBe(20);
    expect(await server.db.select().from(creditLedger).where(eq(creditLedger.userId, account.id))).toHaveLength(1);
  });

  it('keeps an insufficient debit inside a transaction from spoiling it', async () => {
    const account = await createAccount(server.db);
    await server.db.transaction(async (tx) => {
      expect(await debitCredits(tx, account.id, 50, 'call')).toEqual({ ok: false, reason: 'insufficient_credits' });
      expect(await debitCredits(tx, account.id, 2, 'call')).toEqual({ ok: true, balance: 18 });
    });
    const [row] = await server.db.select().from(credits).where(eq(credits.userId, account.id));
    expect(row!.credits).toBe(18);
  });
});
