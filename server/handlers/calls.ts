import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatInTimeZone } from 'date-fns-tz';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/accounts.ts';
import { type CallFilters, type CallStatus, type CallType, checkDateOrder, checkFilterIds } from '../domain/callHistory/callFilters.ts';
import { listCalls } from '../domain/callHistory/callList.ts';
import { CallPageCache } from '../domain/callHistory/callPageCache.ts';
import { callsCsvStream } from '../domain/callHistory/callsCsv.ts';
import { findCallRecording } from '../domain/callHistory/callRecording.ts';
import { listScheduledCalls, type ScheduledCallStatus } from '../domain/callHistory/scheduledCallList.ts';
import { invalidAccessToken } from '../http/apiError.ts';
import { sendEncodedJson } from '../http/encodedForms.ts';
import { answeringDomainErrors } from './domainErrors.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

interface CallsQuery {
  page: number;
  perPage: number;
  widgetTypeId?: number;
  websiteId?: number;
  dateFrom?: string;
  dateTo?: string;
  status?: CallStatus;
  type?: CallType;
}

interface ScheduledCallsQuery {
  page: number;
  perPage: number;
  agentId?: number;
  websiteId?: number;
  dateFrom?: string;
  dateTo?: string;
  status?: ScheduledCallStatus;
}

/** The contract has already checked the formats (date-time, enums, ids ≥ 1): only meaning is left. */
function dates(query: { dateFrom?: string; dateTo?: string }) {
  const dateFrom = query.dateFrom === undefined ? undefined : new Date(query.dateFrom);
  const dateTo = query.dateTo === undefined ? undefined : new Date(query.dateTo);
  checkDateOrder(dateFrom, dateTo);
  return { dateFrom, dateTo };
}

function callFilters(query: CallsQuery): CallFilters {
  const { widgetTypeId, websiteId, status, type } = query;
  return { widgetTypeId, websiteId, status, type, ...dates(query) };
}

/** Tag calls (spec §2 Calls History and Upcoming Calls, §7). */
export function callHandlers({ db, config, adapters }: HandlerContext): OperationHandlers {
  const pages = new CallPageCache();
  return answeringDomainErrors({
    async listCalls(request: FastifyRequest, reply: FastifyReply) {
      const { userId } = caller(request);
      const query = request.query as CallsQuery;
      const filters = callFilters(query);
      // The route's own serializer of the contract's 200 answer, as Fastify would apply it.
      const serialize = reply.getSerializationFunction('200', 'application/json')!;
      const paging = { page: query.page, perPage: query.perPage };
      const page = await pages.body(db, userId, filters, paging, async () => {
        await checkFilterIds(db, userId, filters);
        const answer = await listCalls(db, userId, filters, paging);
        return { body: serialize(answer), rows: answer.data.length };
      });
      return sendEncodedJson(request, reply, page);
    },

    async exportCallsCsv(request: FastifyRequest, reply: FastifyReply) {
      const { userId } = caller(request);
      const filters = callFilters(request.query as CallsQuery);
      await checkFilterIds(db, userId, filters);
      const [user] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
      if (!user) throw invalidAccessToken();
      // spec §7: "downloaded as calls_history-{date}.csv, date in user's time zone, MM-dd-yyyy-HH.mm.s".
      const filename = `calls_history-${formatInTimeZone(new Date(), user.timezone, 'MM-dd-yyyy-HH.mm.s')}.csv`;
      const csv = callsCsvStream(db, userId, filters, { publicUrl: config.publicUrl, timezone: user.timezone });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },

    async getCallRecording(request: FastifyRequest, reply: FastifyReply) {
      const { id } = request.params as { id: number };
      const recording = await findCallRecording(db, caller(request).userId, id, adapters.telephony);
      return reply
        .type(recording.contentType)
        .header('content-disposition', `inline; filename="${recording.filename}"`)
        // A call's recording never changes; it is the caller's own, so only their browser keeps it.
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(recording.audio);
    },

    async listScheduledCalls(request: FastifyRequest) {
      const { userId } = caller(request);
      const query = request.query as ScheduledCallsQuery;
      const { agentId, websiteId, status } = query;
      const filters = { agentId, websiteId, status, ...dates(query) };
      await checkFilterIds(db, userId, filters);
      return listScheduledCalls(db, userId, filters, { page: query.page, perPage: query.perPage });
    },
  });
}
