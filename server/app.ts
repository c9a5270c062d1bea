import fastifyCompress from '@fastify/compress';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { type Adapters, describeAdapters } from './adapters/adapters.ts';
import { OutboxMail } from './adapters/mail/outboxMail.ts';
import { OutboxTexts } from './adapters/texts/outboxTexts.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AccessTokens } from './domain/auth/accessTokens.ts';
import { type CallLog, createCallRequestDeps } from './domain/callEngine/callRequestDeps.ts';
import type { TokenClock } from './domain/auth/tokenClock.ts';
import { TimingEqualizer } from './domain/auth/passwords.ts';
import { loadAccessTokenKey } from './domain/auth/signingKey.ts';
import type { HandlerContext } from './handlers/handlerContext.ts';
import { createSecurityHandlers, refuseApiKeysEarly } from './handlers/security.ts';
import { createServiceHandlers } from './handlers/serviceHandlers.ts';
import { installJsonBodyParser } from './http/bodyParsing.ts';
import { assertContractCovered, type Contract, loadContract } from './http/contract.ts';
import { loadMailboxKey, registerDevMailbox, registerDevMessages } from './http/devMailbox.ts';
import { installTokenClock } from './http/tokenClockControl.ts';
import { registerFileServing } from './http/fileServing.ts';
import { answerFrameworkError, installErrorHandler, notFoundBody } from './http/errorHandler.ts';
import { AccessLog, createLoggers } from './http/logRedaction.ts';
import { installPaymentsRuntime } from './http/paymentsRuntime.ts';
import { installRequestBodyRules, refuseAnswerOnlyMediaTypes } from './http/requestBodies.ts';
import { installRequestValidation } from './http/requestValidation.ts';
import { installInMemoryRateLimits, installSecurityHeaders, notFoundRateLimit } from './http/security.ts';
import { pageConfigOf } from './http/pageConfig.ts';
import { registerSpa, SPA_DIR, wantsSpaPage } from './http/spa.ts';
import { installMultipartUploads } from './http/uploads.ts';
import { registerTwilioCallbacks } from './http/twilioCallbacks.ts';
import { TwilioTelephony } from './adapters/telephony/twilioTelephony.ts';
import { registerWidgetApi } from './widgetApi/widgetApi.ts';
import { type BackgroundWorkerOptions, registerBackgroundWorkers } from './workers/backgroundWorkers.ts';
import { webhookTargetPolicy } from './domain/webhooks/webhookEndpoints.ts';

/** Builds the adapters once the app's logger exists (adapters log through it). */
export type AdapterFactory = (log: FastifyBaseLogger) => Adapters;

export interface AppOptions {
  config: Config;
  db: Database;
  adapters: Adapters | AdapterFactory;
  /** The call machinery's log and claim lease; default the app's log and DEFAULT_LEASE_MS (tests: quiet, short). */
  calls?: { log?: CallLog; leaseMs?: number };
  /** Which background workers start when the app is ready, and how often they poll (workers/backgroundWorkers.ts). */
  workers?: BackgroundWorkerOptions;
  /** Defaults to openapi/dashboard.yaml. */
  contract?: Contract;
  /** Defaults to dist/app; tests point it elsewhere. */
  spaDir?: string;
  /** Where the log goes; defaults to stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
  /** The clock tokens are issued and checked by; defaults to the system clock (tests move theirs). */
  tokenClock?: TokenClock;
}

