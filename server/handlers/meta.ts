import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { callingRules, creditPacks, settings, twilioNumbers, widgetLayouts, widgetTypes } from '../db/schema/reference.ts';
import { readCreditsRecord } from '../domain/credits/creditsRecord.ts';
import { withCardProcessor } from '../domain/payments/cardProcessorSetting.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

/** Tag meta: the first startup fetch (spec §2 Shell, §3 Metadata). */
export function metaHandlers({ db, adapters }: HandlerContext): OperationHandlers {
  return {
    async getMeta(request: FastifyRequest) {
      const { userId } = caller(request);
      return {
        widgetTypes: await db.select().from(widgetTypes).orderBy(asc(widgetTypes.id)),
        widgetLayouts: await db.select().from(widgetLayouts).orderBy(asc(widgetLayouts.id)),
        twilioNumbers: await db.select().from(twilioNumbers).orderBy(asc(twilioNumbers.id)),
        callingRules: await db.select().from(callingRules).orderBy(asc(callingRules.id)),
        creditPacks: await db
          .select({ id: creditPacks.id, credits: creditPacks.credits, price: creditPacks.price })
          .from(creditPacks)
          .where(eq(creditPacks.isActive, true))
          .orderBy(asc(creditPacks.credits)),
        settings: withCardProcessor(await db.select().from(settings).orderBy(asc(settings.id)), adapters.payments),
        // spec §3: "credits (list; first item is the credits record)".
        credits: [await readCreditsRecord(db, userId)],
      };
    },
  };
}
