import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, credits, payments } from '../../db/schema/billing.ts';
import { calls } from '../../db/schema/calls.ts';
import { signIn } from '../../test/accounts.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { ledgerSum, PACK_20, saveCard } from '../../test/payments.ts';
import { changeCredits } from '../credits/ledger.ts';
import { trackMissedRecharges } from '../credits/reservations.ts';
import { CallRequestError, requestInstantCall } from './callRequests.ts';
import { accountWithWidget, balanceOf, fastDeps } from '../../test/callTestKit.ts';

// Issue 7: "Each placed call debits credits through the ledger; at zero credits (and no
// overdraft) widgets stop showing; auto-recharge triggers as configured" — with calls placed by
// the call simulator, and the widget API and payments worker of the app.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** The simulator connects every call. */
const connecting = () => fastDeps({ script: () => 'successful' });

async function placeConnectedCall(setup: Awaited<ReturnType<typeof accountWithWidget>>, number: string) {
  const deps = connecting();
  const { callId } = await requestInstantCall(server.db, deps, setup.request(number));
  await deps.placements.settle();
  return callId;
}

async function widgetConfig(publicKey: string) {
  // A check interval later: the app serves the configuration from memory and checks it every second.
  await server.app.widgetConfigs.check();
  const response = await server.request({ method: 'GET', url: `/widget-api/config/${publicKey}` });
  expect(response.status).toBe(200);
  return response.body as { available: boolean; widgets: unknown[] };
}

describe('credits of simulated calls', () => {
  it('debits each connected call through the ledger; at zero credits the widget shows nothing and calls are refused', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    await changeCredits(server.db, { userId: setup.userId, delta: -18, reason: 'adjustment' });
    expect(await widgetConfig(setup.publicKey)).toMatchObject({ available: true, widgets: [expect.anything()] });

    const first = await placeConnectedCall(setup, '+12125550171');
    const second = await placeConnectedCall(setup, '+12125550172');
    const ledger = await server.db.select().from(creditLedger).where(and(eq(creditLedger.userId, setup.userId), eq(creditLedger.reason, 'call')));
    expect(ledger.map((row) => [row.callId, row.delta, row.balanceAfter])).toEqual([
      [first, -1, 1],
      [second, -1, 0],
    ]);
    expect(await balanceOf(server.db, setup.userId)).toBe(0);
    expect(await ledgerSum(server.db, setup.userId)).toBe(0);

    expect(await widgetConfig(setup.publicKey)).toEqual(expect.objectContaining({ available: false, widgets: [] }));
    const refused = await requestInstantCall(server.db, connecting(), setup.request('+12125550173')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CallRequestError);
    expect((refused as CallRequestError).code).toBe('no_credits');
    const viaWidget = await server.request({
      method: 'POST',
      url: '/widget-api/calls',
      body: { key: setup.publicKey, widgetId: setup.widgetId, phone: '+12125550174', url: 'https://shop.example/' },
    });
    expect(viaWidget.status).toBe(422);
    expect(await server.db.select().from(calls).where(eq(calls.userId, setup.userId))).toHaveLength(2);
  });

  it('lets calls go on within the overdraft, and a call that does not connect costs nothing', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    await changeCredits(server.db, { userId: setup.userId, delta: -20, reason: 'adjustment' });
    await server.db.execute(`update credits set overdraft = -1 where user_id = ${setup.userId}`);
    expect((await widgetConfig(setup.publicKey)).available).toBe(true);
    const deps = fastDeps({ script: () => 'busy' });
    await requestInstantCall(server.db, deps, setup.request('+12125550175'));
    await deps.placements.settle();
    expect(await balanceOf(server.db, setup.userId)).toBe(0);
    await placeConnectedCall(setup, '+12125550176');
    expect(await balanceOf(server.db, setup.userId)).toBe(-1);
    expect((await widgetConfig(setup.publicKey)).available).toBe(false);
  });

  it('triggers auto-recharge when a call takes the balance below the threshold', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const { accessToken } = await signIn(server, setup.account.email, setup.account.password);
    const client = { account: setup.account, token: accessToken };
    const paymentMethodId = await saveCard(server, client);
    const configured = await server.request({ method: 'POST', url: '/api/client/auto-recharge', token: accessToken, body: { packId: PACK_20.id, criticalCredits: 20, paymentMethodId } });
    expect(configured.status, configured.text).toBe(200);

    await placeConnectedCall(setup, '+12125550177');
    await server.app.paymentsWorker.settle();
    const automatic = await server.db.select().from(payments).where(and(eq(payments.userId, setup.userId), eq(payments.isAutomatic, true)));
    expect(automatic).toMatchObject([{ status: 'successful', credits: PACK_20.credits }]);
    expect(await balanceOf(server.db, setup.userId)).toBe(19 + PACK_20.credits);
    expect(await ledgerSum(server.db, setup.userId)).toBe(19 + PACK_20.credits);
  });

  it("the payments worker's sweep queues the purchase a hold's follow-up missed (the process stopped after the statement)", async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const { accessToken } = await signIn(server, setup.account.email, setup.account.password);
    const paymentMethodId = await saveCard(server, { account: setup.account, token: accessToken });
    const configured = await server.request({ method: 'POST', url: '/api/client/auto-recharge', token: accessToken, body: { packId: PACK_20.id, criticalCredits: 20, paymentMethodId } });
    expect(configured.status, configured.text).toBe(200);
    // A Call now's statement held a credit (20 → 19 available, under the threshold) and nothing tracked it.
    await server.db.update(credits).set({ reserved: 1 }).where(eq(credits.userId, setup.userId));

    expect(await trackMissedRecharges(server.db)).toBeGreaterThanOrEqual(1);
    await server.app.paymentsWorker.settle();
    const automatic = await server.db.select().from(payments).where(and(eq(payments.userId, setup.userId), eq(payments.isAutomatic, true)));
    expect(automatic).toMatchObject([{ status: 'successful', credits: PACK_20.credits }]);
    // Disarmed by the purchase: the next sweep buys nothing more for this account.
    await trackMissedRecharges(server.db);
    await server.app.paymentsWorker.settle();
    expect(await server.db.select().from(payments).where(and(eq(payments.userId, setup.userId), eq(payments.isAutomatic, true)))).toHaveLength(1);
  });
});
