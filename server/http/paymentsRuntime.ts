import type { FastifyInstance } from 'fastify';
import { LocalCardProcessor } from '../adapters/payments/localCardProcessor.ts';
import type { Payments } from '../adapters/payments/payments.ts';
import type { Database } from '../db/client.ts';
import { registerReceipts } from './receipts.ts';

/**
 * What payments need beyond the contract's routes: the local card processor's receipt pages.
 * (The payments worker starts with the other background workers, workers/backgroundWorkers.ts.)
 */
export function installPaymentsRuntime(app: FastifyInstance, db: Database, payments: Payments): void {
  if (payments instanceof LocalCardProcessor) registerReceipts(app, db, payments);
}
