import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, instant, updatedAt } from './columns.ts';
import { callingRules, widgetTypes } from './reference.ts';

// The conversion toolbox (spec §2): websites, agents, widgets, uploaded files. Every table
// carries user_id: all /client/* queries are scoped to the caller (ARCHITECTURE.md, Auth).

/** A client's website (spec §3 Website); its public key identifies it in the embed snippet. */
export const websites = pgTable(
  'websites',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lowercased host name, e.g. example.com. */
    domain: text().notNull(),
    publicKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('websites_user_domain_key').on(t.userId, t.domain), uniqueIndex('websites_public_key_key').on(t.publicKey)],
);

/**
 * Where a website's widget script was last seen running (issue 21, installation status), from the
 * page visits it reports: on a page of the website's own domain (or a subdomain), and apart from
 * that on a page of another origin (a staging copy, another site pasting the snippet), which is
 * reported as such and never counts as installed. Written at most about once a minute per website.
 */
export const websiteInstallations = pgTable('website_installations', {
  websiteId: integer()
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Last page visit on the website's own domain: when, and the page (origin, path and query, cut). */
  seenAt: instant(),
  seenPage: text(),
  /** Last page visit from another origin: when, and that page. */
  elsewhereSeenAt: instant(),
  elsewherePage: text(),
});

/** One day of an agent's weekly availability (spec §3 Working-hours entry). */
export interface AvailabilityDay {
  day: string;
  isActive: boolean;
  times: { from: string; to: string }[];
}

/** A person who takes calls (spec §3 Agent). Placeholder agents have a null name and isRegular false. */
export const agents = pgTable(
  'agents',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text(),
    phone: text().notNull(),
    availability: jsonb().$type<AvailabilityDay[]>().notNull().default([]),
    isActive: boolean().notNull().default(true),
    isVerified: boolean().notNull().default(false),
    isRegular: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('agents_user_id_idx').on(t.userId), index('agents_user_phone_idx').on(t.userId, t.phone)],
);

/** A call widget (spec §3 Widget). Its nested settings tree is validated by the contract. */
export const widgets = pgTable(
  'widgets',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    typeId: integer()
      .notNull()
      .references(() => widgetTypes.id),
    callingRuleId: integer().references(() => callingRules.id),
    name: text().notNull(),
    isActive: boolean().notNull().default(true),
    /** settings.settings, globalSetup, callSetup, scheduleSetup (spec §3 Widget). */
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** notifications {email, phoneNumber}, each {value, isActive}. */
    notifications: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('widgets_user_id_idx').on(t.userId, t.createdAt),
    // spec §4 Widgets: at most one active widget per type and website.
    uniqueIndex('widgets_one_active_per_type_and_website')
      .on(t.websiteId, t.typeId)
      .where(sql`${t.isActive}`),
  ],
);

/** The agents a widget calls, in order (calling rule "one by one" follows `position`). */
export const widgetAgents = pgTable(
  'widget_agents',
  {
    widgetId: integer()
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    agentId: integer()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.widgetId, t.agentId] }), index('widget_agents_agent_id_idx').on(t.agentId)],
);

/** An uploaded widget picture or waiting audio (spec §3 Uploaded file). */
export const files = pgTable(
  'files',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text().notNull(),
    /** Where the storage adapter keeps the bytes. */
    storageKey: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_user_id_idx').on(t.userId), uniqueIndex('files_storage_key_key').on(t.storageKey)],
);
