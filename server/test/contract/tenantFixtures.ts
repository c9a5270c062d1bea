import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { payments } from '../../db/schema/billing.ts';
import { defaultWorkingHours } from '../../../common/rules/workingHours.ts';
import { createAccount, signIn, type TestAccount } from '../accounts.ts';
import { insertCall, insertPageViews, insertScheduledCall, insertWidgetUsage } from '../callFixtures.ts';
import type { ApiRequest, ApiResponse, TestServer } from '../harness.ts';
import { PACK_20, TEST_CARDS } from '../payments.ts';
import { addAgent, addWebsite, addWidget, agentWidgetBody, expectStatus, multipartBody, TINY_PNG } from '../toolbox.ts';

/** One client of the contract suites with a row of every kind it can own. */
export interface Tenant {
  account: TestAccount;
  token: string;
  call(request: Omit<ApiRequest, 'token'>): Promise<ApiResponse>;
  websiteId: number;
  domain: string;
  agentId: number;
  widgetId: number;
  widgetTypeId: number;
  callId: number;
  scheduledCallId: number;
  /** An entry of the block list, and the number it blocks. */
  blockedVisitorId: number;
  blockedNumber: string;
  /** A card saved to the account (POST /client/payment-methods). */
  savedCardId: string;
  /** A card tokenized by the local card processor but not saved. */
  tokenizedCardId: string;
  /** An on-hold payment intent waiting for confirmation. */
  intent: { id: string; clientSecret: string };
  /** An intent waiting for 3-D Secure (test card 4000 0027 6000 3184). */
  intentNeedingAuthentication: { id: string; clientSecret: string };
  idempotencyKey: string;
  fileName: string;
  /** The uploaded file's public id (DELETE /user/files/{fileId}). */
  fileId: string;
  agentName: string;
  /** Ids of the account's rows in the payments table. */
  paymentIds: number[];
  /** A webhook endpoint (issue 19) and the address only it has. */
  webhookEndpointId: number;
  webhookUrl: string;
  /** An API key of the account (issue 19). */
  apiKeyId: number;
  /** The day (YYYY-MM-DD, yesterday UTC) of the analytics rows. */
  analyticsDay: string;
}

let tenants = 0;

/** A new account that owns one of everything: website, agent, widget, call with recording, cards, intents, file. */
export async function makeTenant(server: TestServer, label: string): Promise<Tenant> {
  tenants += 1;
  const account = await createAccount(server.db);
  const { accessToken } = await signIn(server, account.email, account.password, `10.200.0.${tenants}`);
  const call = (request: Omit<ApiRequest, 'token'>) => server.request({ ...request, token: accessToken });

  const domain = `${label}-${process.pid}-${tenants}.example.com`;
  const client = { userId: account.id, email: account.email, password: account.password, token: accessToken, call };
  const website = await addWebsite(client, domain);
  const agentName = `Agent ${label} ${tenants}`;
  const agent = await addAgent(client, { name: agentName, availability: { activeHours: defaultWorkingHours() } });
  const widget = await addWidget(client, agentWidgetBody(website.id, [agent.id], { name: `${label} widget` }));
  const widgetRow = { id: widget.id, websiteId: website.id, typeId: widget.typeId, name: `${label} widget` };
  const callRow = await insertCall(server.db, { userId: account.id, widget: widgetRow, agentId: agent.id, recording: true, duration: 3 });
  const scheduled = await insertScheduledCall(server.db, {
    userId: account.id,
    widget: widgetRow,
    agentId: agent.id,
    scheduledAt: new Date(Date.now() + 86_400_000),
  });
  const analyticsDay = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await insertPageViews(server.db, { userId: account.id, websiteId: website.id, day: analyticsDay, pageViews: 7 });
  await insertWidgetUsage(server.db, { userId: account.id, websiteId: website.id, widgetTypeId: widget.typeId, day: analyticsDay, widgetViews: 5, clicks: 2 });

  const blockedNumber = `+1415555${String(1000 + tenants).slice(-4)}`;
  const blocked = expectStatus(await call({ method: 'POST', url: '/api/client/blocked-visitors', body: { kind: 'number', value: blockedNumber } }), 201);

  const tokenize = async (number: string) =>
    expectStatus(
      await call({
        method: 'POST',
        url: '/api/local-card-processor/payment-methods',
        body: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
      }),
      201,
    ).id as string;
  const savedCardId = await tokenize(TEST_CARDS.succeeds);
  expectStatus(await call({ method: 'POST', url: '/api/client/payment-methods', body: { paymentMethodId: savedCardId } }), 201);
  const tokenizedCardId = await tokenize(TEST_CARDS.succeeds);
  const authenticationCard = await tokenize(TEST_CARDS.requiresAuthentication);

  const idempotencyKey = `${label}-purchase-${tenants}`;
  const startIntent = async (key?: string) => {
    const body = expectStatus(await call({ method: 'POST', url: '/api/client/payments', body: { packId: PACK_20.id, ...(key ? { idempotencyKey: key } : {}) } }), 201);
    return { id: body.paymentIntentId as string, clientSecret: body.client_secret as string };
  };
  const intent = await startIntent(idempotencyKey);
  const intentNeedingAuthentication = await startIntent();
  const confirmed = await call({
    method: 'POST',
    url: `/api/local-card-processor/payment-intents/${intentNeedingAuthentication.clientSecret}/confirm`,
    body: { paymentMethodId: authenticationCard },
  });
  expect(expectStatus(confirmed, 200).status).toBe('requires_action');

  expectStatus(await call({ method: 'POST', url: '/api/client/auto-recharge', body: { packId: PACK_20.id, criticalCredits: 1, paymentMethodId: savedCardId } }), 200);
  const paymentIds = (await server.db.select({ id: payments.id }).from(payments).where(eq(payments.userId, account.id))).map((row) => row.id);

  const webhookUrl = `https://crm.example.com/${label}-${account.id}`;
  const webhook = expectStatus(await call({ method: 'POST', url: '/api/client/webhooks', body: { url: webhookUrl, events: ['call.completed'], currentPassword: account.password } }), 201);

  const apiKey = expectStatus(await call({ method: 'POST', url: '/api/client/api-keys', body: { name: `${label} CRM`, scope: 'read', currentPassword: account.password } }), 201);

  const fileName = `${label}-logo.png`;
  const uploaded = expectStatus(
    await call({ method: 'POST', url: '/api/user/files', ...multipartBody([{ name: 'file', filename: fileName, contentType: 'image/png', data: TINY_PNG }]) }),
    201,
  );
  const fileId = (uploaded.data as Array<{ id: string; filename: string }>).find((file) => file.filename === fileName)!.id;

  return {
    account,
    token: accessToken,
    call,
    websiteId: website.id,
    domain: website.domain,
    agentId: agent.id,
    widgetId: widget.id,
    widgetTypeId: widget.typeId,
    callId: callRow.id,
    scheduledCallId: scheduled.id,
    blockedVisitorId: blocked.id as number,
    blockedNumber,
    savedCardId,
    tokenizedCardId,
    intent,
    intentNeedingAuthentication,
    idempotencyKey,
    fileName,
    fileId,
    agentName,
    paymentIds,
    webhookEndpointId: webhook.id as number,
    webhookUrl,
    apiKeyId: apiKey.id as number,
    analyticsDay,
  };
}
