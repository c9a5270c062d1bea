import { createHash } from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { readDisplayRules, type DisplayRules } from '../../common/rules/displayRules.ts';
import { widgetKindOf } from '../../common/rules/widgetKinds.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { credits } from '../db/schema/billing.ts';
import { widgetTypes } from '../db/schema/reference.ts';
import { websites, widgets } from '../db/schema/toolbox.ts';
import { toolboxChangesSql } from '../domain/widgets/toolboxChanges.ts';
import { canPayForACall } from '../domain/callEngine/callCredits.ts';
import { availableCreditsSql } from '../domain/credits/reservations.ts';

type Json = Record<string, unknown>;

/** openapi/widget.yaml PublicWidget. */
export interface PublicWidget {
  id: number;
  typeId: number;
  kind: 'exitPopup' | 'timedPopup' | 'floatingIcon';
  /** Public for the host page's analytics (issue 19); a rename is a widgets update, so the cache drops it. */
  name: string;
  settings: Json;
  globalSetup: Json;
  callSetup: Json;
  scheduleSetup: Json;
}

/** openapi/widget.yaml WidgetConfig. */
export interface WidgetConfigView {
  available: boolean;
  timeZone: string;
  widgets: PublicWidget[];
}

/** The website a public key names, with its account. */
export interface PublicWebsite {
  websiteId: number;
  userId: number;
  timeZone: string;
  balance: number;
  overdraft: number;
  accountDeleted: boolean;
}

const publicWebsiteFields = {
  websiteId: websites.id,
  userId: websites.userId,
  timeZone: users.timezone,
  deletedAt: users.deletedAt,
  // What calls being placed hold is not there to spend (common/rules/credits.ts availableCredits).
  balance: availableCreditsSql,
  overdraft: credits.overdraft,
};

function selectPublicWebsite<Extra extends Record<string, SQL.Aliased | SQL>>(db: Database, publicKey: string, extra: Extra) {
  return db
    .select({ ...publicWebsiteFields, ...extra })
    .from(websites)
    .innerJoin(users, eq(users.id, websites.userId))
    .leftJoin(credits, eq(credits.userId, websites.userId))
    .where(eq(websites.publicKey, publicKey));
}

function publicWebsite(row: { websiteId: number; userId: number; timeZone: string; deletedAt: Date | null; balance: number | null; overdraft: number | null }): PublicWebsite {
  return {
    websiteId: row.websiteId,
    userId: row.userId,
    timeZone: row.timeZone,
    balance: row.balance ?? 0,
    overdraft: row.overdraft ?? 0,
    accountDeleted: row.deletedAt !== null,
  };
}

export async function findPublicWebsite(db: Database, publicKey: string): Promise<PublicWebsite | null> {
  const [row] = await selectPublicWebsite(db, publicKey, {});
  return row ? publicWebsite(row) : null;
}

/** The website a public key names with its domain, which the installation status checks pages against (issue 21). */
export async function findPublicWebsiteWithDomain(db: Database, publicKey: string): Promise<(PublicWebsite & { domain: string }) | null> {
  const [row] = await selectPublicWebsite(db, publicKey, { domain: sql<string>`${websites.domain}` });
  return row ? { ...publicWebsite(row), domain: row.domain } : null;
}

/** Whether a website's widgets show: the account is open and can pay for a call. */
export function takesCalls(account: { accountDeleted: boolean; balance: number; overdraft: number }): boolean {
  return !account.accountDeleted && canPayForACall(account.balance, account.overdraft);
}

/** A website's configuration with what a cache needs to know when it goes out of date. */
export interface LoadedWidgetConfig {
  view: WidgetConfigView;
  userId: number;
  /** The account's toolbox_changes as the configuration was read (toolboxChangesSql). */
  changes: string;
}

/**
 * What the embed script shows on a website: its active widgets (oldest first) with their names
 * (the host page's analytics report them, issue 19) and the settings the widget behaves by, or
 * nothing when the account cannot take calls. Agent numbers, tries,
 * caller id, waiting audio and notifications never leave the server. Null for an unknown key.
 * The account's changes are read in the same statement as the website and the account, before
 * the widgets: a change that lands in between makes the answer newer than its `changes`, never
 * older, so a cache holding it reads it again at its next check.
 */
export async function loadWidgetConfig(db: Database, publicKey: string): Promise<LoadedWidgetConfig | null> {
  const [row] = await selectPublicWebsite(db, publicKey, { changes: toolboxChangesSql(websites.userId) });
  if (!row) return null;
  const website = publicWebsite(row);
  const loaded = (view: WidgetConfigView) => ({ view, userId: website.userId, changes: row.changes });
  if (!takesCalls(website)) return loaded({ available: false, timeZone: website.timeZone, widgets: [] });
  const rows = await db
    .select({ id: widgets.id, typeId: widgets.typeId, typeName: widgetTypes.name, name: widgets.name, settings: widgets.settings })
    .from(widgets)
    .innerJoin(widgetTypes, eq(widgetTypes.id, widgets.typeId))
    .where(and(eq(widgets.websiteId, website.websiteId), eq(widgets.isActive, true)))
    .orderBy(asc(widgets.createdAt), asc(widgets.id));
  return loaded({ available: true, timeZone: website.timeZone, widgets: rows.map(publicWidget) });
}

function publicWidget(row: { id: number; typeId: number; typeName: string; name: string; settings: Json }): PublicWidget {
  const stored = row.settings as { settings?: Json; globalSetup?: Json; callSetup?: Json; scheduleSetup?: Json };
  const general = stored.settings ?? {};
  return {
    id: row.id,
    typeId: row.typeId,
    kind: widgetKindOf(row.typeName),
    name: row.name,
    settings: {
      showsAfter: general.showsAfter ?? null,
      repeatAfter: general.repeatAfter ?? null,
      displaysPerVisit: general.displaysPerVisit ?? null,
      activeHours: general.activeHours ?? [],
      duringWorkingHoursOnly: general.duringWorkingHoursOnly ?? false,
      useSchedule: general.useSchedule ?? false,
      showScheduleForm: general.showScheduleForm ?? { duringWorkingHours: true, outsideWorkingHours: true },
      redirections: general.redirections ?? { callNow: { isActive: false, value: '' }, scheduleCall: { isActive: false, value: '' } },
      deviceDisplay: general.deviceDisplay ?? { onDesktop: true, onMobile: true },
      // issue 20: whole, so the script needs no defaults of its own; missing reads as today's behaviour.
      displayRules: readDisplayRules(general.displayRules as Partial<DisplayRules> | undefined),
    },
    globalSetup: stored.globalSetup ?? {},
    callSetup: stored.callSetup ?? {},
    scheduleSetup: stored.scheduleSetup ?? {},
  };
}

/** A strong ETag of a JSON body. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
