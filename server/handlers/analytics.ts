import type { FastifyRequest } from 'fastify';
import { analyticsRange, dailyAnalytics } from '../domain/analytics/dailyAnalytics.ts';
import { callsBySource } from '../domain/analytics/trafficSources.ts';
import { checkFilterIds } from '../domain/callHistory/callFilters.ts';
import { answeringDomainErrors } from './domainErrors.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

interface AnalyticsQuery {
  dateFrom: string;
  dateTo: string;
  typeId?: number;
  websiteId?: number;
}

/** Tag analytics (spec §2 Analytics, §7 "GET analytics path"). */
export function analyticsHandlers({ db }: HandlerContext): OperationHandlers {
  return answeringDomainErrors({
    async getAnalytics(request: FastifyRequest) {
      const { userId } = caller(request);
      const { dateFrom, dateTo, typeId, websiteId } = request.query as AnalyticsQuery;
      const range = analyticsRange(new Date(dateFrom), new Date(dateTo));
      await checkFilterIds(db, userId, { websiteId, widgetTypeId: typeId });
      return dailyAnalytics(db, userId, range, { websiteId, typeId });
    },

    /** The Calls by source card (issue 20), with the same filters and checks. */
    async getCallsBySource(request: FastifyRequest) {
      const { userId } = caller(request);
      const { dateFrom, dateTo, typeId, websiteId } = request.query as AnalyticsQuery;
      const range = analyticsRange(new Date(dateFrom), new Date(dateTo));
      await checkFilterIds(db, userId, { websiteId, widgetTypeId: typeId });
      return callsBySource(db, userId, range, { websiteId, typeId });
    },
  });
}
