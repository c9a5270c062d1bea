import type { FastifyRequest } from 'fastify';
import { readCreditsRecord } from '../domain/credits/creditsRecord.ts';
import { readSpentCredits } from '../domain/credits/spentCredits.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

/** Tag credits: the balance the credit banner reads every 10 s (spec §4, §9) and this month's spending. */
export function creditHandlers({ db }: HandlerContext): OperationHandlers {
  return {
    async getCredits(request: FastifyRequest) {
      return readCreditsRecord(db, caller(request).userId);
    },

    async getSpentCredits(request: FastifyRequest) {
      return readSpentCredits(db, caller(request).userId);
    },
  };
}
