import { and, eq, isNull, like } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail, MailMessage } from '../adapters/mail/mail.ts';
import type { RingOutcome, Telephony } from '../adapters/telephony/telephony.ts';
import { calls, scheduledCalls } from '../db/schema/calls.ts';
import { widgetRateCounters } from '../db/schema/widgetApi.ts';
import { createCallRequestDeps } from '../domain/callEngine/callRequestDeps.ts';
import { changeCredits } from '../domain/credits/ledger.ts';
import { CALL_LIMIT_DEFAULTS, saveCallLimits } from '../domain/limits/callVelocity.ts';
import { installJsonBodyParser } from '../http/bodyParsing.ts';
import { loadContract } from '../http/contract.ts';
import { installErrorHandler } from '../http/errorHandler.ts';
import { installInMemoryRateLimits } from '../http/security.ts';
import { installRequestValidation } from '../http/requestValidation.ts';
import { ContractResponses } from '../test/contractResponses.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { addWebsite, addWidget, signedInClient, widgetBody } from '../test/toolbox.ts';
import { WIDGET_RATE_LIMITS } from './rateLimits.ts';
import { registerWidgetApi, WIDGET_CONTRACT_PATH } from './widgetApi.ts';
import { CALL_LIMIT_MESSAGE } from './widgetHandlers.ts';

// Issue 15, findings 1 and 10: a crowd of visitors cannot spend a client's credits faster than
// the client allows, and the per-number limit is the account's own.

const contract = new ContractResponses(loadContract(WIDGET_CONTRACT_PATH), '/widget-api');
const missed: RingOutcome = { accepted: null, legs: [], line: null };
const telephony: Telephony = { description: 'test telephony', isLocal: true, timeScale: 1000, ringAgents: async () => missed, bridge: () => Promise.reject(new Error('nobody accepted')), holdVisitor: () => Promise.reject(new Error('no waiting audio here')), release: async () => undefined };

let server: TestServer;
let app: FastifyInstance;
const sent: MailMessage[] = [];
const mail: Mail = { description: 'test mail', send: async (message) => void sent.push(message) };
/** The clock the rate windows read: it stands still unless a test moves it. */
let now = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 60_000);
let deps: ReturnType<typeof createCallRequestDeps>;

beforeAll(async () => {
  server = await startTestServer();
  app = Fastify({ logger: false });
  installJsonBodyParser(app);
  installRequestValidation(app);
  installErrorHandler(app);
  await installInMemoryRateLimits(app);
  deps = createCallRequestDeps({ telephony, log: { info() {}, warn() {}, error() {} }, clock: { now: () => now, sleep: async () => undefined } });
  await registerWidgetApi(app, { db: server.db, callRequests: deps, mail, publicUrl: 'https://dashboard.example' });
  await app.ready();
});
afterAll(async () => {
  await deps?.placements.settle();
  await app?.close();
  await server?.close();
});

