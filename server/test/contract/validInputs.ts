import { createApiKey } from '../../domain/apiKeys/apiKeys.ts';
import { createWebhookEndpoint } from '../../domain/webhooks/webhookEndpoints.ts';
import { createAccount, signIn, type TestAccount, uniqueEmail } from '../accounts.ts';
import type { TestServer } from '../harness.ts';
import { PACK_20 } from '../payments.ts';
import { addWebsite, addWidget, agentWidgetBody, expectStatus, multipartBody, signedInClient, TINY_PNG, widgetBody } from '../toolbox.ts';
import type { RequestParts } from './malformedVariants.ts';
import type { Tenant } from './tenantFixtures.ts';

export interface ValidInput {
  /** A well-formed request of the operation; the malformed variants are made from it. */
  make(server: TestServer, tenant: Tenant): Promise<RequestParts>;
  /** What the well-formed request answers (sent last, after its variants). */
  status: number;
}

/** A password change on an account of its own, so a variant that gets through cannot lock the tenant out. */
async function passwordChange(server: TestServer): Promise<RequestParts> {
  const account = await createAccount(server.db);
  const { accessToken } = await signIn(server, account.email, account.password, '10.201.0.2');
  return {
    ...withBody({ currentPassword: account.password, newPassword: 'another-password', invalidateSessions: false }),
    headers: { authorization: `Bearer ${accessToken}` },
    noToken: true,
  };
}

/**
 * An operation that asks for the current password (issue 19: API keys, webhooks) on an account of
 * its own: the variants that get through the schema each cost a check of the password, and must
 * use up neither the tenant's limit nor each other's.
 */
async function withOwnAccount(server: TestServer, parts: (account: TestAccount) => Promise<RequestParts>): Promise<RequestParts> {
  const account = await createAccount(server.db);
  const { accessToken } = await signIn(server, account.email, account.password, '10.201.0.3');
  const made = await parts(account);
  return { ...made, headers: { ...made.headers, authorization: `Bearer ${accessToken}` }, noToken: true };
}

const none = (): RequestParts => ({ path: {}, query: {}, headers: {} });
const withBody = (body: unknown): RequestParts => ({ ...none(), body });
const today = () => new Date().toISOString().slice(0, 10);
let blockedAddresses = 0;
let webhookEndpoints = 0;
let apiKeys = 0;
const range = { dateFrom: '2026-01-01T00:00:00Z', dateTo: '2030-01-01T00:00:00Z' };

/**
 * One valid request per operation of the contract, keyed by operationId. A missing entry fails
 * the malformed-input suite, so a new operation cannot escape it.
 */
