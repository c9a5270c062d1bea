import type { FastifyInstance } from 'fastify';
import type { Ga4 } from '../adapters/analytics/ga4.ts';
import type { Mail } from '../adapters/mail/mail.ts';
import type { Payments } from '../adapters/payments/payments.ts';
import type { Texts } from '../adapters/texts/texts.ts';
import type { Database } from '../db/client.ts';
import type { CallRequestDeps } from '../domain/callEngine/callRequestDeps.ts';
import type { WebhookTargetPolicy } from '../domain/webhooks/webhookEndpoints.ts';
import { ChangesJanitor } from './changesJanitor.ts';
import { CreditForecastWorker } from './creditForecastWorker.ts';
import { Ga4Worker } from './ga4Worker.ts';
import { NotificationsWorker } from './notificationsWorker.ts';
import { PaymentsWorker } from './paymentsWorker.ts';
import { RecordingsJanitor } from './recordingsJanitor.ts';
import { ScheduledCallsWorker } from './scheduledCallsWorker.ts';
import { WebhooksWorker } from './webhooksWorker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Auto-recharge purchases and payment polling in the background (paymentsWorker.ts). */
    paymentsWorker: PaymentsWorker;
    /** Scheduled callbacks placed at their time, and Call now calls of a dead instance finished (scheduledCallsWorker.ts). */
    scheduledCallsWorker: ScheduledCallsWorker;
    /** Old rows of the changes tables deleted (changesJanitor.ts). */
    changesJanitor: ChangesJanitor;
    /** The clients' notifications of their calls sent by e-mail and text message (notificationsWorker.ts). */
    notificationsWorker: NotificationsWorker;
    /** Call recordings past their account's retention deleted (recordingsJanitor.ts). */
    recordingsJanitor: RecordingsJanitor;
    /** The clients' webhook events delivered to their endpoints (webhooksWorker.ts). */
    webhooksWorker: WebhooksWorker;
    /** The clients' call outcomes sent to their GA4 properties (ga4Worker.ts). */
    ga4Worker: Ga4Worker;
    /** The owners e-mailed once when their credits run out within 3 days (creditForecastWorker.ts). */
    creditForecastWorker: CreditForecastWorker;
  }
}

/** The work every server instance runs in the background; claims keep instances apart (ARCHITECTURE.md rule 3). */
export type BackgroundWorkerName = 'payments' | 'scheduledCalls' | 'changesJanitor' | 'notifications' | 'recordingsJanitor' | 'webhooks' | 'ga4' | 'creditForecast';

export interface BackgroundWorkerOptions {
  /**
   * Which workers start when the app is ready (default: all). A worker left stopped is still
   * decorated on the app, for tests that drive it themselves (start, runOnce, settle).
   */
  start?: Partial<Record<BackgroundWorkerName, boolean>>;
  /** How often the scheduled-calls worker looks for due callbacks; defaults to SCHEDULED_CALLS_POLL_INTERVAL. */
  scheduledCallsPollIntervalMs?: number;
}

/** A worker as the app drives it: start is safe to call again while started; stop waits for work in flight. */
interface BackgroundWorker {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Registers the background workers with the app's lifecycle, one way for all of them: each is
 * decorated on the instance, started when the app is ready (`listen` or `ready`) and stopped
 * when it closes. The scheduled-calls worker places calls with the app's own call machinery.
 */
export function registerBackgroundWorkers(
  app: FastifyInstance,
  context: {
    db: Database;
    payments: Payments;
    mail: Mail;
    texts: Texts;
    publicUrl: string;
    callRequests: CallRequestDeps;
    scheduledPollSeconds: number;
    /** Where webhooks may be delivered (webhookTargetPolicy). */
    webhookTargets: WebhookTargetPolicy;
    /** Where call outcomes go for the clients' GA4 properties (the adapter). */
    ga4: Ga4;
  },
  options: BackgroundWorkerOptions = {},
): void {
  const { db, payments, mail, texts, publicUrl, callRequests, scheduledPollSeconds, webhookTargets, ga4 } = context;
  const paymentsWorker = new PaymentsWorker({ db, payments, mail, publicUrl, log: app.log });
  const scheduledCallsWorker = new ScheduledCallsWorker({
    db,
    deps: callRequests,
    pollIntervalMs: options.scheduledCallsPollIntervalMs ?? scheduledPollSeconds * 1000,
  });
  const changesJanitor = new ChangesJanitor({ db, log: app.log });
  const notificationsWorker = new NotificationsWorker({ db, mail, texts, publicUrl, log: app.log });
  const recordingsJanitor = new RecordingsJanitor({ db, telephony: callRequests.telephony, log: app.log });
  app.decorate('paymentsWorker', paymentsWorker);
  app.decorate('scheduledCallsWorker', scheduledCallsWorker);
  app.decorate('changesJanitor', changesJanitor);
  app.decorate('notificationsWorker', notificationsWorker);
  const webhooksWorker = new WebhooksWorker({ db, mail, publicUrl, allowLoopback: webhookTargets.allowLoopback, log: app.log });
  app.decorate('recordingsJanitor', recordingsJanitor);
  app.decorate('webhooksWorker', webhooksWorker);
  const ga4Worker = new Ga4Worker({ db, ga4, log: app.log });
  app.decorate('ga4Worker', ga4Worker);
  const creditForecastWorker = new CreditForecastWorker({ db, mail, publicUrl, log: app.log });
  app.decorate('creditForecastWorker', creditForecastWorker);
  const workers: [BackgroundWorkerName, BackgroundWorker][] = [
    ['payments', paymentsWorker],
    ['scheduledCalls', scheduledCallsWorker],
    ['changesJanitor', changesJanitor],
    ['notifications', notificationsWorker],
    ['recordingsJanitor', recordingsJanitor],
    ['webhooks', webhooksWorker],
    ['ga4', ga4Worker],
    ['creditForecast', creditForecastWorker],
  ];
  for (const [name, worker] of workers) {
    if (options.start?.[name] !== false) app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }
}
