import type { FastifyRequest } from 'fastify';
import { readCreditsRecord } from '../domain/credits/creditsRecord.ts';
import { readCreditForecast } from '../domain/credits/forecast.ts';
import { readSpentCredits } from '../domain/credits/spentCredits.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

/**
 * Tag credits: the balance the credit banner reads every 10 s (spec §4, §9), with its forecast
 * (issue 20: Billing and the banner show it, so it rides on this poll rather than a request of
 * its own; a range of the ledger's (user_id, created_at) index, skipped with auto-recharge), and
 * this month's spending.
 */
export function creditHandlers({ db }: HandlerContext): OperationHandlers {
  return {
    async getCredits(request: FastifyRequest) {
      const { userId } = caller(request);
      const record = await readCreditsRecord(db, userId);
      return { ...record, forecast: await readCreditForecast(db, userId, new Date()) };
    },

    async getSpentCredits(request: FastifyRequest) {
      return readSpentCredits(db, caller(request).userId);
    },
  };
}
