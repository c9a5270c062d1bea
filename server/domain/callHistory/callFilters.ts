import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { calls, type callStatuses, type callTypes } from '../../db/schema/calls.ts';
import { widgetTypes } from '../../db/schema/reference.ts';
import { agents, websites } from '../../db/schema/toolbox.ts';
import { invalidInput, notFoundRow } from '../domainError.ts';

export type CallStatus = (typeof callStatuses)[number];
export type CallType = (typeof callTypes)[number];

/** The Calls History filters (spec §2, §7 GET /client/calls and /csv). Omitted means all. */
export interface CallFilters {
  widgetTypeId?: number;
  websiteId?: number;
  /** Inclusive bounds on createdAt. */
  dateFrom?: Date;
  dateTo?: Date;
  status?: CallStatus;
  type?: CallType;
}

/**
 * The WHERE clause of the caller's calls matching `filters`. Every column it reads is in
 * calls_user_timeline_idx, so counting matches never touches the table.
 */
export function callConditions(userId: number, filters: CallFilters): SQL {
  return and(
    eq(calls.userId, userId),
    filters.dateFrom && gte(calls.createdAt, filters.dateFrom),
    filters.dateTo && lte(calls.createdAt, filters.dateTo),
    filters.websiteId !== undefined ? eq(calls.websiteId, filters.websiteId) : undefined,
    filters.widgetTypeId !== undefined ? eq(calls.widgetTypeId, filters.widgetTypeId) : undefined,
    filters.status && eq(calls.status, filters.status),
    filters.type && eq(calls.type, filters.type),
  )!;
}

/** spec §5 Filters: "Date from cannot be later than Date to" — the screen never asks, the API refuses. */
export function checkDateOrder(dateFrom: Date | undefined, dateTo: Date | undefined): void {
  if (dateFrom && dateTo && dateFrom > dateTo) throw invalidInput('Date from cannot be bigger than date to.');
}

/**
 * Ids a filter names must be the caller's own (widget types: must exist). Another account's
 * website or agent answers not_found exactly like a missing one (contract: Tenant scoping;
 * issue 3: "client B using client A's ids gets 404").
 */
export async function checkFilterIds(
  db: Database,
  userId: number,
  ids: { websiteId?: number; agentId?: number; widgetTypeId?: number },
): Promise<void> {
  if (ids.websiteId !== undefined) {
    const [own] = await db
      .select({ id: websites.id })
      .from(websites)
      .where(and(eq(websites.id, ids.websiteId), eq(websites.userId, userId)));
    if (!own) throw notFoundRow('website');
  }
  if (ids.agentId !== undefined) {
    const [own] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.id, ids.agentId), eq(agents.userId, userId)));
    if (!own) throw notFoundRow('agent');
  }
  if (ids.widgetTypeId !== undefined) {
    const [type] = await db.select({ id: widgetTypes.id }).from(widgetTypes).where(eq(widgetTypes.id, ids.widgetTypeId));
    if (!type) throw notFoundRow('widget type');
  }
}