let addressCounter = 0;
const newAddress = () => `198.18.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;
let numberCounter = 0;
const newNumber = () => `+1415666${String(1000 + ++numberCounter).padStart(4, '0')}`;

async function request(path: '/widget-api/calls' | '/widget-api/scheduled-calls', body: Record<string, unknown>, address = newAddress()) {
  const response = await app.inject({ method: 'POST', url: path, headers: { origin: 'https://shop.example', 'content-type': 'application/json' }, payload: JSON.stringify(body), remoteAddress: address });
  contract.check('POST', path, response.statusCode, String(response.headers['content-type']), response.body);
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown>, retryAfter: response.headers['retry-after'] };
}

/**
 * A client with 200 credits (so credits are not what stops the calls) and up to 3 active widgets
 * on one site (one of each kind: a site shows one active widget per kind).
 */
async function client(widgetCount = 1) {
  const owner = await signedInClient(server);
  await changeCredits(server.db, { userId: owner.userId, delta: 200, reason: 'adjustment' });
  const website = await addWebsite(owner, `limits-${owner.userId}.example.com`);
  const widgets = [];
  for (let i = 0; i < widgetCount; i += 1) widgets.push(await addWidget(owner, widgetBody(website.id, { typeId: 3 - i, name: `Widget ${i}` })));
  return { owner, website, widgets };
}

async function callsOf(userId: number) {
  return server.db.select({ id: calls.id }).from(calls).where(eq(calls.userId, userId));
}

describe('per-widget and per-account call request limits (finding 1)', () => {
  it('120 visitors from 120 addresses with 120 numbers on one widget: 10 calls, 110 refusals, one e-mail', async () => {
    const { owner, website, widgets } = await client();
    const before = sent.length;
    const answers = await Promise.all(
      Array.from({ length: 120 }, () => request('/widget-api/calls', { key: website.publicKey, widgetId: widgets[0]!.id, phone: newNumber(), url: 'https://shop.example/' })),
    );
    expect(answers.filter((answer) => answer.status !== 202 && answer.status !== 429).map((answer) => answer.body)).toEqual([]);
    const accepted = answers.filter((answer) => answer.status === 202);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(accepted).toHaveLength(CALL_LIMIT_DEFAULTS.perWidget);
    expect(refused).toHaveLength(120 - CALL_LIMIT_DEFAULTS.perWidget);
    expect(refused[0]!.body).toEqual({ error: 'too_many_call_requests', error_description: CALL_LIMIT_MESSAGE });
    expect(Number(refused[0]!.retryAfter)).toBeGreaterThan(0);
    expect(await callsOf(owner.userId)).toHaveLength(CALL_LIMIT_DEFAULTS.perWidget);
    await deps.placements.settle();
    const mails = sent.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Call requests paused/);
    expect(mails[0]!.text).toContain('more than 10 call requests within 10 minutes');
    expect(mails[0]!.text).toContain('https://dashboard.example/settings');

    // Still refused (and no second e-mail) until the widget's window has passed.
    now = new Date(now.getTime() + 5 * 60_000);
    expect((await request('/widget-api/calls', { key: website.publicKey, widgetId: widgets[0]!.id, phone: newNumber(), url: 'https://shop.example/' })).status).toBe(429);
    now = new Date(now.getTime() + 5 * 60_000);
    expect((await request('/widget-api/calls', { key: website.publicKey, widgetId: widgets[0]!.id, phone: newNumber(), url: 'https://shop.example/' })).status).toBe(202);
    await deps.placements.settle();
    expect(sent.length - before).toBe(1);
  });

  it('120 visitors spread over 3 widgets allowing 20 each: the account brake lets 30 through, one e-mail', async () => {
    const { owner, website, widgets } = await client(3);
    await saveCallLimits(server.db, owner.userId, { perWidget: 20, perAccount: CALL_LIMIT_DEFAULTS.perAccount });
    const before = sent.length;
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => request('/widget-api/calls', { key: website.publicKey, widgetId: widgets[i % 3]!.id, phone: newNumber(), url: 'https://shop.example/' })),
    );
    expect(answers.filter((answer) => answer.status !== 202 && answer.status !== 429).map((answer) => answer.body)).toEqual([]);
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(CALL_LIMIT_DEFAULTS.perAccount);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(120 - CALL_LIMIT_DEFAULTS.perAccount);
    expect(await callsOf(owner.userId)).toHaveLength(CALL_LIMIT_DEFAULTS.perAccount);
    await deps.placements.settle();
    expect(sent.length - before).toBe(1);
  });

  it('counts callbacks too, and follows the limits the client set', async () => {
    const { owner, website, widgets } = await client();
    await saveCallLimits(server.db, owner.userId, { perWidget: 3, perAccount: 30 });
    const base = { key: website.publicKey, widgetId: widgets[0]!.id, url: 'https://shop.example/' };
    const scheduledAt = new Date(now.getTime() + 3 * 3_600_000).toISOString();
    for (let i = 0; i < 2; i += 1) expect((await request('/widget-api/calls', { ...base, phone: newNumber() })).status).toBe(202);
    expect((await request('/widget-api/scheduled-calls', { ...base, phone: newNumber(), scheduledAt })).status).toBe(202);
    const over = await request('/widget-api/scheduled-calls', { ...base, phone: newNumber(), scheduledAt });
    expect(over.status).toBe(429);
    expect(over.body.error).toBe('too_many_call_requests');
    // The visitor's one, not the callbacks recovering the two missed calls (issue 18), which no visitor asked for.
    expect(await server.db.select().from(scheduledCalls).where(and(eq(scheduledCalls.userId, owner.userId), isNull(scheduledCalls.recoversCallId)))).toHaveLength(1);
  });

  it("one client's brake leaves other clients' widgets working", async () => {
    const first = await client();
    const second = await client();
    await saveCallLimits(server.db, first.owner.userId, { perWidget: 1, perAccount: 1 });
    const call = (site: typeof first) => request('/widget-api/calls', { key: site.website.publicKey, widgetId: site.widgets[0]!.id, phone: newNumber(), url: 'https://shop.example/' });
    expect((await call(first)).status).toBe(202);
    expect((await call(first)).status).toBe(429);
    expect((await call(second)).status).toBe(202);
  });
});

describe('only requests about to become a call count toward the velocity limits (review of issue 15)', () => {
  it('unknown widget ids, another website\'s widget, refused times and duplicates neither count nor trip the brake', async () => {
    const { owner, website, widgets } = await client();
    const other = await client();
    await saveCallLimits(server.db, owner.userId, { perWidget: 2, perAccount: 2 });
    const before = sent.length;
    const base = { key: website.publicKey, url: 'https://evil.example/' };
    // 40 junk requests, each from its own address and number (so the per-address and per-number limits do not stop them).
    for (let i = 0; i < 10; i += 1) {
      expect((await request('/widget-api/calls', { ...base, widgetId: 900_000_000 + i, phone: newNumber() })).status).toBe(404);
      expect((await request('/widget-api/calls', { ...base, widgetId: other.widgets[0]!.id, phone: newNumber() })).status).toBe(404);
      const past = new Date(now.getTime() - 3_600_000).toISOString();
      expect((await request('/widget-api/scheduled-calls', { ...base, widgetId: widgets[0]!.id, phone: newNumber(), scheduledAt: past })).status).toBe(422);
    }
    const phone = newNumber();
    expect((await request('/widget-api/calls', { ...base, widgetId: widgets[0]!.id, phone })).status).toBe(202);
    for (let i = 0; i < 4; i += 1) {
      const again = await request('/widget-api/calls', { ...base, widgetId: widgets[0]!.id, phone });
      expect(again.status).toBe(202);
      expect(again.body.duplicate).toBe(true);
    }
    // The junk made no counters for made-up widgets.
    const junkCounters = await server.db.select().from(widgetRateCounters).where(like(widgetRateCounters.key, `velocity:widget:${owner.userId}:9000000%`));
    expect(junkCounters).toEqual([]);
    // One real call so far: the second is still taken, the third is the first refusal.
    expect((await request('/widget-api/calls', { ...base, widgetId: widgets[0]!.id, phone: newNumber() })).status).toBe(202);
    expect((await request('/widget-api/calls', { ...base, widgetId: widgets[0]!.id, phone: newNumber() })).status).toBe(429);
    expect(await callsOf(owner.userId)).toHaveLength(2);
    await deps.placements.settle();
    expect(sent.length - before).toBe(1);
  });
});

describe('per-number limit keyed per account (finding 10)', () => {
  it('exhausting a number on account A leaves account B able to call it; a made-up key counts against nobody', async () => {
    const a = await client();
    const b = await client();
    const phone = newNumber();
    for (let i = 0; i < 10; i += 1) {
      expect((await request('/widget-api/calls', { key: 'ZZZZZZZZZZZZZZZZ', widgetId: a.widgets[0]!.id, phone, url: 'https://evil.example/' })).status).toBe(404);
    }
    const onA = () => request('/widget-api/calls', { key: a.website.publicKey, widgetId: a.widgets[0]!.id, phone, url: 'https://shop.example/' });
    for (let i = 0; i < WIDGET_RATE_LIMITS.callsPerNumber.max; i += 1) expect((await onA()).status).toBe(202);
    const exhausted = await onA();
    expect(exhausted.status).toBe(429);
    expect(exhausted.body.error).toBe('too_many_attempts');
    const onB = await request('/widget-api/calls', { key: b.website.publicKey, widgetId: b.widgets[0]!.id, phone, url: 'https://shop.example/' });
    expect(onB.status).toBe(202);
    expect(onB.body.duplicate).toBe(false);
    expect(await server.db.select().from(calls).where(and(eq(calls.userId, b.owner.userId)))).toHaveLength(1);
  });

  it('counts one number however it is written (+1 415…, 1 415…)', async () => {
    const { website, widgets } = await client();
    const digits = newNumber().slice(2);
    const spellings = [`+1${digits}`, `1 ${digits.slice(0, 3)} ${digits.slice(3)}`, `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`];
    for (let i = 0; i < WIDGET_RATE_LIMITS.callsPerNumber.max; i += 1) {
      expect((await request('/widget-api/calls', { key: website.publicKey, widgetId: widgets[0]!.id, phone: spellings[i % 3], url: 'https://shop.example/' })).status).toBe(202);
    }
    expect((await request('/widget-api/calls', { key: website.publicKey, widgetId: widgets[0]!.id, phone: spellings[1], url: 'https://shop.example/' })).status).toBe(429);
  });
});
