import type { FastifyReply, FastifyRequest } from 'fastify';
import { CardRefusedError, PaymentProcessorError } from '../adapters/payments/payments.ts';
import { StripePayments } from '../adapters/payments/stripePayments.ts';
import type { PaymentStatus } from '../db/schema/billing.ts';
import { type AutoRechargeSetting, deleteAutoRecharge, setAutoRecharge } from '../domain/payments/autoRecharge.ts';
import { listPaymentHistory } from '../domain/payments/paymentHistory.ts';
import { listSavedCards, removeCard, saveCard } from '../domain/payments/paymentMethods.ts';
import { startPurchase } from '../domain/payments/purchases.ts';
import { settleIntent } from '../domain/payments/settlement.ts';
import { ApiError, invalidRequest, notFound } from '../http/apiError.ts';
import { caller, type HandlerContext, type OperationHandlers } from './handlerContext.ts';

interface PaymentsQuery {
  page: number;
  perPage: number;
  dateFrom?: string;
  dateTo?: string;
  status?: PaymentStatus;
}

/** The Stripe events that settle a payment (see settlement.ts); others are acknowledged only. */
const SETTLING_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);

/** Tag payments: saved cards, pack purchases, payment history, auto-recharge and Stripe's webhook. */
export function paymentHandlers({ db, adapters }: HandlerContext): OperationHandlers {
  const processor = adapters.payments;

  const handlers: OperationHandlers = {
    async listPaymentMethods(request: FastifyRequest) {
      return { data: await listSavedCards(db, caller(request).userId) };
    },

    async createPaymentMethod(request: FastifyRequest, reply: FastifyReply) {
      const { paymentMethodId } = request.body as { paymentMethodId: string };
      const outcome = await saveCard(db, processor, caller(request).userId, paymentMethodId);
      if (outcome === 'unknown') throw invalidRequest('The card processor does not know this payment method.');
      return reply.code(201).send({ paymentMethodId });
    },

    async deletePaymentMethod(request: FastifyRequest, reply: FastifyReply) {
      const { paymentMethodId } = request.query as { paymentMethodId: string };
      if (!(await removeCard(db, processor, caller(request).userId, paymentMethodId))) throw notFound('The requested payment method is not found.');
      return reply.code(204).send();
    },

    async createPayment(request: FastifyRequest, reply: FastifyReply) {
      const { packId, idempotencyKey } = request.body as { packId: number; idempotencyKey?: string };
      const outcome = await startPurchase(db, processor, { userId: caller(request).userId, packId, idempotencyKey });
      if (outcome.ok) return reply.code(201).send(outcome.intent);
      if (outcome.problem === 'unknown_pack') throw invalidRequest('Field packId is not one of the credit packs on sale.');
      throw new ApiError(409, 'idempotency_key_reused', 'This idempotency key was already used to buy a different credit pack.');
    },

    async listPayments(request: FastifyRequest) {
      const query = request.query as PaymentsQuery;
      const dateFrom = query.dateFrom ? new Date(query.dateFrom) : undefined;
      const dateTo = query.dateTo ? new Date(query.dateTo) : undefined;
      // spec §5 Filters: "Date from cannot be later than Date to".
      if (dateFrom && dateTo && dateFrom > dateTo) throw invalidRequest('Date from cannot be later than Date to.');
      return listPaymentHistory(db, caller(request).userId, { ...query, dateFrom, dateTo });
    },

    async setAutoRecharge(request: FastifyRequest) {
      const outcome = await setAutoRecharge(db, caller(request).userId, request.body as AutoRechargeSetting);
      if (outcome.ok) return outcome.setting;
      throw invalidRequest(
        outcome.problem === 'unknown_pack'
          ? 'Field packId is not one of the credit packs on sale.'
          : "Field paymentMethodId is not one of the caller's saved cards.",
      );
    },

    async deleteAutoRecharge(request: FastifyRequest, reply: FastifyReply) {
      await deleteAutoRecharge(db, caller(request).userId);
      return reply.code(204).send();
    },

    async handleStripeWebhook(request: FastifyRequest) {
      if (!(processor instanceof StripePayments) || !processor.webhookSecret) {
        throw new ApiError(501, 'not_implemented', 'The Stripe webhook is not enabled: the payments adapter is not Stripe with STRIPE_WEBHOOK_SECRET.');
      }
      const event = processor.verifyWebhook(request.rawBody ?? '', String(request.headers['stripe-signature']));
      if (!event) throw invalidRequest('The Stripe-Signature header does not verify this body.');
      if (SETTLING_EVENTS.has(event.type)) {
        const intentId = (event.data.object as { id: string }).id;
        // The intent as it is now, with its receipt; events may arrive late or out of order.
        const outcome = await settleIntent(db, await processor.retrievePaymentIntent(intentId));
        request.log.info({ eventId: event.id, type: event.type, intentId, outcome }, 'stripe webhook');
      }
      return { received: true };
    },
  };
  return answeringProcessorErrors(handlers);
}

/**
 * A card the processor refuses answers 402 with its code and message, which the SPA shows as is
 * (spec §4 Submit flow); a processor that fails answers 502 (spec §8 "External service error.").
 */
export function answeringProcessorErrors(handlers: OperationHandlers): OperationHandlers {
  return Object.fromEntries(
    Object.entries(handlers).map(([operationId, handler]) => [
      operationId,
      async (request: FastifyRequest, reply: FastifyReply) => {
        try {
          return await handler(request, reply);
        } catch (error) {
          if (error instanceof CardRefusedError) throw new ApiError(402, error.card.code, error.card.message);
          if (error instanceof PaymentProcessorError) {
            request.log.error({ err: error }, 'payments: card processor failed');
            throw new ApiError(502, 'payment_processor_error', 'External service error.');
          }
          throw error;
        }
      },
    ]),
  );
}
