import type { FastifyRequest } from 'fastify';
import { callDestinationsView, readCallDestinations, setCallCountries } from '../domain/callEngine/callDestinations.ts';
import { answeringDomainErrors } from './domainErrors.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

/**
 * Tag callDestinations (issue 15): the countries the caller's widgets call. No overdraft check:
 * narrowing them stops spending, so it stays open.
 */
export function callDestinationHandlers({ db }: HandlerContext): OperationHandlers {
  return answeringDomainErrors({
    async getCallDestinations(request: FastifyRequest) {
      return callDestinationsView(await readCallDestinations(db, caller(request).userId));
    },

    async setCallDestinations(request: FastifyRequest) {
      const { countries } = request.body as { countries: string[] };
      return callDestinationsView(await setCallCountries(db, caller(request).userId, countries));
    },
  });
}
