import type { FastifyInstance } from 'fastify';
import { LocalCardProcessor } from '../adapters/payments/localCardProcessor.ts';
import type { Payments } from '../adapters/payments/payments.ts';
import type { Database } from '../db/client.ts';
import { PaymentsWorker } from '../domain/payments/paymentsWorker.ts';
import { registerReceipts } from './receipts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Auto-recharge purchases and payment polling in the background (domain/payments/paymentsWorker.ts). */
    paymentsWorker: PaymentsWorker;
  }
}

/**
 * What payments need beyond the contract's routes: the local card processor's receipt pages,
 * and the background worker, started when the app is ready and stopped when it closes.
 */
export function installPaymentsRuntime(app: FastifyInstance, db: Database, payments: Payments): void {
  if (payments instanceof LocalCardProcessor) registerReceipts(app, db, payments);
  const worker = new PaymentsWorker({ db, payments, log: app.log });
  app.decorate('paymentsWorker', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}