export const VALID_INPUTS: Record<string, ValidInput> = {
  createToken: {
    status: 200,
    make: async (_server, tenant) => ({
      ...withBody({ grant_type: 'password', username: tenant.account.email, password: tenant.account.password, client_id: 'dashboard' }),
      noToken: true,
    }),
  },
  revokeToken: {
    status: 204,
    // A session of its own: the variants and the base must not sign the tenant out.
    make: async (server, tenant) => {
      const { accessToken } = await signIn(server, tenant.account.email, tenant.account.password, '10.201.0.1');
      return { ...none(), noToken: true, headers: { authorization: `Bearer ${accessToken}` } };
    },
  },
  registerUser: {
    status: 201,
    make: async () => ({
      ...withBody({
        fullname: 'Grace Hopper',
        email: uniqueEmail('register'),
        phone: '+14155550123',
        password: 'correct-horse',
        timezone: 'Europe/London',
        captchaToken: 'token-from-the-bot-check',
        leadSource: 'newsletter',
        sscid: 'abc',
        metadata: { campaign: 'spring' },
      }),
      noToken: true,
    }),
  },
  getUser: { status: 200, make: async () => none() },
  updateUser: { status: 200, make: async () => withBody({ name: 'Ada Lovelace', timezone: 'Europe/London', twilioNumberId: null }) },
  changePassword: { status: 204, make: (server) => passwordChange(server) },
  setPassword: { status: 204, make: (server) => passwordChange(server) },
  requestPasswordReset: { status: 202, make: async () => ({ ...withBody({ email: uniqueEmail('reset') }), noToken: true }) },
  resendVerification: { status: 202, make: async () => ({ ...withBody({ email: uniqueEmail('resend') }), noToken: true }) },
  resetPassword: {
    status: 404, // an unknown code: the variants break the request before the code is looked up
    make: async () => ({ ...withBody({ password: 'new-password', isForgotPassword: true }), path: { verificationCode: 'unknown-code' }, noToken: true }),
  },
  verifyEmail: {
    status: 404,
    make: async () => ({ ...withBody({ client_id: 'dashboard' }), path: { token: 'unknown-code' }, noToken: true }),
  },
  verifyChangedEmail: {
    status: 404,
    make: async () => ({ ...withBody({ client_id: 'dashboard' }), path: { token: 'unknown-code' }, noToken: true }),
  },
  getUserEmail: { status: 200, make: async () => none() },
  listFiles: { status: 200, make: async () => none() },
  deleteFile: {
    status: 204,
    make: async (_server, tenant) => {
      const upload = multipartBody([{ name: 'file', filename: 'temporary.png', contentType: 'image/png', data: TINY_PNG }]);
      const uploaded = expectStatus(await tenant.call({ method: 'POST', url: '/api/user/files', ...upload }), 201);
      return { ...none(), path: { fileId: uploaded.data[0].id as string } };
    },
  },
  uploadFiles: {
    status: 201,
    make: async () => {
      const { rawBody, contentType } = multipartBody([{ name: 'file', filename: 'pixel.png', contentType: 'image/png', data: TINY_PNG }]);
      return { ...none(), raw: { body: rawBody, contentType } };
    },
  },
  getMeta: { status: 200, make: async () => none() },
  listWidgets: { status: 200, make: async () => none() },
  createWidget: { status: 201, make: async (_server, tenant) => withBody(agentWidgetBody(tenant.websiteId, [tenant.agentId], { isActive: false })) },
  updateWidget: {
    status: 200,
    make: async (_server, tenant) => ({ ...withBody(agentWidgetBody(tenant.websiteId, [tenant.agentId], { name: 'Renamed' })), path: { id: String(tenant.widgetId) } }),
  },
  deleteWidget: {
    status: 204,
    make: async (_server, tenant) => {
      const created = expectStatus(
        await tenant.call({ method: 'POST', url: '/api/client/widgets', body: agentWidgetBody(tenant.websiteId, [tenant.agentId], { isActive: false }) }),
        201,
      );
      return { ...none(), path: { id: String(created.id) } };
    },
  },
  placeTestCall: {
    status: 202,
    // An account of its own (verified, with an active widget): the variants that get through the
    // schema may place test calls, and must use up neither the tenant's 5 a day nor each other's.
    make: async (server) => {
      const owner = await signedInClient(server);
      const website = await addWebsite(owner, `${uniqueEmail('testcall').replace(/[@.]/g, '-')}.example.org`);
      const widget = await addWidget(owner, widgetBody(website.id));
      return { ...withBody({ phone: '+15005550002' }), path: { id: String(widget.id) }, headers: { authorization: `Bearer ${owner.token}` }, noToken: true };
    },
  },
  getTestCallAllowance: { status: 200, make: async () => none() },
  listWebsites: { status: 200, make: async () => none() },
  createWebsite: { status: 201, make: async () => withBody({ domain: `https://${uniqueEmail('site').replace(/[@.]/g, '-')}.example.org/cart` }) },
  listAgents: { status: 200, make: async () => none() },
  createAgent: {
    status: 201,
    make: async () =>
      withBody({
        name: 'Grace Hopper',
        phone: '+1 (415) 555-0123',
        availability: { activeHours: [{ day: 'monday', isActive: true, times: [{ from: '09:00', to: '17:00' }] }] },
        isActive: true,
        isVerified: false,
        isRegular: true,
      }),
  },
  updateAgent: {
    status: 200,
    make: async (_server, tenant) => ({
      ...withBody({
        name: 'Grace Hopper',
        phone: '+14155550123',
        availability: { activeHours: [{ day: 'monday', isActive: true, times: [{ from: '09:00', to: '17:00' }] }] },
        isActive: true,
        isVerified: false,
        isRegular: true,
      }),
      path: { id: String(tenant.agentId) },
    }),
  },
  deleteAgent: {
    status: 204,
    make: async (_server, tenant) => {
      const created = expectStatus(await tenant.call({ method: 'POST', url: '/api/client/agents', body: { name: 'Temporary Agent', phone: '+14155550199' } }), 201);
      return { ...none(), path: { id: String(created.id) } };
    },
  },
  getCallLimits: { status: 200, make: async () => none() },
  setCallLimits: { status: 200, make: async () => withBody({ perWidget: 12, perAccount: 40 }) },
  getRecordingSettings: { status: 200, make: async () => none() },
  setRecordingSettings: { status: 200, make: async () => withBody({ retentionDays: 30 }) },
  getGettingStarted: { status: 200, make: async () => none() },
  setGettingStarted: { status: 200, make: async () => withBody({ dismissed: true }) },
  listBlockedVisitors: { status: 200, make: async () => none() },
  blockVisitor: { status: 201, make: async () => withBody({ kind: 'address', value: `198.51.100.${++blockedAddresses}` }) },
  unblockVisitor: {
    status: 204,
    make: async (_server, tenant) => {
      const body = { kind: 'address', value: `2001:db8::${++blockedAddresses}` };
      const created = expectStatus(await tenant.call({ method: 'POST', url: '/api/client/blocked-visitors', body }), 201);
      return { ...none(), path: { id: String(created.id) } };
    },
  },
  listWebhookEndpoints: { status: 200, make: async () => none() },
  createWebhookEndpoint: {
    status: 201,
    make: (server) =>
      withOwnAccount(server, async (account) =>
        withBody({ url: `https://crm.example.com/hooks/${++webhookEndpoints}`, events: ['call.requested', 'credits.low'], isActive: false, currentPassword: account.password }),
      ),
  },
  updateWebhookEndpoint: {
    status: 200,
    make: (server) =>
      withOwnAccount(server, async (account) => {
        const endpoint = await createWebhookEndpoint(server.db, account.id, { url: 'https://crm.example.com/before', events: ['call.requested'] }, { allowLoopback: false });
        return { ...withBody({ url: 'https://crm.example.com/moved', events: ['call.completed'], isActive: true, currentPassword: account.password }), path: { id: String(endpoint.id) } };
      }),
  },
  deleteWebhookEndpoint: {
    status: 204,
    make: async (server, tenant) => {
      // Made without the HTTP operation's password check: this one is about deleting.
      const created = await createWebhookEndpoint(server.db, tenant.account.id, { url: 'https://crm.example.com/temporary', events: ['payment.failed'] }, { allowLoopback: false });
      return { ...none(), path: { id: String(created.id) } };
    },
  },
  sendWebhookTestEvent: { status: 202, make: async (_server, tenant) => ({ ...none(), path: { id: String(tenant.webhookEndpointId) } }) },
  listWebhookDeliveries: { status: 200, make: async (_server, tenant) => ({ ...none(), path: { id: String(tenant.webhookEndpointId) } }) },
  listApiKeys: { status: 200, make: async () => none() },
  createApiKey: {
    status: 201,
    make: (server) => withOwnAccount(server, async (account) => withBody({ name: `  Script ${++apiKeys}  `, scope: 'read', currentPassword: account.password })),
  },
  deleteApiKey: {
    status: 204,
    make: async (server, tenant) => {
      // Made without the HTTP operation's password check: this one is about deleting.
      const created = await createApiKey(server.db, tenant.account.id, { name: 'Temporary', scope: 'write' });
      return { ...none(), path: { id: String(created.id) } };
    },
  },
  getGa4Settings: { status: 200, make: async () => none() },
  // Left without apiSecret, a variant answers 400 (none stored) or 200 (the valid request stored one): never a 5xx.
  saveGa4Settings: { status: 200, make: async () => withBody({ measurementId: 'G-MATRIX0001', apiSecret: 'matrix-secret-0123456789', isActive: true }) },
  deleteGa4Settings: { status: 204, make: async () => none() },
  getCallDestinations: { status: 200, make: async () => none() },
  setCallDestinations: { status: 200, make: async () => withBody({ countries: ['US', 'CA'] }) },
  getCredits: { status: 200, make: async () => none() },
  getSpentCredits: { status: 200, make: async () => none() },
  listPaymentMethods: { status: 200, make: async () => none() },
  createPaymentMethod: { status: 201, make: async (_server, tenant) => withBody({ paymentMethodId: tenant.tokenizedCardId }) },
  deletePaymentMethod: {
    status: 204,
    make: async (_server, tenant) => {
      const card = expectStatus(
        await tenant.call({ method: 'POST', url: '/api/local-card-processor/payment-methods', body: { number: '5555555555554444', expMonth: 1, expYear: 2099, cvc: '123' } }),
        201,
      ).id as string;
      expectStatus(await tenant.call({ method: 'POST', url: '/api/client/payment-methods', body: { paymentMethodId: card } }), 201);
      return { ...none(), query: { paymentMethodId: card } };
    },
  },
  createPayment: { status: 201, make: async () => withBody({ packId: PACK_20.id, idempotencyKey: `malformed-${Date.now()}` }) },
  listPayments: { status: 200, make: async () => ({ ...none(), query: { page: '1', perPage: '10', ...range, status: 'on-hold' } }) },
  setAutoRecharge: { status: 200, make: async (_server, tenant) => withBody({ packId: PACK_20.id, criticalCredits: 5, paymentMethodId: tenant.savedCardId }) },
  deleteAutoRecharge: { status: 204, make: async () => none() },
  handleStripeWebhook: {
    status: 501, // the local card processor is the payments adapter here
    make: async () => ({ ...withBody({ id: 'evt_1', type: 'payment_intent.succeeded', data: {} }), headers: { 'stripe-signature': 't=1,v1=abc' }, noToken: true }),
  },
  createLocalPaymentMethod: { status: 201, make: async () => withBody({ number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }) },
  confirmLocalPaymentIntent: {
    status: 200,
    make: async (_server, tenant) => {
      const intent = expectStatus(await tenant.call({ method: 'POST', url: '/api/client/payments', body: { packId: PACK_20.id } }), 201);
      return { ...withBody({ paymentMethodId: tenant.tokenizedCardId }), path: { clientSecret: intent.client_secret } };
    },
  },
  authenticateLocalPaymentIntent: {
    status: 200,
    make: async (_server, tenant) => ({ ...withBody({ approve: true }), path: { clientSecret: tenant.intentNeedingAuthentication.clientSecret } }),
  },
  getAnalytics: {
    status: 200,
    make: async (_server, tenant) => ({
      ...none(),
      query: { dateFrom: `${tenant.analyticsDay}T00:00:00Z`, dateTo: `${today()}T00:00:00Z`, typeId: String(tenant.widgetTypeId), websiteId: String(tenant.websiteId) },
    }),
  },
  getCallsBySource: {
    status: 200,
    make: async (_server, tenant) => ({
      ...none(),
      query: { dateFrom: `${tenant.analyticsDay}T00:00:00Z`, dateTo: `${today()}T00:00:00Z`, typeId: String(tenant.widgetTypeId), websiteId: String(tenant.websiteId) },
    }),
  },
  listCalls: {
    status: 200,
    make: async (_server, tenant) => ({
      ...none(),
      query: { page: '1', perPage: '20', widgetTypeId: String(tenant.widgetTypeId), websiteId: String(tenant.websiteId), ...range, status: 'successful', type: 'instant' },
    }),
  },
  exportCallsCsv: {
    status: 200,
    make: async (_server, tenant) => ({
      ...none(),
      query: { widgetTypeId: String(tenant.widgetTypeId), websiteId: String(tenant.websiteId), ...range, status: 'successful', type: 'instant' },
    }),
  },
  getCallRecording: { status: 200, make: async (_server, tenant) => ({ ...none(), path: { id: String(tenant.callId) } }) },
  listScheduledCalls: {
    status: 200,
    make: async (_server, tenant) => ({
      ...none(),
      query: { page: '1', perPage: '20', agentId: String(tenant.agentId), websiteId: String(tenant.websiteId), ...range, status: 'pending' },
    }),
  },
  getHealth: { status: 200, make: async () => ({ ...none(), noToken: true }) },
};
