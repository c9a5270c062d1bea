import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { dailyUsage, dailyWidgetUsage } from '../db/schema/analytics.ts';
import { creditLedger, credits, payments } from '../db/schema/billing.ts';
import { callRecordings, calls, scheduledCalls, twilioCallLegs } from '../db/schema/calls.ts';
import { agents, websites, widgets } from '../db/schema/toolbox.ts';
import { hashPassword } from '../domain/auth/passwords.ts';
import { openCreditsAccount } from '../domain/credits/ledger.ts';
import { readCreditForecast, readSpending } from '../domain/credits/forecast.ts';
import { signIn } from '../test/accounts.ts';
import { FAST_PASSWORD_HASHING, startTestServer, type TestServer } from '../test/harness.ts';
import { SeededRandom } from '../domain/random/seededRandom.ts';
import { DEMO_ACCOUNT, seedDemoAccount } from './demoAccount.ts';
import { DEMO_WEBSITES } from './demoBusiness.ts';
import { DEMO_HISTORY_DAYS, type DemoHistorySummary, seedDemoHistory } from './demoHistory.ts';
import { generateTraffic } from './demoTraffic.ts';

const NOW = new Date('2026-03-18T15:42:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

let server: TestServer;
let demoUserId: number;
let summary: DemoHistorySummary;

beforeAll(async () => {
  server = await startTestServer();
  summary = (await seedDemoAccount(server.db, FAST_PASSWORD_HASHING, { now: NOW }))!;
  const [demo] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNT.email));
  demoUserId = demo!.id;
}, 120_000);
afterAll(() => server?.close());

/** An account with an open credits record and nothing else, as seedDemoHistory expects. */
async function bareAccount(db: Database): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({ name: 'Second Demo', email: `demo.${Date.now()}.${Math.random()}@example.com`.replace('0.', ''), phone: '+12125550198', timezone: 'America/New_York', passwordHash: await hashPassword('demo-password', FAST_PASSWORD_HASHING) })
    .returning({ id: users.id });
  await openCreditsAccount(db, user!.id);
  return user!.id;
}

describe('seedDemoAccount', () => {
  it('creates the demo account with its history once, on an empty database only', async () => {
    expect(summary).toMatchObject({ websites: 3, widgets: 7, agents: 6 });
    expect(await seedDemoAccount(server.db, FAST_PASSWORD_HASHING, { now: NOW })).toBeNull();
    const [demoAccounts] = await server.db.select({ count: sql<number>`count(*)::int` }).from(users).where(eq(users.email, DEMO_ACCOUNT.email));
    expect(demoAccounts!.count).toBe(1);
  });
});

