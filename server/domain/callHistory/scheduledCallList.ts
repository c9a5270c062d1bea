import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { scheduledCalls, type scheduledCallStatuses } from '../../db/schema/calls.ts';
import { websites, widgets } from '../../db/schema/toolbox.ts';
import type { Paging } from './callList.ts';
import { toCustomFields } from './callView.ts';

type StoredStatus = (typeof scheduledCallStatuses)[number];

/** The contract's ScheduledCallStatus: the Upcoming Calls screen's words for the scheduler's states. */
export type ScheduledCallStatus = 'pending' | 'calling' | 'done' | 'canceled';

/**
 * The scheduler keeps finer states than the contract shows: a callback it placed is `done`
 * whether the call connected or not (the call itself, in Calls History, has the outcome).
 */
const STORED_STATUSES: Record<ScheduledCallStatus, StoredStatus[]> = {
  pending: ['pending'],
  calling: ['in-progress'],
  done: ['completed', 'failed'],
  canceled: ['canceled'],
};

function toContractStatus(status: StoredStatus): ScheduledCallStatus {
  return (Object.keys(STORED_STATUSES) as ScheduledCallStatus[]).find((key) => STORED_STATUSES[key].includes(status))!;
}

/** The Upcoming Calls filters (spec §2, §7 GET /client/scheduled-calls). Omitted means all. */
export interface ScheduledCallFilters {
  agentId?: number;
  websiteId?: number;
  /** Inclusive bounds on scheduledAt. */
  dateFrom?: Date;
  dateTo?: Date;
  status?: ScheduledCallStatus;
}

/** The website a callback was requested on; the widget's when the row has none. */
const websiteOfCall = sql<number>`coalesce(${scheduledCalls.websiteId}, ${widgets.websiteId})`;

/**
 * One page of the caller's scheduled callbacks, soonest first, and how many match. Inner join
 * on the widget: a callback whose widget is deleted can no longer be placed, so it is not listed.
 */
export async function listScheduledCalls(db: Database, userId: number, filters: ScheduledCallFilters, paging: Paging) {
  const where: SQL = and(
    eq(scheduledCalls.userId, userId),
    filters.dateFrom && gte(scheduledCalls.scheduledAt, filters.dateFrom),
    filters.dateTo && lte(scheduledCalls.scheduledAt, filters.dateTo),
    filters.agentId !== undefined ? eq(scheduledCalls.agentId, filters.agentId) : undefined,
    filters.websiteId !== undefined ? eq(websiteOfCall, filters.websiteId) : undefined,
    filters.status && inArray(scheduledCalls.status, STORED_STATUSES[filters.status]),
  )!;
  const rows = await db
    .select({ scheduled: scheduledCalls, widgetName: widgets.name, widgetTypeId: widgets.typeId, domain: websites.domain })
    .from(scheduledCalls)
    .innerJoin(widgets, eq(widgets.id, scheduledCalls.widgetId))
    .leftJoin(websites, eq(websites.id, websiteOfCall))
    .where(where)
    .orderBy(asc(scheduledCalls.scheduledAt), asc(scheduledCalls.id))
    .limit(paging.perPage)
    .offset((paging.page - 1) * paging.perPage);
  const [total] = await db
    .select({ count: count() })
    .from(scheduledCalls)
    .innerJoin(widgets, eq(widgets.id, scheduledCalls.widgetId))
    .where(where);
  return { data: rows.map(toScheduledCallView), count: total?.count ?? 0 };
}

/** The contract's ScheduledCall from a row, its widget and its website. */
function toScheduledCallView({ scheduled, widgetName, widgetTypeId, domain }: { scheduled: typeof scheduledCalls.$inferSelect; widgetName: string; widgetTypeId: number; domain: string | null }) {
  return {
    id: scheduled.id,
    widgetId: scheduled.widgetId!,
    widgetName,
    widgetTypeId,
    agentId: scheduled.agentId,
    customerNumber: scheduled.customerNumber,
    scheduledAt: scheduled.scheduledAt.toISOString(),
    status: toContractStatus(scheduled.status),
    Website: { domain: domain ?? '' },
    customFields: toCustomFields(scheduled.customFields),
  };
}

/** One of the caller's scheduled callbacks as the contract's ScheduledCall (the webhooks' `data`), or null (its widget deleted, as the list). */
export async function findScheduledCallView(db: Database, userId: number, id: number) {
  const [row] = await db
    .select({ scheduled: scheduledCalls, widgetName: widgets.name, widgetTypeId: widgets.typeId, domain: websites.domain })
    .from(scheduledCalls)
    .innerJoin(widgets, eq(widgets.id, scheduledCalls.widgetId))
    .leftJoin(websites, eq(websites.id, websiteOfCall))
    .where(and(eq(scheduledCalls.userId, userId), eq(scheduledCalls.id, id)));
  return row ? toScheduledCallView(row) : null;
}
