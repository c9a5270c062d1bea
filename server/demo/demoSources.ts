import type { Database } from '../db/client.ts';
import { dailySourceUsage, monthlySourceUsage, trafficSources } from '../db/schema/analytics.ts';
import type { SeededRandom } from '../domain/random/seededRandom.ts';
import { insertInBatches } from './batchInsert.ts';
import type { CallRequest, DayOfTraffic } from './demoTraffic.ts';

/**
 * Where the demo's visitors come from (issue 20, the Calls by source card): a plumber's mix of
 * paid search, organic search, social ads, a newsletter, local directories and direct visits.
 * `share` is the share of widget views; `converts` how much more (or less) than the average a
 * view from there ends in a call: paid search for an emergency converts, social ads browse.
 */
const DEMO_SOURCES: { source: string; medium: string; campaign: string; share: number; converts: number; landing: string }[] = [
  { source: '(direct)', medium: '(none)', campaign: '', share: 26, converts: 1.15, landing: '/' },
  { source: 'google', medium: 'organic', campaign: '', share: 18, converts: 0.95, landing: '/blog/frozen-pipes' },
  { source: 'google', medium: 'cpc', campaign: 'emergency_plumber', share: 12, converts: 1.7, landing: '/emergency?utm_campaign=emergency_plumber' },
  { source: 'google', medium: 'cpc', campaign: 'water_heaters', share: 8, converts: 1.1, landing: '/water-heaters?utm_campaign=water_heaters' },
  { source: 'google', medium: 'cpc', campaign: 'brand', share: 5, converts: 1.4, landing: '/?utm_campaign=brand' },
  { source: 'facebook', medium: 'paid', campaign: 'spring_promo', share: 9, converts: 0.55, landing: '/offers/spring?utm_campaign=spring_promo' },
  { source: 'facebook', medium: 'paid', campaign: 'retargeting', share: 4, converts: 0.9, landing: '/pricing?utm_campaign=retargeting' },
  { source: 'newsletter', medium: 'email', campaign: 'monthly_tips', share: 5, converts: 1.25, landing: '/tips?utm_campaign=monthly_tips' },
  { source: 'bing', medium: 'cpc', campaign: 'brand', share: 3, converts: 1.0, landing: '/?utm_campaign=brand' },
  { source: 'yelp.com', medium: 'referral', campaign: '', share: 4, converts: 1.5, landing: '/reviews' },
  { source: 'nextdoor.com', medium: 'referral', campaign: '', share: 3, converts: 1.2, landing: '/' },
  { source: 'angi.com', medium: 'referral', campaign: '', share: 2, converts: 1.1, landing: '/services' },
  { source: 'news.example.org', medium: 'referral', campaign: '', share: 1, converts: 0.5, landing: '/blog/frozen-pipes' },
];

const TOTAL_SHARE = DEMO_SOURCES.reduce((sum, source) => sum + source.share, 0);

/** A call request's source, for its call or callback. */
export interface DemoSourceOfCall {
  trafficSourceId: number;
  landingPage: string;
}

/**
 * The account's sources, the widget views of each day split over them (daily_source_usage and
 * monthly_source_usage: the calls are counted there by the trigger on calls as they are inserted), and a source for each
 * call request, drawn by views × how well the source converts.
 */
export async function insertDemoSources(db: Database, userId: number, random: SeededRandom, days: DayOfTraffic[], requests: CallRequest[]): Promise<Map<CallRequest, DemoSourceOfCall>> {
  const rows = await db
    .insert(trafficSources)
    .values(DEMO_SOURCES.map(({ source, medium, campaign }) => ({ userId, source, medium, campaign })))
    .returning({ id: trafficSources.id });
  const ids = rows.map((row) => row.id);
  const daily = days.flatMap((day) =>
    day.widgets.flatMap(({ widget, views }) => {
      // Each source's share, rounded; what rounding leaves goes to direct visits.
      const split = DEMO_SOURCES.map((source) => Math.floor((views * source.share) / TOTAL_SHARE));
      split[0]! += views - split.reduce((sum, count) => sum + count, 0);
      return split.flatMap((widgetViews, index) =>
        widgetViews > 0 ? [{ userId, day: day.day, websiteId: day.websiteId, widgetTypeId: widget.typeId, trafficSourceId: ids[index]!, widgetViews }] : [],
      );
    }),
  );
  await insertInBatches(db, dailySourceUsage, daily);
  const monthly = new Map<string, typeof monthlySourceUsage.$inferInsert>();
  for (const row of daily) {
    const month = `${row.day.slice(0, 8)}01`;
    const key = `${month}:${row.websiteId}:${row.widgetTypeId}:${row.trafficSourceId}`;
    const sum = monthly.get(key) ?? { userId, month, websiteId: row.websiteId, widgetTypeId: row.widgetTypeId, trafficSourceId: row.trafficSourceId, widgetViews: 0 };
    sum.widgetViews! += row.widgetViews;
    monthly.set(key, sum);
  }
  await insertInBatches(db, monthlySourceUsage, [...monthly.values()]);
  const weights = DEMO_SOURCES.map((source, index) => [index, source.share * source.converts] as const);
  return new Map(
    requests.map((request) => {
      const index = random.weighted(weights);
      return [request, { trafficSourceId: ids[index]!, landingPage: DEMO_SOURCES[index]!.landing }];
    }),
  );
}
