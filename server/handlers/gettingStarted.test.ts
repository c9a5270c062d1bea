import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoRecharges, paymentMethods } from '../db/schema/billing.ts';
import { calls } from '../db/schema/calls.ts';
import { websiteInstallations, widgets } from '../db/schema/toolbox.ts';
import { createApiKey } from '../domain/apiKeys/apiKeys.ts';
import { changeCredits } from '../domain/credits/ledger.ts';
import { insertAgent, insertCall, insertWebsite, insertWidget } from '../test/callFixtures.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { addWebsite, addWidget, type Client, expectStatus, signedInClient, widgetBody } from '../test/toolbox.ts';
import { defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';

// Issue 21, Getting started: each step's rule on the account's own rows, the connected-call rule
// that retires the checklist, dismissing and bringing it back, and other accounts never counted.

const URL = '/api/client/getting-started';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function stateOf(client: Client) {
  return expectStatus(await client.call({ method: 'GET', url: URL }), 200) as { steps: { id: string; done: boolean }[]; dismissed: boolean; completed: boolean };
}

/** The ids of the steps done, in the checklist's order. */
async function doneSteps(client: Client) {
  return (await stateOf(client)).steps.filter((step) => step.done).map((step) => step.id);
}

/** A website with a widget, as rows (no agent, no number of the API's making). */
async function widgetOf(client: Client) {
  const website = await insertWebsite(server.db, client.userId);
  const widget = await insertWidget(server.db, client.userId, website.id);
  return { website, widget };
}

describe('GET /client/getting-started', () => {
  it('lists the five steps in order, none done, for a new account: shown, not completed', async () => {
    const client = await signedInClient(server);
    expect(await stateOf(client)).toEqual({
      steps: [
        { id: 'widget', done: false },
        { id: 'installation', done: false },
        { id: 'agentOrNumber', done: false },
        { id: 'testCall', done: false },
        { id: 'credits', done: false },
      ],
      dismissed: false,
      completed: false,
    });
  });

  it('counts a widget (step 1)', async () => {
    const client = await signedInClient(server);
    await widgetOf(client);
    expect(await doneSteps(client)).toEqual(['widget']);
  });

  it('counts the installation only once the script was seen on the website’s own domain (step 2)', async () => {
    const client = await signedInClient(server);
    const { website } = await widgetOf(client);
    // Seen only on another origin (a staging copy): not installed.
    await server.db.insert(websiteInstallations).values({ websiteId: website.id, userId: client.userId, elsewhereSeenAt: new Date(), elsewherePage: 'https://staging.example.net/' });
    expect(await doneSteps(client)).toEqual(['widget']);
    await server.db.update(websiteInstallations).set({ seenAt: new Date(), seenPage: `https://${website.domain}/` }).where(eq(websiteInstallations.websiteId, website.id));
    expect(await doneSteps(client)).toEqual(['widget', 'installation']);
  });

  it('counts an agent, or a widget calling a number of its own, but not a widget waiting for agents (step 3)', async () => {
    const withAgent = await signedInClient(server);
    await insertAgent(server.db, withAgent.userId);
    expect(await doneSteps(withAgent)).toEqual(['agentOrNumber']);

    const withNumber = await signedInClient(server);
    const website = await addWebsite(withNumber, 'number.example.com');
    // spec §9 defaults: useAgents false with the number the widget calls.
    await addWidget(withNumber, widgetBody(website.id, { settings: defaultWidgetConfiguration('+14155550123') }));
    expect(await doneSteps(withNumber)).toEqual(['widget', 'agentOrNumber']);

    const withoutNumber = await signedInClient(server);
    const { widget } = await widgetOf(withoutNumber);
    const general = { useAgents: false, agentNumber: '' };
    await server.db.update(widgets).set({ settings: { settings: general } }).where(eq(widgets.id, widget.id));
    expect(await doneSteps(withoutNumber)).toEqual(['widget']);
  });

  it('counts a test call (step 4), which does not complete the checklist; a connected call does', async () => {
    const client = await signedInClient(server);
    const { widget } = await widgetOf(client);
    const test = await insertCall(server.db, { userId: client.userId, widget, status: 'successful' });
    await server.db.update(calls).set({ isTest: true }).where(eq(calls.id, test.id));
    expect(await doneSteps(client)).toEqual(['widget', 'testCall']);
    expect((await stateOf(client)).completed).toBe(false);
    // A call that did not connect does not complete it either.
    await insertCall(server.db, { userId: client.userId, widget, status: 'missed' });
    expect((await stateOf(client)).completed).toBe(false);
    await insertCall(server.db, { userId: client.userId, widget, status: 'successful' });
    expect((await stateOf(client)).completed).toBe(true);
  });

  it('counts bought credits, in payments or the ledger, or auto-recharge (step 5), never the sign-up grant', async () => {
    const granted = await signedInClient(server);
    await changeCredits(server.db, { userId: granted.userId, delta: 5, reason: 'adjustment' });
    expect(await doneSteps(granted)).toEqual([]);

    const bought = await signedInClient(server);
    await changeCredits(server.db, { userId: bought.userId, delta: 20, reason: 'purchase' });
    expect(await doneSteps(bought)).toEqual(['credits']);

    const recharging = await signedInClient(server);
    const [card] = await server.db
      .insert(paymentMethods)
      .values({ userId: recharging.userId, processorId: `pm_getting_started_${recharging.userId}`, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 })
      .returning();
    await server.db.insert(autoRecharges).values({ userId: recharging.userId, packId: 1, criticalCredits: 5, paymentMethodId: card!.id });
    expect(await doneSteps(recharging)).toEqual(['credits']);
  });

  it('never counts another account’s rows', async () => {
    const other = await signedInClient(server);
    const { website, widget } = await widgetOf(other);
    await insertAgent(server.db, other.userId);
    await server.db.insert(websiteInstallations).values({ websiteId: website.id, userId: other.userId, seenAt: new Date(), seenPage: `https://${website.domain}/` });
    const test = await insertCall(server.db, { userId: other.userId, widget, status: 'successful' });
    await server.db.update(calls).set({ isTest: true }).where(eq(calls.id, test.id));
    await insertCall(server.db, { userId: other.userId, widget, status: 'successful' });
    await changeCredits(server.db, { userId: other.userId, delta: 20, reason: 'purchase' });
    expect(await doneSteps(other)).toEqual(['widget', 'installation', 'agentOrNumber', 'testCall', 'credits']);
    expect((await stateOf(other)).completed).toBe(true);

    const client = await signedInClient(server);
    expect(await doneSteps(client)).toEqual([]);
    expect((await stateOf(client)).completed).toBe(false);
  });

  it('answers a read or write API key, as the other reads of the account do', async () => {
    const client = await signedInClient(server);
    for (const scope of ['read', 'write'] as const) {
      const { key } = await createApiKey(server.db, client.userId, { name: `CRM ${scope}`, scope });
      expect(expectStatus(await server.request({ method: 'GET', url: URL, token: key }), 200).steps).toHaveLength(5);
    }
  });
});

describe('PUT /client/getting-started', () => {
  it('puts the checklist away and brings it back, answering its state', async () => {
    const client = await signedInClient(server);
    await widgetOf(client);
    const dismissed = expectStatus(await client.call({ method: 'PUT', url: URL, body: { dismissed: true } }), 200);
    expect(dismissed).toMatchObject({ dismissed: true, completed: false });
    expect(dismissed.steps[0]).toEqual({ id: 'widget', done: true });
    expect((await stateOf(client)).dismissed).toBe(true);
    // Twice is the same as once.
    expect(expectStatus(await client.call({ method: 'PUT', url: URL, body: { dismissed: true } }), 200).dismissed).toBe(true);
    expect(expectStatus(await client.call({ method: 'PUT', url: URL, body: { dismissed: false } }), 200).dismissed).toBe(false);
    expect((await stateOf(client)).dismissed).toBe(false);
  });

  it('refuses a body without a boolean dismissed', async () => {
    const client = await signedInClient(server);
    for (const body of [{}, { dismissed: 'yes' }, { dismissed: true, other: 1 }]) {
      expect(expectStatus(await client.call({ method: 'PUT', url: URL, body }), 400).error).toBe('invalid_request');
    }
  });

  it('refuses API keys: only the signed-in user puts their own screen away', async () => {
    const client = await signedInClient(server);
    const { key } = await createApiKey(server.db, client.userId, { name: 'CRM', scope: 'write' });
    const refused = await server.request({ method: 'PUT', url: URL, body: { dismissed: true }, token: key });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('api_key_not_allowed');
    expect((await stateOf(client)).dismissed).toBe(false);
  });
});
