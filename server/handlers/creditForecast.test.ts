import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, dayIn } from '../../common/rules/creditForecast.ts';
import { credits } from '../db/schema/billing.ts';
import { outboxMessages } from '../db/schema/system.ts';
import { signIn } from '../test/accounts.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { accountWithBalance, ledgerRow } from '../test/ledgerFixtures.ts';
import { buyPack, type Client, PACK_50, saveCard } from '../test/payments.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** A signed-in client in Tokyo that spent 2 credits a day for the last 30 days and before (on the real clock, as the handler reads it). */
async function spendingClient(balance: number): Promise<Client> {
  const account = await accountWithBalance(server.db, { credits: balance }, 'Asia/Tokyo');
  const now = Date.now();
  await ledgerRow(server.db, account.id, new Date(now - 45 * DAY_MS), -1, 'call');
  for (let day = 0.5; day < 30; day += 1) await ledgerRow(server.db, account.id, new Date(now - day * DAY_MS), -2, 'call');
  const { accessToken } = await signIn(server, account.email, account.password);
  return { account, token: accessToken };
}

const getCredits = (client: Client) => server.request({ method: 'GET', url: '/api/client/credits', token: client.token });

describe('GET /client/credits: forecast (issue 20)', () => {
  it('answers the run-out day at the last 30 days\' pace in the account\'s time zone, beside the record', async () => {
    const client = await spendingClient(40);
    const response = await getCredits(client);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ credits: 40, overdraft: 0, autoRecharge: null });
    expect(response.body.forecast).toEqual({ state: 'runsOutOn', runsOutOn: dayIn(new Date(Date.now() + 20 * DAY_MS), 'Asia/Tokyo'), daysLeft: 20, creditsPerDay: 2 });
  });

  it('answers not enough history for a new account', async () => {
    const account = await accountWithBalance(server.db, { credits: 20 });
    const { accessToken } = await signIn(server, account.email, account.password);
    const response = await getCredits({ account, token: accessToken });
    expect(response.body.forecast).toEqual({ state: 'notEnoughHistory' });
  });

  it('follows a purchase and auto-recharge: the warning e-mailed near the run-out is cleared once credits are bought', async () => {
    // The app's worker hears of the purchase (started here: harness.ts leaves it stopped).
    server.app.creditForecastWorker.start();
    const client = await spendingClient(4); // 2 days left
    const { forecast } = (await getCredits(client)).body;
    expect(forecast).toMatchObject({ state: 'runsOutOn', daysLeft: 2 });
    await server.app.creditForecastWorker.evaluate(client.account.id);
    const mails = await server.db.select().from(outboxMessages).where(eq(outboxMessages.to, client.account.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Callback Dashboard credits run out soon']);

    // The purchase moves the ledger: the worker hears of it and clears the warning.
    const card = await saveCard(server, client);
    expect((await buyPack(server, client, PACK_50.id, card)).status).toBe(200);
    await server.app.creditForecastWorker.evaluatePending();
    expect((await getCredits(client)).body.forecast).toMatchObject({ state: 'runsOutOn', daysLeft: 27 });
    const [row] = await server.db.select({ warnedAt: credits.runOutWarnedAt }).from(credits).where(eq(credits.userId, client.account.id));
    expect(row!.warnedAt).toBeNull();

    const saved = await server.request({ method: 'POST', url: '/api/client/auto-recharge', token: client.token, body: { packId: PACK_50.id, criticalCredits: 10, paymentMethodId: card } });
    expect(saved.status, saved.text).toBeLessThan(300);
    expect((await getCredits(client)).body.forecast).toEqual({ state: 'autoRecharge' });
  });
});
