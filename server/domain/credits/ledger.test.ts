import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, credits } from '../../db/schema/billing.ts';
import { createAccount } from '../../test/accounts.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { changeCredits, InsufficientCreditsError } from './ledger.ts';

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
