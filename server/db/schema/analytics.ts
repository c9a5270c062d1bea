import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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
