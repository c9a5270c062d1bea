import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CardDetails, LocalCardProcessor } from '../adapters/payments/localCardProcessor.ts';
import type { ProcessorIntent } from '../adapters/payments/payments.ts';
import { settleIntent } from '../domain/payments/settlement.ts';
import { ApiError, invalidRequest, notFound } from '../http/apiError.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

const INTENT_NOT_FOUND = 'No payment intent of yours has this client secret.';

/**
 * Tag localCardProcessor: what Stripe.js does in the browser, played by the local card processor
 * (createPaymentMethod, confirmCardPayment, the 3-D Secure challenge). A confirmation that
 * succeeds settles the payment at once, as Stripe's webhook would.
 */
export function localCardProcessorHandlers({ db, adapters }: HandlerContext): OperationHandlers {
  const local = adapters.payments instanceof LocalCardProcessor ? adapters.payments : null;

  function localProcessor(): LocalCardProcessor {
    if (!local) throw new ApiError(501, 'not_implemented', 'The local card processor is off: the payments adapter is Stripe.');
    return local;
  }

  return {
    async createLocalPaymentMethod(request: FastifyRequest, reply: FastifyReply) {
      const outcome = await localProcessor().tokenizeCard(caller(request).userId, request.body as CardDetails);
      if (!outcome.ok) throw new ApiError(402, outcome.error.code, outcome.error.message);
      return reply.code(201).send(outcome.paymentMethod);
    },

    async confirmLocalPaymentIntent(request: FastifyRequest) {
      const { clientSecret } = request.params as { clientSecret: string };
      const { paymentMethodId } = request.body as { paymentMethodId: string };
      const outcome = await localProcessor().confirmPaymentIntent(caller(request).userId, clientSecret, paymentMethodId);
      if (outcome === 'not_found') throw notFound(INTENT_NOT_FOUND);
      if (outcome === 'unknown_payment_method') throw invalidRequest('No such payment method: tokenize the card first.');
      await settleIntent(db, outcome);
      return toLocalPaymentIntent(outcome);
    },

    async authenticateLocalPaymentIntent(request: FastifyRequest) {
      const { clientSecret } = request.params as { clientSecret: string };
      const { approve } = request.body as { approve: boolean };
      const outcome = await localProcessor().authenticatePaymentIntent(caller(request).userId, clientSecret, approve);
      if (outcome === 'not_found') throw notFound(INTENT_NOT_FOUND);
      if (outcome === 'unexpected_state') {
        throw new ApiError(409, 'payment_intent_unexpected_state', 'This payment intent is not waiting for authentication.');
      }
      await settleIntent(db, outcome);
      return toLocalPaymentIntent(outcome);
    },
  };
}

/** The contract's LocalPaymentIntent: what Stripe.js reports after confirmCardPayment. */
function toLocalPaymentIntent(intent: ProcessorIntent) {
  const status = intent.status === 'succeeded' || intent.status === 'requires_action' || intent.status === 'processing'
    ? intent.status
    : 'requires_payment_method';
  return { id: intent.id, status, ...(intent.error && status === 'requires_payment_method' ? { error: intent.error } : {}) };
}
