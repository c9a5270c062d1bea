import { expect } from 'vitest';
import { changeCredits } from '../../domain/credits/ledger.ts';
import type { ApiRequest, ApiResponse, TestServer } from '../harness.ts';
import { PACK_20 } from '../payments.ts';
import { agentWidgetBody, expectStatus, multipartBody, TINY_PNG } from '../toolbox.ts';
import type { Tenant } from './tenantFixtures.ts';

// The tenant-isolation matrix (issue 3, "Bad input and isolation"): one entry per operationId of
// openapi/dashboard.yaml. tenantIsolation.test.ts fails when an operation has no entry, or when
// an id the operation takes (path, query or top-level body field) is neither tried with another
// client's id nor named as reference data.

/** Client A owns the rows; client B tries to reach them. */
export interface Pair {
  server: TestServer;
  a: Tenant;
  b: Tenant;
}

type Request = Omit<ApiRequest, 'token'>;

export interface ForeignIdCase {
  /** The contract input carrying A's id: `path.id`, `query.websiteId`, `body.agentIds`… */
  input: string;
  /** B's request with A's id in `input`, everything else valid and B's own. */
  request(pair: Pair): Request;
  /** 404 `not_found` unless the contract names another answer (then say why). */
  status?: 400;
  why?: string;
}

export interface ListCase {
  label: string;
  request(pair: Pair): Request;
  /** Whether the answer shows a row (or record) of this tenant. */
  shows(response: ApiResponse, tenant: Tenant): boolean;
}

export interface CustomCheck {
  label: string;
  run(pair: Pair): Promise<void>;
}

export interface MatrixEntry {
  foreignIds?: ForeignIdCase[];
  lists?: ListCase[];
  checks?: CustomCheck[];
  /** Id inputs that name shared reference data or another system's ids, not a tenant's rows. */
  referenceIds?: Record<string, string>;
  /** Why the operation takes no tenant id (public, or acting on the caller's own account only). */
  noTenantId?: string;
}

const text = (response: ApiResponse) => response.text;
const bodyOf = (tenant: Tenant) => agentWidgetBody(tenant.websiteId, [tenant.agentId], { isActive: false });
const agentBody = { name: 'Grace Hopper', phone: '+14155550123' };
const cardOf = (tenant: Tenant) => tenant.savedCardId;

const TYPE_IDS = 'widget types are reference data shared by all accounts (GET /client/meta)';
const GA4_URL = '/api/client/integrations/ga4';

/** Connects the tenant to a GA4 property of its own; answers the connection as saved. */
async function connectGa4(tenant: Tenant, measurementId: string) {
  return expectStatus(await tenant.call({ method: 'PUT', url: GA4_URL, body: { measurementId, apiSecret: `secret-of-${measurementId}`, isActive: true } }), 200);
}

