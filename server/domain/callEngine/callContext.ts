import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { TWILIO_NUMBERS } from '../../db/referenceData.ts';
import { users } from '../../db/schema/accounts.ts';
import { credits } from '../../db/schema/billing.ts';
import { twilioNumbers } from '../../db/schema/reference.ts';
import { agents, type AvailabilityDay, websites, widgetAgents, widgets } from '../../db/schema/toolbox.ts';
import { availableCreditsSql } from '../credits/reservations.ts';

/** What requesting or placing a call reads about its widget and account, in one query. */
export interface CallContext {
  widget: {
    id: number;
    name: string;
    typeId: number;
    isActive: boolean;
    settings: Record<string, unknown>;
    callingRuleId: number | null;
  };
  /** The widget's agents in its order (what placing a call rings). */
  agents: PlacementAgent[];
  /** Whether the account may show its custom caller ID (users.displayCustomNumberToCustomers). */
  showsCustomNumber: boolean;
  accountDeleted: boolean;
  timeZone: string;
  /** The number calls come from (the account's Twilio number, else the first of the pool). */
  serviceNumber: string;
  /** The balance less the credits held by calls being placed (common/rules/credits.ts). */
  available: number;
  overdraft: number;
  /** The account's own phone number and the countries it lets visitors' numbers be in (callDestinations.ts). */
  accountPhone: string;
  callCountries: string[] | null;
}

/** A widget's agent as a placement reads it. */
export interface PlacementAgent {
  id: number;
  phone: string;
  isActive: boolean;
  availability: AvailabilityDay[];
}

/** The agents of the widget the query selects (widgets.id), in the widget's order, as JSON. */
export const widgetAgentsSql = sql<PlacementAgent[]>`coalesce((
  select json_agg(json_build_object('id', ${agents.id}, 'phone', ${agents.phone}, 'isActive', ${agents.isActive}, 'availability', ${agents.availability})
    order by ${widgetAgents.position}, ${agents.id})
  from ${widgetAgents} inner join ${agents} on ${agents.id} = ${widgetAgents.agentId}
  where ${widgetAgents.widgetId} = ${widgets.id}), '[]'::json)`;

const contextFields = {
  widget: {
    id: widgets.id,
    name: widgets.name,
    typeId: widgets.typeId,
    isActive: widgets.isActive,
    settings: widgets.settings,
    callingRuleId: widgets.callingRuleId,
  },
  agents: widgetAgentsSql,
  timeZone: users.timezone,
  serviceNumber: twilioNumbers.number,
  deletedAt: users.deletedAt,
  available: availableCreditsSql,
  overdraft: credits.overdraft,
  accountPhone: users.phone,
  callCountries: users.callCountries,
  showsCustomNumber: users.displayCustomNumberToCustomers,
};

type ContextRow = {
  widget: CallContext['widget'] | null;
  agents: PlacementAgent[];
  timeZone: string;
  serviceNumber: string | null;
  deletedAt: Date | null;
  available: number | null;
  overdraft: number | null;
  accountPhone: string;
  callCountries: string[] | null;
  showsCustomNumber: boolean;
};

function contextOf(row: ContextRow & { widget: CallContext['widget'] }): CallContext {
  return {
    widget: row.widget,
    agents: row.agents,
    showsCustomNumber: row.showsCustomNumber,
    accountDeleted: row.deletedAt !== null,
    timeZone: row.timeZone,
    serviceNumber: row.serviceNumber ?? TWILIO_NUMBERS[0]!.number,
    available: row.available ?? 0,
    overdraft: row.overdraft ?? 0,
    accountPhone: row.accountPhone,
    callCountries: row.callCountries,
  };
}

/** The website a widget key names, its account, and the call context of one of its widgets (undefined when it has no such widget). */
export interface KeyedCallContext {
  websiteId: number;
  userId: number;
  accountDeleted: boolean;
  context: CallContext | undefined;
}

/**
 * What a Call now request reads, in one statement (issue 17): the website of a widget key, its
 * account, and the widget's call context (loadCallContext) when the website has that widget.
 * Null for an unknown key.
 */
export async function loadCallContextByKey(db: Database, publicKey: string, widgetId: number): Promise<KeyedCallContext | null> {
  const [row] = await db
    .select({
      ...contextFields,
      websiteId: websites.id,
      userId: websites.userId,
    })
    .from(websites)
    .innerJoin(users, eq(users.id, websites.userId))
    .leftJoin(widgets, and(eq(widgets.id, widgetId), eq(widgets.websiteId, websites.id), eq(widgets.userId, websites.userId)))
    .leftJoin(twilioNumbers, eq(twilioNumbers.id, users.twilioNumberId))
    .leftJoin(credits, eq(credits.userId, websites.userId))
    .where(eq(websites.publicKey, publicKey));
  if (!row) return null;
  const { widget } = row;
  return {
    websiteId: row.websiteId,
    userId: row.userId,
    accountDeleted: row.deletedAt !== null,
    context: widget ? contextOf({ ...row, widget }) : undefined,
  };
}

/**
 * The widget of this account (and website, when given) with its account's time zone, service
 * number, available credits and call destinations; undefined when there is no such widget. The
 * Call now and Schedule requests and the callback worker read it the same way.
 */
export async function loadCallContext(db: Database, key: { userId: number; widgetId: number; websiteId?: number | null }): Promise<CallContext | undefined> {
  const [row] = await db
    .select(contextFields)
    .from(widgets)
    .innerJoin(users, eq(users.id, widgets.userId))
    .leftJoin(twilioNumbers, eq(twilioNumbers.id, users.twilioNumberId))
    .leftJoin(credits, eq(credits.userId, widgets.userId))
    .where(
      and(eq(widgets.id, key.widgetId), eq(widgets.userId, key.userId), key.websiteId === undefined || key.websiteId === null ? undefined : eq(widgets.websiteId, key.websiteId)),
    );
  return row?.widget ? contextOf({ ...row, widget: row.widget }) : undefined;
}
