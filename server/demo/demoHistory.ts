import type { Database } from '../db/client.ts';
import { dailyUsage, dailyWidgetUsage } from '../db/schema/analytics.ts';
import { websiteInstallations } from '../db/schema/toolbox.ts';
import { mixSeed, SeededRandom } from '../domain/random/seededRandom.ts';
import { insertInBatches } from './batchInsert.ts';
import { insertDemoBilling } from './demoBilling.ts';
import { insertDemoCalls } from './demoCalls.ts';
import { insertDemoSources } from './demoSources.ts';
import { createDemoToolbox } from './demoToolbox.ts';
import { DAY_MS, generateTraffic } from './demoTraffic.ts';

/** The seed of the demo account: the same history on every machine (issue 3, Demo history). */
export const DEMO_HISTORY_SEED = 20_260_301;

/** Days of analytics and calls, ending today. */
export const DEMO_HISTORY_DAYS = 90;

/** The account opened a little before its history starts. */
const ACCOUNT_AGE_DAYS = DEMO_HISTORY_DAYS + 10;

export interface DemoHistoryOptions {
  /** The history ends here; every date is relative to it. */
  now: Date;
  seed?: number;
  /** Prefix of the payment history's receipt links; empty keeps them relative (/receipts/…). */
  publicUrl?: string;
}

export interface DemoHistorySummary {
  openedAt: Date;
  websites: number;
  widgets: number;
  agents: number;
  calls: number;
  upcomingCalls: number;
  payments: number;
  balance: number;
}

/** When an account seeded at `now` opened (its sign-up grant and first purchase date from then). */
export function demoAccountOpenedAt(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - ACCOUNT_AGE_DAYS * DAY_MS + 14 * 3_600_000);
}

/**
 * Gives an account a believable business (issue 3, Demo history): three websites, widgets of
 * every type, five agents with working hours and a placeholder agent, 90 days of analytics
 * with a weekly rhythm, a few thousand calls of every status and type with recordings,
 * callbacks due over the next days, and a payment and credit history ending with a positive
 * balance. Deterministic for a seed and `now`: two runs differ only in ids and secrets.
 * Expects an account with an open credits record and no history; run it in a transaction.
 */
export async function seedDemoHistory(db: Database, userId: number, options: DemoHistoryOptions): Promise<DemoHistorySummary> {
  const seed = options.seed ?? DEMO_HISTORY_SEED;
  const { now } = options;
  const openedAt = demoAccountOpenedAt(now);
  // Separate streams: what the history looks like must not depend on the account's id, which
  // only the public ids (call and payment ids, card tokens) mix in to stay unique per account.
  const traffic = new SeededRandom(mixSeed(seed, 1));
  const callsRandom = new SeededRandom(mixSeed(seed, 2));
  const billingRandom = new SeededRandom(mixSeed(seed, 3));
  const publicIds = new SeededRandom(mixSeed(seed, 4, userId));
  const sourcesRandom = new SeededRandom(mixSeed(seed, 5));

  const toolbox = await createDemoToolbox(db, userId, openedAt);
  const { traffic: days, requests } = generateTraffic(traffic, toolbox, now, DEMO_HISTORY_DAYS);
  await insertInBatches(
    db,
    dailyUsage,
    days.map((day) => ({ userId, websiteId: day.websiteId, day: day.day, pageViews: day.pageViews })),
  );
  await insertInBatches(
    db,
    dailyWidgetUsage,
    days.flatMap((day) =>
      day.widgets.map((usage) => ({ userId, websiteId: day.websiteId, widgetTypeId: usage.widget.typeId, day: day.day, widgetViews: usage.views, clicks: usage.clicks })),
    ),
  );
  // issue 21: the snippet is live on every demo website with page views, last seen a few minutes
  // ago (the Websites screen says Installed, as a real client's busy site would).
  const viewed = new Set(days.filter((day) => day.pageViews > 0).map((day) => day.websiteId));
  const seenAt = new Date(now.getTime() - 3 * 60_000);
  await insertInBatches(db, websiteInstallations, toolbox.websites.filter((site) => viewed.has(site.id)).map((site) => ({ websiteId: site.id, userId, seenAt, seenPage: `https://${site.domain}/` })));
  const sources = await insertDemoSources(db, userId, sourcesRandom, days, requests);
  const history = await insertDemoCalls(db, userId, callsRandom, publicIds, toolbox, requests, now, sources);
  const billing = await insertDemoBilling(db, userId, billingRandom, publicIds, history.charged, { openedAt, now, publicUrl: options.publicUrl ?? '' });
  return {
    openedAt,
    websites: toolbox.websites.length,
    widgets: toolbox.widgets.length,
    agents: toolbox.agents.size + 1,
    calls: history.calls,
    upcomingCalls: history.upcoming,
    payments: billing.payments,
    balance: billing.balance,
  };
}