export const TENANT_MATRIX: Record<string, MatrixEntry> = {
  // ---------------------------------------------------------------- auth and account
  createToken: { noTenantId: 'public: signs in with an e-mail and password or a refresh token, no row id' },
  revokeToken: {
    noTenantId: 'revokes the session of the token presented',
    checks: [
      {
        label: 'B signing out leaves A signed in',
        run: async ({ server, a, b }) => {
          const { accessToken } = await signInAgain(server, b);
          expectStatus(await server.request({ method: 'DELETE', url: '/api/oauth2/token', token: accessToken }), 204);
          expectStatus(await a.call({ method: 'GET', url: '/api/user' }), 200);
        },
      },
    ],
  },
  registerUser: { noTenantId: 'public: creates a new account' },
  getUser: { lists: [{ label: 'the profile', request: () => ({ method: 'GET', url: '/api/user' }), shows: (r, t) => r.body.email === t.account.email }] },
  updateUser: {
    noTenantId: "changes the caller's own profile",
    referenceIds: { 'body.twilioNumberId': 'Twilio numbers are reference data shared by all accounts (GET /client/meta)' },
    checks: [
      {
        label: "B renaming itself leaves A's name",
        run: async ({ a, b }) => {
          expectStatus(await b.call({ method: 'PATCH', url: '/api/user', body: { name: 'Mallory Intruder' } }), 200);
          expect(expectStatus(await a.call({ method: 'GET', url: '/api/user' }), 200).name).not.toBe('Mallory Intruder');
        },
      },
    ],
  },
  changePassword: { noTenantId: "changes the caller's own password" },
  setPassword: { noTenantId: "changes the caller's own password" },
  requestPasswordReset: { noTenantId: 'public: takes an e-mail address and answers the same either way' },
  resendVerification: { noTenantId: 'public: takes an e-mail address and answers the same either way' },
  resetPassword: { noTenantId: 'public: takes a secret e-mailed code, not a row id' },
  verifyEmail: { noTenantId: 'public: takes a secret e-mailed code, not a row id' },
  verifyChangedEmail: { noTenantId: 'public: takes a secret e-mailed code, not a row id' },
  getUserEmail: {
    lists: [{ label: 'the e-mail address', request: () => ({ method: 'GET', url: '/api/user/email' }), shows: (r, t) => r.body.email === t.account.email }],
  },

  // ---------------------------------------------------------------- files
  listFiles: { lists: [{ label: 'the files', request: () => ({ method: 'GET', url: '/api/user/files' }), shows: (r, t) => text(r).includes(t.fileName) }] },
  uploadFiles: {
    noTenantId: "stores a file for the caller; its answer is the caller's own file list",
    checks: [
      {
        label: "B uploading a file under A's file name neither shows nor replaces A's file",
        run: async ({ a, b }) => {
          const before = expectStatus(await a.call({ method: 'GET', url: '/api/user/files' }), 200);
          const upload = multipartBody([{ name: 'file', filename: a.fileName, contentType: 'image/png', data: TINY_PNG }]);
          const answer = expectStatus(await b.call({ method: 'POST', url: '/api/user/files', ...upload }), 201);
          const mine = before.data.find((f: { filename: string }) => f.filename === a.fileName);
          expect(answer.data.map((f: { url: string }) => f.url)).not.toContain(mine.url);
          expect(expectStatus(await a.call({ method: 'GET', url: '/api/user/files' }), 200)).toEqual(before);
        },
      },
    ],
  },

  deleteFile: {
    foreignIds: [{ input: 'path.fileId', request: ({ a }) => ({ method: 'DELETE', url: `/api/user/files/${a.fileId}` }) }],
  },

  // ---------------------------------------------------------------- meta
  getMeta: {
    lists: [
      {
        label: "the credits record (its auto-recharge names the account's card)",
        request: () => ({ method: 'GET', url: '/api/client/meta' }),
        shows: (r, t) => JSON.stringify(r.body.credits).includes(cardOf(t)),
      },
    ],
  },

  // ---------------------------------------------------------------- widgets
  listWidgets: { lists: [{ label: 'the widgets', request: () => ({ method: 'GET', url: '/api/client/widgets' }), shows: (r, t) => r.body.data.some((w: { id: number }) => w.id === t.widgetId) }] },
  createWidget: {
    referenceIds: { 'body.typeId': TYPE_IDS, 'body.callingRuleId': 'calling rules are reference data shared by all accounts' },
    foreignIds: [
      { input: 'body.websiteId', request: ({ a, b }) => ({ method: 'POST', url: '/api/client/widgets', body: { ...bodyOf(b), websiteId: a.websiteId } }) },
      { input: 'body.agentIds', request: ({ a, b }) => ({ method: 'POST', url: '/api/client/widgets', body: { ...bodyOf(b), agentIds: [b.agentId, a.agentId] } }) },
    ],
  },
  updateWidget: {
    referenceIds: { 'body.typeId': TYPE_IDS, 'body.callingRuleId': 'calling rules are reference data shared by all accounts' },
    foreignIds: [
      { input: 'path.id', request: ({ a, b }) => ({ method: 'PUT', url: `/api/client/widgets/${a.widgetId}`, body: bodyOf(b) }) },
      { input: 'body.websiteId', request: ({ a, b }) => ({ method: 'PUT', url: `/api/client/widgets/${b.widgetId}`, body: { ...bodyOf(b), websiteId: a.websiteId } }) },
      { input: 'body.agentIds', request: ({ a, b }) => ({ method: 'PUT', url: `/api/client/widgets/${b.widgetId}`, body: { ...bodyOf(b), agentIds: [a.agentId] } }) },
    ],
  },
  deleteWidget: { foreignIds: [{ input: 'path.id', request: ({ a }) => ({ method: 'DELETE', url: `/api/client/widgets/${a.widgetId}` }) }] },
  placeTestCall: {
    foreignIds: [{ input: 'path.id', request: ({ a }) => ({ method: 'POST', url: `/api/client/widgets/${a.widgetId}/test-call`, body: { phone: '+15005550002' } }) }],
    checks: [
      {
        label: "B's test calls use up B's allowance, never A's",
        run: async ({ a, b }) => {
          const before = expectStatus(await a.call({ method: 'GET', url: '/api/client/test-calls' }), 200);
          const placed = expectStatus(await b.call({ method: 'POST', url: `/api/client/widgets/${b.widgetId}/test-call`, body: { phone: '+15005550002' } }), 202);
          expect(placed.allowance.remaining).toBeLessThan(placed.allowance.limit);
          expect(expectStatus(await a.call({ method: 'GET', url: '/api/client/test-calls' }), 200)).toEqual(before);
          const aCalls = expectStatus(await a.call({ method: 'GET', url: '/api/client/calls' }), 200);
          expect(aCalls.data.some((call: { id: number }) => call.id === placed.id)).toBe(false);
        },
      },
    ],
  },
  getTestCallAllowance: { noTenantId: "answers the caller's own test calls (placeTestCall's check: B's calls leave A's allowance whole)" },

  // ---------------------------------------------------------------- websites
  listWebsites: { lists: [{ label: 'the websites', request: () => ({ method: 'GET', url: '/api/client/websites' }), shows: (r, t) => text(r).includes(t.domain) }] },
  createWebsite: {
    noTenantId: 'takes a domain, not an id',
    checks: [
      {
        label: "B can add A's domain (no 409 that would reveal A's website), and A's website stays A's",
        run: async ({ a, b }) => {
          const before = expectStatus(await a.call({ method: 'GET', url: '/api/client/websites' }), 200);
          const added = expectStatus(await b.call({ method: 'POST', url: '/api/client/websites', body: { domain: a.domain } }), 201);
          expect(added.id).not.toBe(a.websiteId);
          expect(expectStatus(await a.call({ method: 'GET', url: '/api/client/websites' }), 200)).toEqual(before);
          expectStatus(await b.call({ method: 'POST', url: '/api/client/websites', body: { domain: a.domain } }), 409);
        },
      },
    ],
  },

  // ---------------------------------------------------------------- agents
  listAgents: { lists: [{ label: 'the agents', request: () => ({ method: 'GET', url: '/api/client/agents' }), shows: (r, t) => text(r).includes(t.agentName) }] },
  createAgent: { noTenantId: 'creates an agent for the caller from a name and a phone number' },
  updateAgent: { foreignIds: [{ input: 'path.id', request: ({ a }) => ({ method: 'PUT', url: `/api/client/agents/${a.agentId}`, body: agentBody }) }] },
  deleteAgent: { foreignIds: [{ input: 'path.id', request: ({ a }) => ({ method: 'DELETE', url: `/api/client/agents/${a.agentId}` }) }] },

  // ---------------------------------------------------------------- call limits
  getCallLimits: {
    noTenantId: "answers the caller's own limits",
    checks: [
      {
        label: "B reads its own limits, never A's",
        run: async ({ a, b }) => {
          expectStatus(await a.call({ method: 'PUT', url: '/api/client/call-limits', body: { perWidget: 7, perAccount: 70 } }), 200);
          expect(expectStatus(await b.call({ method: 'GET', url: '/api/client/call-limits' }), 200)).not.toEqual({ perWidget: 7, perAccount: 70 });
          expect(expectStatus(await a.call({ method: 'GET', url: '/api/client/call-limits' }), 200)).toEqual({ perWidget: 7, perAccount: 70 });
        },
      },
    ],
  },
  setCallLimits: {
    noTenantId: "changes the caller's own limits",
    checks: [
      {
        label: "B changing its limits leaves A's as they were",
        run: async ({ a, b }) => {
          const before = expectStatus(await a.call({ method: 'GET', url: '/api/client/call-limits' }), 200);
          expectStatus(await b.call({ method: 'PUT', url: '/api/client/call-limits', body: { perWidget: 1, perAccount: 2 } }), 200);
          expect(expectStatus(await a.call({ method: 'GET', url: '/api/client/call-limits' }), 200)).toEqual(before);
          expect(expectStatus(await b.call({ method: 'GET', url: '/api/client/call-limits' }), 200)).toEqual({ perWidget: 1, perAccount: 2 });
        },
      },
    ],
  },

  // ---------------------------------------------------------------- recording settings
  getRecordingSettings: {
    noTenantId: "answers the caller's own retention",
    checks: [
      {
        label: "B reads its own retention, never A's",
        run: async ({ a, b }) => {
          expectStatus(await a.call({ method: 'PUT', url: '/api/client/recording-settings', body: { retentionDays: 7 } }), 200);
          expect(expectStatus(await b.call({ method: 'GET', url: '/api/client/recording-settings' }), 200)).not.toEqual({ retentionDays: 7 });
          expect(expectStatus(await a.call({ method: 'GET', url: '/api/client/recording-settings' }), 200)).toEqual({ retentionDays: 7 });
        },
      },
    ],
  },
  setRecordingSettings: {
    noTenantId: "changes the caller's own retention",
    checks: [
      {
        label: "B changing its retention leaves A's as it was",
        run: async ({ a, b }) => {
          const before = expectStatus(await a.call({ method: 'GET', url: '/api/client/recording-settings' }), 200);
          expectStatus(await b.call({ method: 'PUT', url: '/api/client/recording-settings', body: { retentionDays: 2 } }), 200);
          expect(expectStatus(await a.call({ method: 'GET', url: '/api/client/recording-settings' }), 200)).toEqual(before);
          expect(expectStatus(await b.call({ method: 'GET', url: '/api/client/recording-settings' }), 200)).toEqual({ retentionDays: 2 });
        },
      },
    ],
  },

  // ---------------------------------------------------------------- getting started
  getGettingStarted: {
    noTenantId: "answers the caller's own set-up steps (server/handlers/gettingStarted.test.ts counts no other account's rows)",
  },
  setGettingStarted: {
    noTenantId: "puts the caller's own checklist away",
    checks: [
      {
        label: "B putting its checklist away leaves A's showing",
        run: async ({ a, b }) => {
          expectStatus(await a.call({ method: 'PUT', url: '/api/client/getting-started', body: { dismissed: false } }), 200);
          expect(expectStatus(await b.call({ method: 'PUT', url: '/api/client/getting-started', body: { dismissed: true } }), 200).dismissed).toBe(true);
          expect(expectStatus(await a.call({ method: 'GET', url: '/api/client/getting-started' }), 200).dismissed).toBe(false);
        },
      },
    ],
  },

  // ---------------------------------------------------------------- blocked visitors
  listBlockedVisitors: {
    lists: [{ label: 'the block list', request: () => ({ method: 'GET', url: '/api/client/blocked-visitors' }), shows: (r, t) => text(r).includes(t.blockedNumber) }],
  },
  blockVisitor: {
    noTenantId: "adds a number or an address to the caller's own block list",
    checks: [
      {
        label: "A number on B's list stays off A's, and A's entry is untouched",
        run: async ({ a, b }) => {
          expectStatus(await b.call({ method: 'POST', url: '/api/client/blocked-visitors', body: { kind: 'number', value: a.blockedNumber } }), 201);
          const listOfA = expectStatus(await a.call({ method: 'GET', url: '/api/client/blocked-visitors' }), 200);
          expect(listOfA.data).toEqual([expect.objectContaining({ id: a.blockedVisitorId, value: a.blockedNumber })]);
        },
      },
    ],
  },
  unblockVisitor: { foreignIds: [{ input: 'path.id', request: ({ a }) => ({ method: 'DELETE', url: `/api/client/blocked-visitors/${a.blockedVisitorId}` }) }] },

  // ---------------------------------------------------------------- webhooks (issue 19)
  listWebhookEndpoints: {
    lists: [{ label: 'the webhook endpoints', request: () => ({ method: 'GET', url: '/api/client/webhooks' }), shows: (r, t) => text(r).includes(t.webhookUrl) }],
  },
  createWebhookEndpoint: {
    noTenantId: 'adds an endpoint to the caller\'s own account',
    checks: [
      {
        label: "B's endpoint for A's address stays off A's list, and A's endpoint is untouched",
        run: async ({ a, b }) => {
          expectStatus(await b.call({ method: 'POST', url: '/api/client/webhooks', body: { url: a.webhookUrl, events: ['payment.failed'], currentPassword: b.account.password } }), 201);
          const listOfA = expectStatus(await a.call({ method: 'GET', url: '/api/client/webhooks' }), 200);
          expect(listOfA.data).toEqual([expect.objectContaining({ id: a.webhookEndpointId, url: a.webhookUrl, events: ['call.completed'] })]);
        },
      },
    ],
  },
  updateWebhookEndpoint: {
    foreignIds: [{ input: 'path.id', request: ({ a }) => ({ method: 'PATCH', url: `/api/client/webhooks/${a.webhookEndpointId}`, body: { isActive: false } }) }],
  },
  deleteWebhookEndpoint: { foreignIds: [{ input: 'path.id', request: ({ a }) => ({ method: 'DELETE', url: `/api/client/webhooks/${a.webhookEndpointId}` }) }] },
  sendWebhookTestEvent: { foreignIds: [{ input: 'path.id', request: ({ a }) => ({ method: 'POST', url: `/api/client/webhooks/${a.webhookEndpointId}/test` }) }] },
  listWebhookDeliveries: { foreignIds: [{ input: 'path.id', request: ({ a }) => ({ method: 'GET', url: `/api/client/webhooks/${a.webhookEndpointId}/deliveries` }) }] },

  // ---------------------------------------------------------------- API keys (issue 19)
  listApiKeys: {
    lists: [{ label: 'the API keys', request: () => ({ method: 'GET', url: '/api/client/api-keys' }), shows: (r, t) => r.body.data.some((k: { id: number }) => k.id === t.apiKeyId) }],
  },
  createApiKey: {
    noTenantId: "adds a key to the caller's own account",
    checks: [
      {
        label: "B's key stays off A's list, and works for B's rows only",
        run: async ({ server, a, b }) => {
          const { key } = expectStatus(await b.call({ method: 'POST', url: '/api/client/api-keys', body: { name: 'Mallory', scope: 'write', currentPassword: b.account.password } }), 201);
          const listOfA = expectStatus(await a.call({ method: 'GET', url: '/api/client/api-keys' }), 200);
          expect(listOfA.data).toEqual([expect.objectContaining({ id: a.apiKeyId })]);
          const widgets = expectStatus(await server.request({ method: 'GET', url: '/api/client/widgets', token: key }), 200).data.map((w: { id: number }) => w.id);
          expect(widgets).toContain(b.widgetId);
          expect(widgets).not.toContain(a.widgetId);
          expectStatus(await server.request({ method: 'DELETE', url: `/api/client/widgets/${a.widgetId}`, token: key }), 404);
        },
      },
    ],
  },
  deleteApiKey: { foreignIds: [{ input: 'path.id', request: ({ a }) => ({ method: 'DELETE', url: `/api/client/api-keys/${a.apiKeyId}` }) }] },

  // ---------------------------------------------------------------- GA4 (issue 19)
  getGa4Settings: {
    noTenantId: "answers the caller's own GA4 connection",
    checks: [
      {
        label: "B sees its own connection, never A's",
        run: async ({ a, b }) => {
          await connectGa4(a, 'G-TENANTA001');
          expectStatus(await b.call({ method: 'DELETE', url: GA4_URL }), 204);
          expect(expectStatus(await b.call({ method: 'GET', url: GA4_URL }), 200)).toMatchObject({ configured: false, measurementId: null });
          await connectGa4(b, 'G-TENANTB001');
          expect(expectStatus(await b.call({ method: 'GET', url: GA4_URL }), 200).measurementId).toBe('G-TENANTB001');
        },
      },
    ],
  },
  saveGa4Settings: {
    noTenantId: "connects the caller's own account",
    referenceIds: { 'body.measurementId': "a GA4 web stream's id at Google, not a row of any account: two accounts may well name the same property" },
    checks: [
      {
        label: "B's connection leaves A's as it was, its secret included",
        run: async ({ a, b }) => {
          const before = await connectGa4(a, 'G-TENANTA002');
          await connectGa4(b, 'G-TENANTB002');
          expectStatus(await b.call({ method: 'PUT', url: GA4_URL, body: { measurementId: 'G-TENANTB003', isActive: false } }), 200);
          expect(expectStatus(await a.call({ method: 'GET', url: GA4_URL }), 200)).toEqual(before);
        },
      },
    ],
  },
  deleteGa4Settings: {
    noTenantId: "disconnects the caller's own account",
    checks: [
      {
        label: "B disconnecting leaves A connected",
        run: async ({ a, b }) => {
          const before = await connectGa4(a, 'G-TENANTA003');
          expectStatus(await b.call({ method: 'DELETE', url: GA4_URL }), 204);
          expect(expectStatus(await a.call({ method: 'GET', url: GA4_URL }), 200)).toEqual(before);
        },
      },
    ],
  },

  // ---------------------------------------------------------------- call destinations
  getCallDestinations: { noTenantId: "answers the caller's own countries" },
  setCallDestinations: {
    noTenantId: "replaces the caller's own countries",
    checks: [
      {
        label: "B's countries leave A's as they were",
        run: async ({ a, b }) => {
          const before = expectStatus(await a.call({ method: 'GET', url: '/api/client/call-destinations' }), 200);
          expectStatus(await b.call({ method: 'PUT', url: '/api/client/call-destinations', body: { countries: ['JP'] } }), 200);
          expect(expectStatus(await a.call({ method: 'GET', url: '/api/client/call-destinations' }), 200)).toEqual(before);
        },
      },
    ],
  },

  // ---------------------------------------------------------------- credits
  getCredits: {
    lists: [{ label: 'the credits record', request: () => ({ method: 'GET', url: '/api/client/credits' }), shows: (r, t) => r.body.autoRecharge?.paymentMethodId === cardOf(t) }],
  },
  getSpentCredits: {
    noTenantId: "sums the caller's own ledger",
    checks: [
      {
        label: "A's spending does not count in B's",
        run: async ({ server, a, b }) => {
          const spentBefore = expectStatus(await b.call({ method: 'GET', url: '/api/client/credits/spent' }), 200);
          await changeCredits(server.db, { userId: a.account.id, delta: -3, reason: 'call' });
          expect(expectStatus(await b.call({ method: 'GET', url: '/api/client/credits/spent' }), 200)).toEqual(spentBefore);
          expect(expectStatus(await a.call({ method: 'GET', url: '/api/client/credits/spent' }), 200).spent).toBeGreaterThanOrEqual(3);
        },
      },
    ],
  },

  // ---------------------------------------------------------------- payments
  listPaymentMethods: {
    lists: [{ label: 'the saved cards', request: () => ({ method: 'GET', url: '/api/client/payment-methods' }), shows: (r, t) => text(r).includes(cardOf(t)) }],
  },
  createPaymentMethod: {
    foreignIds: [
      {
        input: 'body.paymentMethodId',
        status: 400,
        why: 'the contract answers 400 invalid_request: "the card processor does not know this payment method for the caller"',
        request: ({ a }) => ({ method: 'POST', url: '/api/client/payment-methods', body: { paymentMethodId: a.tokenizedCardId } }),
      },
    ],
  },
  deletePaymentMethod: {
    foreignIds: [{ input: 'query.paymentMethodId', request: ({ a }) => ({ method: 'DELETE', url: `/api/client/payment-methods?paymentMethodId=${a.savedCardId}` }) }],
  },
  createPayment: {
    referenceIds: { 'body.packId': 'credit packs are reference data shared by all accounts' },
    checks: [
      {
        label: "B using A's idempotency key starts a purchase of its own, not A's intent",
        run: async ({ a, b }) => {
          const answer = expectStatus(await b.call({ method: 'POST', url: '/api/client/payments', body: { packId: PACK_20.id, idempotencyKey: a.idempotencyKey } }), 201);
          expect(answer.paymentIntentId).not.toBe(a.intent.id);
          expect(answer.client_secret).not.toBe(a.intent.clientSecret);
        },
      },
    ],
  },
  listPayments: {
    lists: [
      {
        label: 'the payment history',
        request: () => ({ method: 'GET', url: '/api/client/payments?perPage=200' }),
        shows: (r, t) => r.body.data.some((p: { id: number }) => t.paymentIds.includes(p.id)),
      },
    ],
  },
  setAutoRecharge: {
    referenceIds: { 'body.packId': 'credit packs are reference data shared by all accounts' },
    foreignIds: [
      {
        input: 'body.paymentMethodId',
        status: 400,
        why: 'the contract answers 400 invalid_request: "paymentMethodId is not one of the caller\'s saved cards"',
        request: ({ a }) => ({ method: 'POST', url: '/api/client/auto-recharge', body: { packId: PACK_20.id, criticalCredits: 3, paymentMethodId: a.savedCardId } }),
      },
    ],
  },
  deleteAutoRecharge: {
    noTenantId: "cancels the caller's own auto-recharge",
    checks: [
      {
        label: "B cancelling its auto-recharge leaves A's",
        run: async ({ a, b }) => {
          expectStatus(await b.call({ method: 'DELETE', url: '/api/client/auto-recharge' }), 204);
          expect(expectStatus(await a.call({ method: 'GET', url: '/api/client/credits' }), 200).autoRecharge?.paymentMethodId).toBe(a.savedCardId);
        },
      },
    ],
  },
  handleStripeWebhook: {
    noTenantId: 'public: Stripe posts signed events; the intent is looked up by its processor id',
    referenceIds: { 'body.id': "the id of Stripe's event, not a row of any account" },
  },

  // ---------------------------------------------------------------- local card processor
  createLocalPaymentMethod: { noTenantId: 'tokenizes a card number for the caller' },
  confirmLocalPaymentIntent: {
    foreignIds: [
      {
        input: 'path.clientSecret',
        request: ({ a, b }) => ({ method: 'POST', url: `/api/local-card-processor/payment-intents/${a.intent.clientSecret}/confirm`, body: { paymentMethodId: b.tokenizedCardId } }),
      },
      {
        input: 'body.paymentMethodId',
        status: 400,
        why: 'the contract answers 400 invalid_request: "the payment method is not one the caller tokenized"',
        request: ({ a, b }) => ({ method: 'POST', url: `/api/local-card-processor/payment-intents/${b.intent.clientSecret}/confirm`, body: { paymentMethodId: a.tokenizedCardId } }),
      },
    ],
  },
  authenticateLocalPaymentIntent: {
    foreignIds: [
      {
        input: 'path.clientSecret',
        request: ({ a }) => ({ method: 'POST', url: `/api/local-card-processor/payment-intents/${a.intentNeedingAuthentication.clientSecret}/authenticate`, body: { approve: true } }),
      },
    ],
  },

  // ---------------------------------------------------------------- analytics and calls
  getAnalytics: {
    referenceIds: { 'query.typeId': TYPE_IDS },
    foreignIds: [{ input: 'query.websiteId', request: ({ a }) => ({ method: 'GET', url: `/api/client/analytics?${analyticsRange(a)}&websiteId=${a.websiteId}` }) }],
    lists: [
      {
        label: 'the daily entries',
        request: ({ a }) => ({ method: 'GET', url: `/api/client/analytics?${analyticsRange(a)}` }),
        shows: (r, t) => r.body.data.some((day: { websiteId: number | null }) => day.websiteId === t.websiteId),
      },
    ],
  },
  getCallsBySource: {
    referenceIds: { 'query.typeId': TYPE_IDS },
    // Sources are an account's own rows, and its card lists nothing but them (callSources.test.ts); the websites filter is the id to guard.
    foreignIds: [{ input: 'query.websiteId', request: ({ a }) => ({ method: 'GET', url: `/api/client/analytics/sources?${analyticsRange(a)}&websiteId=${a.websiteId}` }) }],
  },
  listCalls: {
    referenceIds: { 'query.widgetTypeId': TYPE_IDS },
    foreignIds: [{ input: 'query.websiteId', request: ({ a }) => ({ method: 'GET', url: `/api/client/calls?websiteId=${a.websiteId}` }) }],
    lists: [
      {
        label: 'the call history',
        request: () => ({ method: 'GET', url: '/api/client/calls?perPage=200' }),
        shows: (r, t) => r.body.data.some((c: { id: number }) => c.id === t.callId),
      },
    ],
  },
  exportCallsCsv: {
    referenceIds: { 'query.widgetTypeId': TYPE_IDS },
    foreignIds: [{ input: 'query.websiteId', request: ({ a }) => ({ method: 'GET', url: `/api/client/calls/csv?websiteId=${a.websiteId}` }) }],
    lists: [{ label: 'the CSV export', request: () => ({ method: 'GET', url: '/api/client/calls/csv' }), shows: (r, t) => text(r).includes(t.domain) }],
  },
  getCallRecording: { foreignIds: [{ input: 'path.id', request: ({ a }) => ({ method: 'GET', url: `/api/client/calls/${a.callId}/recording` }) }] },
  listScheduledCalls: {
    foreignIds: [
      { input: 'query.agentId', request: ({ a }) => ({ method: 'GET', url: `/api/client/scheduled-calls?agentId=${a.agentId}` }) },
      { input: 'query.websiteId', request: ({ a }) => ({ method: 'GET', url: `/api/client/scheduled-calls?websiteId=${a.websiteId}` }) },
    ],
    lists: [
      {
        label: 'the scheduled calls',
        request: () => ({ method: 'GET', url: '/api/client/scheduled-calls?perPage=200' }),
        shows: (r, t) => r.body.data.some((c: { id: number }) => c.id === t.scheduledCallId),
      },
    ],
  },

  // ---------------------------------------------------------------- system
  getHealth: { noTenantId: 'public: liveness, no account data' },
};

function analyticsRange(tenant: Tenant): string {
  const to = new Date().toISOString().slice(0, 10);
  return `dateFrom=${tenant.analyticsDay}T00:00:00Z&dateTo=${to}T23:59:59Z`;
}

async function signInAgain(server: TestServer, tenant: Tenant) {
  const response = await server.request({
    method: 'POST',
    url: '/api/oauth2/token',
    form: { grant_type: 'password', username: tenant.account.email, password: tenant.account.password, client_id: 'dashboard' },
    remoteAddress: '10.202.0.1',
  });
  return expectStatus(response, 200) as { accessToken: string };
}