describe('the demo history', () => {
  it('has a toolbox of every widget type, agents with working hours and a placeholder agent', async () => {
    const widgetRows = await server.db.select().from(widgets).where(eq(widgets.userId, demoUserId));
    expect(new Set(widgetRows.map((widget) => widget.typeId))).toEqual(new Set([1, 2, 3]));
    expect(widgetRows.filter((widget) => !widget.isActive)).toHaveLength(1);
    const agentRows = await server.db.select().from(agents).where(eq(agents.userId, demoUserId));
    const regular = agentRows.filter((agent) => agent.isRegular);
    expect(regular).toHaveLength(5);
    expect(regular.every((agent) => agent.name && agent.availability.some((day) => day.isActive && day.times.length > 0))).toBe(true);
    expect(agentRows.filter((agent) => !agent.isRegular && agent.name === null)).toHaveLength(1);
    expect(await server.db.select().from(websites).where(eq(websites.userId, demoUserId))).toHaveLength(3);
  });

  it('has 90 days of page visits with a weekly rhythm, and widget views and clicks below them', async () => {
    const days = await server.db.select().from(dailyUsage).where(eq(dailyUsage.userId, demoUserId));
    expect(days).toHaveLength(3 * DEMO_HISTORY_DAYS);
    const byWeekday = [0, 0, 0, 0, 0, 0, 0];
    for (const day of days) byWeekday[new Date(`${day.day}T00:00:00Z`).getUTCDay()]! += day.pageViews;
    expect(byWeekday[1]).toBeGreaterThan(1.5 * byWeekday[0]!); // Monday busier than Sunday
    const widgetDays = await server.db.select().from(dailyWidgetUsage).where(eq(dailyWidgetUsage.userId, demoUserId));
    expect(widgetDays.length).toBeGreaterThan(5 * 80);
    expect(widgetDays.every((row) => row.clicks <= row.widgetViews)).toBe(true);
  });

  it('has a few thousand calls of every status and type, with legs, places, custom fields and recordings', async () => {
    const rows = await server.db.select().from(calls).where(eq(calls.userId, demoUserId));
    expect(rows.length).toBe(summary.calls);
    expect(rows.length).toBeGreaterThan(1_500);
    expect(rows.length).toBeLessThan(5_000);
    expect(new Set(rows.map((call) => call.status))).toEqual(new Set(['successful', 'missed', 'busy', 'no-answer']));
    expect(new Set(rows.map((call) => call.type))).toEqual(new Set(['instant', 'scheduled']));
    expect(rows.every((call) => call.createdAt <= NOW && call.createdAt.getTime() > NOW.getTime() - DEMO_HISTORY_DAYS * DAY - 2 * DAY)).toBe(true);
    expect(rows.every((call) => (call.status === 'successful') === call.duration > 0)).toBe(true);
    expect(rows.filter((call) => call.geolocation?.city).length).toBeGreaterThan(0.9 * rows.length);
    expect(rows.filter((call) => call.type === 'scheduled' && call.customFields.customField1).length).toBeGreaterThan(0);
    expect(rows.every((call) => call.widgetId !== null && call.websiteId !== null && call.url?.startsWith('https://'))).toBe(true);

    const [recordings] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(callRecordings)
      .innerJoin(calls, eq(calls.id, callRecordings.callId))
      .where(and(eq(calls.userId, demoUserId), eq(calls.status, 'successful')));
    expect(recordings!.count).toBe(rows.filter((call) => call.status === 'successful').length);
    const [legs] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(twilioCallLegs)
      .innerJoin(calls, eq(calls.id, twilioCallLegs.callId))
      .where(eq(calls.userId, demoUserId));
    expect(legs!.count).toBeGreaterThan(rows.length);
  });

  it('has callbacks due over the next week', async () => {
    const upcoming = await server.db
      .select()
      .from(scheduledCalls)
      .where(and(eq(scheduledCalls.userId, demoUserId), eq(scheduledCalls.status, 'pending')));
    expect(upcoming.length).toBe(summary.upcomingCalls);
    expect(upcoming.length).toBeGreaterThanOrEqual(10);
    expect(upcoming.every((row) => row.scheduledAt > NOW && row.scheduledAt.getTime() < NOW.getTime() + 8 * DAY)).toBe(true);
  });

  it('has automatic and manual payments and a ledger that adds up to a positive balance', async () => {
    const paymentRows = await server.db.select().from(payments).where(eq(payments.userId, demoUserId));
    expect(new Set(paymentRows.map((payment) => payment.isAutomatic))).toEqual(new Set([true, false]));
    expect(new Set(paymentRows.map((payment) => payment.status))).toEqual(new Set(['successful', 'failed', 'canceled']));
    const ledger = await server.db.select().from(creditLedger).where(eq(creditLedger.userId, demoUserId)).orderBy(asc(creditLedger.createdAt), asc(creditLedger.id));
    let running = 0;
    for (const row of ledger) {
      running += row.delta;
      expect(row.balanceAfter).toBe(running);
      expect(row.balanceAfter).toBeGreaterThanOrEqual(0);
    }
    const [record] = await server.db.select().from(credits).where(eq(credits.userId, demoUserId));
    expect(record!.credits).toBe(running);
    expect(running).toBe(summary.balance);
    expect(running).toBeGreaterThan(0);
    const purchased = paymentRows.filter((payment) => payment.status === 'successful').reduce((sum, payment) => sum + payment.credits, 0);
    const spent = ledger.filter((row) => row.reason === 'call').length;
    expect(running).toBe(20 + purchased - spent);
  });

  it('has a credit forecast to show: calls every day of the last 30, auto-recharge keeping the credits (issue 20)', async () => {
    const spending = await readSpending(server.db, demoUserId, NOW);
    expect(spending.spent).toBeGreaterThanOrEqual(30);
    expect(spending.firstSpentAt).toEqual(new Date(NOW.getTime() - 30 * DAY));
    expect(await readCreditForecast(server.db, demoUserId, NOW)).toEqual({ state: 'autoRecharge' });
  });

  it('answers every screen\'s API call within the contract', async () => {
    const { accessToken: token } = await signIn(server, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const from = new Date(NOW.getTime() - DEMO_HISTORY_DAYS * DAY).toISOString();
    const to = NOW.toISOString();
    const get = (url: string) => server.request({ method: 'GET', url, token });
    const callPage = await get('/api/client/calls?perPage=200');
    expect(callPage.status).toBe(200);
    expect(callPage.body.count).toBe(summary.calls);
    const analytics = await get(`/api/client/analytics?dateFrom=${from}&dateTo=${to}`);
    expect(analytics.status).toBe(200);
    expect(analytics.body.data.length).toBeGreaterThanOrEqual(3 * DEMO_HISTORY_DAYS);
    // Issue 20: calls by source add up to the analytics' calls and views, paid search converting best.
    const bySource = await get(`/api/client/analytics/sources?dateFrom=${from}&dateTo=${to}`);
    expect(bySource.status).toBe(200);
    type Usage = { widgets: { widgetViews: number; calls: number }[] };
    const widgetUsage = analytics.body.data.flatMap((day: { usage: Usage }) => day.usage.widgets) as Usage['widgets'];
    type SourceRow = { source: string; medium: string | null; campaign: string | null; widgetViews: number; calls: number; conversionRate: number };
    const sources = bySource.body.data as SourceRow[];
    expect(sources.length).toBeGreaterThanOrEqual(10);
    expect(sources.reduce((sum, row) => sum + row.calls, 0)).toBe(widgetUsage.reduce((sum, usage) => sum + usage.calls, 0));
    expect(sources.reduce((sum, row) => sum + row.widgetViews, 0)).toBe(widgetUsage.reduce((sum, usage) => sum + usage.widgetViews, 0));
    const emergency = sources.find((row) => row.campaign === 'emergency_plumber')!;
    const spring = sources.find((row) => row.campaign === 'spring_promo')!;
    expect(emergency).toMatchObject({ source: 'google', medium: 'cpc' });
    expect(emergency.conversionRate).toBeGreaterThan(spring.conversionRate);
    expect(callPage.body.data.every((call: { source: unknown }) => call.source !== null)).toBe(true);
    const upcoming = await get(`/api/client/scheduled-calls?status=pending&dateFrom=${to}&perPage=200`);
    expect(upcoming.body.count).toBe(summary.upcomingCalls);
    expect((await get('/api/client/widgets')).status).toBe(200);
    expect((await get('/api/client/agents')).status).toBe(200);
    expect((await get('/api/client/websites')).status).toBe(200);
    const recording = callPage.body.data.find((call: { CallRecording: unknown }) => call.CallRecording);
    expect((await get(recording.CallRecording.url)).status).toBe(200);
  });

  it('is the same history for the same seed and moment, whatever the account', async () => {
    const otherId = await bareAccount(server.db);
    await server.db.transaction((tx) => seedDemoHistory(tx, otherId, { now: NOW }));
    expect(await historyShape(server.db, otherId)).toEqual(await historyShape(server.db, demoUserId));
  });

  it('is another history for another seed', () => {
    const toolbox = { websites: [{ ...DEMO_WEBSITES[0]!, id: 1 }], widgets: [], agents: new Map(), hotline: { id: 1, phone: '' } };
    const week = (seed: number) => generateTraffic(new SeededRandom(seed), toolbox, NOW, 7).traffic.map((day) => day.pageViews);
    expect(week(1)).toEqual(week(1));
    expect(week(1)).not.toEqual(week(2));
  });
});

/** Everything a screen shows of a history, without the row ids and secrets that differ per account. */
async function historyShape(db: Database, userId: number) {
  const callRows = await db
    .select({
      createdAt: calls.createdAt,
      status: calls.status,
      type: calls.type,
      duration: calls.duration,
      widgetName: calls.widgetName,
      customerNumber: calls.customerNumber,
      agentNumber: calls.agentNumber,
      url: calls.url,
      geolocation: calls.geolocation,
      customFields: calls.customFields,
    })
    .from(calls)
    .where(eq(calls.userId, userId))
    .orderBy(asc(calls.createdAt), asc(calls.id));
  const usage = await db
    .select({ day: dailyUsage.day, pageViews: dailyUsage.pageViews })
    .from(dailyUsage)
    .where(eq(dailyUsage.userId, userId))
    .orderBy(asc(dailyUsage.day), asc(dailyUsage.pageViews));
  const upcoming = await db
    .select({ scheduledAt: scheduledCalls.scheduledAt, customerNumber: scheduledCalls.customerNumber })
    .from(scheduledCalls)
    .where(and(eq(scheduledCalls.userId, userId), gte(scheduledCalls.scheduledAt, NOW)))
    .orderBy(asc(scheduledCalls.scheduledAt), asc(scheduledCalls.customerNumber));
  const ledger = await db
    .select({ delta: creditLedger.delta, balanceAfter: creditLedger.balanceAfter, reason: creditLedger.reason, createdAt: creditLedger.createdAt })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(asc(creditLedger.createdAt), asc(creditLedger.id));
  return { calls: callRows, usage, upcoming, ledger };
}