/** Largest accepted JSON or form body (413 above); multipart uploads (5 MB, spec §9) are limited by their parser. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the Fastify instance (STYLE.md, Server: a function tests call and close): third-party
 * plugins first, then the contract's routes bound to handlers by operationId, then the dev
 * mailbox and the SPA. Ready to `listen` or `inject`.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, contract = loadContract(), spaDir = SPA_DIR, logStream } = options;
  const loggers = createLoggers(config.logLevel, logStream);
  const app = Fastify({
    loggerInstance: loggers.app,
    logController: new AccessLog(loggers.access),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // The SPA calls /client/agents/ with a trailing slash (spec §7). Path parameters may be as
    // long as the contract allows (e-mail codes up to 200, client secrets up to 255 characters):
    // the contract's maxLength answers 400 before the router's limit answers 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 512 },
    frameworkErrors: answerFrameworkError,
  });
  const adapters = typeof options.adapters === 'function' ? options.adapters(app.log) : options.adapters;
  for (const line of describeAdapters(adapters)) app.log.info(line);
  app.decorateRequest('auth', null);
  installJsonBodyParser(app);
  installRequestValidation(app);
  installRequestBodyRules(app, contract);
  refuseAnswerOnlyMediaTypes(app, contract);
  installErrorHandler(app);
  installSecurityHeaders(app, {
    recaptcha: Boolean(config.recaptchaSecret),
    sentryDsn: config.browserServices.sentryDsn,
    googleAnalytics: Boolean(config.browserServices.gaMeasurementId),
  });
  await installInMemoryRateLimits(app);
  // Answers over 1 kB (JSON, CSV, the widget script) compressed for clients that accept it:
  // brotli at a fast level, else gzip. The SPA's files come precompressed from the build (spa.ts)
  // and pass through as they are.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });

  // spec §7: the token endpoint takes a form body, as the original product sends.
  await app.register(fastifyFormbody);
  // spec §5 Upload: POST /user/files takes a multipart body (before the contract's routes).
  await installMultipartUploads(app);

  const tokenClock = installTokenClock(app, config.testTokenClock, options.tokenClock);
  // The one call machinery of this app: the widget's call requests, the dashboard's test calls
  // and the scheduled-calls worker.
  const callRequests = createCallRequestDeps({
    telephony: adapters.telephony,
    log: options.calls?.log ?? app.log,
    leaseMs: options.calls?.leaseMs,
    duplicateWindowSeconds: config.telephony.duplicateWindowSeconds,
  });
  const context: HandlerContext = {
    config,
    db,
    engine: config.databaseUrl ? 'postgresql' : 'pglite',
    adapters,
    accessTokens: new AccessTokens(await loadAccessTokenKey(db), config.accessTokenTtlSeconds, tokenClock),
    tokenClock,
    timing: new TimingEqualizer(config.passwordHashParams),
    callRequests,
  };
  const serviceHandlers = createServiceHandlers(context);
  const securityHandlers = createSecurityHandlers(context, contract);
  assertContractCovered(contract, serviceHandlers, securityHandlers);
  // After the hooks that set every answer's headers: an early refusal gets them too.
  refuseApiKeysEarly(app, contract);
  await app.register(openapiGlue, { specification: contract, serviceHandlers, securityHandlers, prefix: '/api' });
  // The public widget API (openapi/widget.yaml) under /widget-api, and the embed script at /widget.js.
  await registerWidgetApi(app, { db, callRequests, mail: adapters.mail, publicUrl: config.publicUrl }, { publicApiBase: config.widgetPublicUrls.api });
  // Calls still ringing in the background finish (and are written down) before the app closes.
  app.addHook('onClose', () => callRequests.placements.settle());

  if (adapters.telephony instanceof TwilioTelephony) registerTwilioCallbacks(app, adapters.telephony, config.publicUrl);
  // The local outboxes' pages, never in production (there the simulator's texts stay unread).
  const outboxKey = config.nodeEnv === 'production' ? undefined : await loadMailboxKey(config, db);
  if (outboxKey && adapters.mail instanceof OutboxMail) registerDevMailbox(app, db, outboxKey);
  if (outboxKey && adapters.texts instanceof OutboxTexts) registerDevMessages(app, db, outboxKey);
  installPaymentsRuntime(app, db, adapters.payments);
  registerBackgroundWorkers(app, { db, payments: adapters.payments, mail: adapters.mail, texts: adapters.texts, publicUrl: config.publicUrl, callRequests, scheduledPollSeconds: config.telephony.scheduledPollSeconds, webhookTargets: webhookTargetPolicy(config), ga4: adapters.ga4 }, options.workers);
  registerFileServing(app, db, adapters.storage);
  const spa = await registerSpa(app, spaDir, pageConfigOf(config));

  app.setNotFoundHandler({ preHandler: notFoundRateLimit(app) }, (request, reply) => {
    if (spa.served && wantsSpaPage(request)) return spa.sendIndex(reply);
    return reply.code(404).send(notFoundBody(request));
  });
  return app;
}
