import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { widgetTypes } from './reference.ts';
import { websites, widgets } from './toolbox.ts';

export const analyticsEventKinds = ['page_visit', 'widget_view', 'widget_click'] as const;

/** Raw events the widget script posts (ARCHITECTURE.md, The widget). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    widgetId: integer().references(() => widgets.id, { onDelete: 'set null' }),
    widgetTypeId: integer().references(() => widgetTypes.id),
    kind: text({ enum: analyticsEventKinds }).notNull(),
    url: text(),
    visitorId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_user_id_created_at_idx').on(t.userId, t.createdAt),
    check('analytics_events_kind_check', sql`${t.kind} in ('page_visit', 'widget_view', 'widget_click')`),
  ],
);

/** Page visits per website and UTC day (spec §3 Analytics day entry: usage.pageViews). */
export const dailyUsage = pgTable(
  'daily_usage',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    pageViews: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day] }), index('daily_usage_user_id_day_idx').on(t.userId, t.day)],
);

/**
 * Widget counters per website, widget type and UTC day (spec §3 Analytics day entry:
 * usage.widgets with widgetViews, clicks, and calls and scheduled calls by outcome).
 */
export const dailyWidgetUsage = pgTable(
  'daily_widget_usage',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    widgetTypeId: integer()
      .notNull()
      .references(() => widgetTypes.id),
    day: date({ mode: 'string' }).notNull(),
    widgetViews: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
    callsSuccessful: integer().notNull().default(0),
    callsMissed: integer().notNull().default(0),
    callsBusy: integer().notNull().default(0),
    callsNoAnswer: integer().notNull().default(0),
    scheduledSuccessful: integer().notNull().default(0),
    scheduledMissed: integer().notNull().default(0),
    scheduledBusy: integer().notNull().default(0),
    scheduledNoAnswer: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.widgetTypeId, t.day] }),
    index('daily_widget_usage_user_id_day_idx').on(t.userId, t.day),
  ],
);

/**
 * Where an account's visitors came from (issue 20): the first-touch source the widget script
 * reports (UTM source, medium and campaign; else the referrer's domain; else '(direct)'), one row
 * per distinct triple of an account, made by traffic_source_id() (migration 0022), which
 * normalises nothing (server/domain/analytics/trafficSources.ts does, before) but caps the rows:
 * the widget API is public, so past MAX_TRAFFIC_SOURCES an account's new sources fold into
 * '(other)' and random posts cannot grow its Calls by source card or this table without bound.
 * No medium or campaign is '' here (a unique key treats nulls as distinct); the API says null.
 */
export const trafficSources = pgTable(
  'traffic_sources',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text().notNull(),
    medium: text().notNull().default(''),
    campaign: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('traffic_sources_user_id_source_key').on(t.userId, t.source, t.medium, t.campaign)],
);

/**
 * Widget views, calls and scheduled calls per UTC day, website, widget type and traffic source
 * (issue 20, the Calls by source card): views counted with the widget script's events
 * (widgetEvents.ts), calls by a trigger on calls (migration 0022), as daily_widget_usage's. The
 * card reads days × websites × types × sources rows, however many calls the range had.
 * trafficSourceId 0 is "not set": the request told no source (a widget script from before
 * issue 20, cached on a page), and legacy calls; a primary key cannot hold null.
 */
export const dailySourceUsage = pgTable(
  'daily_source_usage',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    widgetTypeId: integer()
      .notNull()
      .references(() => widgetTypes.id),
    trafficSourceId: integer().notNull(),
    widgetViews: integer().notNull().default(0),
    calls: integer().notNull().default(0),
    scheduledCalls: integer().notNull().default(0),
  },
  // The card's query reads one account's days in key order (user, day), the filters next.
  (t) => [primaryKey({ columns: [t.userId, t.day, t.websiteId, t.widgetTypeId, t.trafficSourceId] })],
);

/**
 * daily_source_usage summed per calendar month (`month`: its first day), kept beside it by the
 * same writers (widgetEvents.ts, the trigger of migration 0022): the card reads a range's whole
 * months here and only its partial months' days there, so a year is about 12 + 30 days of rows
 * per website, type and source instead of 365 (issue 20: the card within 50 ms on a million calls).
 */
export const monthlySourceUsage = pgTable(
  'monthly_source_usage',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    widgetTypeId: integer()
      .notNull()
      .references(() => widgetTypes.id),
    trafficSourceId: integer().notNull(),
    widgetViews: integer().notNull().default(0),
    calls: integer().notNull().default(0),
    scheduledCalls: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.websiteId, t.widgetTypeId, t.trafficSourceId] })],
);
