import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analyticsEvents, dailySourceUsage, dailyUsage, dailyWidgetUsage, monthlySourceUsage } from '../db/schema/analytics.ts';
import { trafficSourceId, trafficSourceKey, type VisitorSource } from '../domain/analytics/trafficSources.ts';
import { widgets } from '../db/schema/toolbox.ts';
import type { PublicWebsite } from './widgetConfig.ts';

export type WidgetEventKind = 'page_visit' | 'widget_view' | 'widget_click';

/** openapi/widget.yaml EventBatch, its website already found by key. */
export interface EventBatch {
  visitorId?: string;
  url?: string;
  events: { kind: WidgetEventKind; widgetId?: number }[];
  /** The visitor's first-touch source (issue 20); absent from widget scripts before it: not set. */
  source?: VisitorSource;
}

/**
 * Stores a batch of the widget script's events and counts them into the daily rollups the
 * Analytics screen reads (server/domain/analytics/dailyAnalytics.ts): page visits into
 * daily_usage.page_views per website, widget views and clicks into daily_widget_usage per
 * website and widget type, on the UTC day of `now`. Widget events without a widget id, or of a
 * widget that is not on this website (deleted since the page loaded), are skipped. Widget views
 * count too into daily_source_usage (and monthly_source_usage) under the visitor's source (issue 20, the Calls by source
 * card; no source told: 0, not set); a source is looked up (or made) only for a batch with views.
 * One transaction: the raw events and the counters never disagree. Answers how many were stored.
 */
export async function recordWidgetEvents(db: Database, website: PublicWebsite, batch: EventBatch, now = new Date()): Promise<number> {
  const widgetIds = [...new Set(batch.events.flatMap((event) => (event.kind !== 'page_visit' && event.widgetId ? [event.widgetId] : [])))];
  const typeOf = new Map<number, number>();
  if (widgetIds.length > 0) {
    const rows = await db
      .select({ id: widgets.id, typeId: widgets.typeId })
      .from(widgets)
      .where(and(eq(widgets.websiteId, website.websiteId), inArray(widgets.id, widgetIds)));
    for (const row of rows) typeOf.set(row.id, row.typeId);
  }
  const kept = batch.events.filter((event) => event.kind === 'page_visit' || (event.widgetId !== undefined && typeOf.has(event.widgetId)));
  if (kept.length === 0) return 0;

  const day = now.toISOString().slice(0, 10);
  const pageVisits = kept.filter((event) => event.kind === 'page_visit').length;
  const perType = new Map<number, { views: number; clicks: number }>();
  for (const event of kept) {
    if (event.kind === 'page_visit') continue;
    const typeId = typeOf.get(event.widgetId!)!;
    const counts = perType.get(typeId) ?? { views: 0, clicks: 0 };
    if (event.kind === 'widget_view') counts.views += 1;
    else counts.clicks += 1;
    perType.set(typeId, counts);
  }

  await db.transaction(async (tx) => {
    await tx.insert(analyticsEvents).values(
      kept.map((event) => ({
        userId: website.userId,
        websiteId: website.websiteId,
        widgetId: event.kind === 'page_visit' ? null : event.widgetId!,
        widgetTypeId: event.kind === 'page_visit' ? null : typeOf.get(event.widgetId!)!,
        kind: event.kind,
        url: batch.url ?? null,
        visitorId: batch.visitorId ?? null,
        createdAt: now,
      })),
    );
    // In the order a call's insert takes them (migration 0022: the source, then daily_widget_usage
    // by trigger 0004, then daily_source_usage), so a batch and a call never wait on each other in a cycle.
    const withViews = [...perType].filter(([, counts]) => counts.views > 0);
    const sourceId = withViews.length > 0 ? ((await trafficSourceId(tx, website.userId, trafficSourceKey(batch.source))) ?? 0) : 0;
    if (pageVisits > 0) {
      await tx
        .insert(dailyUsage)
        .values({ userId: website.userId, websiteId: website.websiteId, day, pageViews: pageVisits })
        .onConflictDoUpdate({
          target: [dailyUsage.websiteId, dailyUsage.day],
          set: { pageViews: sql`${dailyUsage.pageViews} + ${pageVisits}` },
        });
    }
    for (const [widgetTypeId, counts] of perType) {
      await tx
        .insert(dailyWidgetUsage)
        .values({ userId: website.userId, websiteId: website.websiteId, widgetTypeId, day, widgetViews: counts.views, clicks: counts.clicks })
        .onConflictDoUpdate({
          target: [dailyWidgetUsage.websiteId, dailyWidgetUsage.widgetTypeId, dailyWidgetUsage.day],
          set: {
            widgetViews: sql`${dailyWidgetUsage.widgetViews} + ${counts.views}`,
            clicks: sql`${dailyWidgetUsage.clicks} + ${counts.clicks}`,
          },
        });
    }
    for (const [widgetTypeId, counts] of withViews) {
      await tx
        .insert(dailySourceUsage)
        .values({ userId: website.userId, day, websiteId: website.websiteId, widgetTypeId, trafficSourceId: sourceId, widgetViews: counts.views })
        .onConflictDoUpdate({
          target: [dailySourceUsage.userId, dailySourceUsage.day, dailySourceUsage.websiteId, dailySourceUsage.widgetTypeId, dailySourceUsage.trafficSourceId],
          set: { widgetViews: sql`${dailySourceUsage.widgetViews} + ${counts.views}` },
        });
      await tx
        .insert(monthlySourceUsage)
        .values({ userId: website.userId, month: `${day.slice(0, 8)}01`, websiteId: website.websiteId, widgetTypeId, trafficSourceId: sourceId, widgetViews: counts.views })
        .onConflictDoUpdate({
          target: [monthlySourceUsage.userId, monthlySourceUsage.month, monthlySourceUsage.websiteId, monthlySourceUsage.widgetTypeId, monthlySourceUsage.trafficSourceId],
          set: { widgetViews: sql`${monthlySourceUsage.widgetViews} + ${counts.views}` },
        });
    }
  });
  return kept.length;
}
