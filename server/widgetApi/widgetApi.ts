import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { jsonBodyProblem } from '../http/bodyParsing.ts';
import { invalidRequest } from '../http/apiError.ts';
import { assertContractCovered, type Contract, loadContract } from '../http/contract.ts';
import { installRequestBodyRules } from '../http/requestBodies.ts';
import { type WidgetApiContext, widgetApiHandlers } from './widgetHandlers.ts';
import { registerWidgetScript } from './widgetScript.ts';
import { addressLimitKey } from '../domain/limits/clientAddress.ts';
import { IN_MEMORY_LIMIT_ADDRESSES } from '../http/security.ts';
import { WIDGET_RATE_LIMITS } from './rateLimits.ts';
import { WidgetConfigCache, type WidgetConfigCacheOptions } from './widgetConfigCache.ts';

/** openapi/widget.yaml: the public widget API's contract. */
export const WIDGET_CONTRACT_PATH = fileURLToPath(new URL('../../openapi/widget.yaml', import.meta.url));

export const WIDGET_API_PREFIX = '/widget-api';

/** CORS preflights may be cached by browsers for a day. */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

export interface WidgetApiOptions {
  /** Defaults to openapi/widget.yaml. */
  contract?: Contract;
  /** The widget API's public base written into /widget.js (WIDGET_API_URL); unset: the script's own origin. */
  publicApiBase?: string;
  /** The configuration cache's timing (tests). */
  configCache?: WidgetConfigCacheOptions;
}

/**
 * The public widget API under /widget-api, bound to openapi/widget.yaml by operationId in its own
 * encapsulated instance (the dashboard's error handler, JSON parser and request validation are
 * inherited), and the embed script at /widget.js. CORS: any origin, no credentials — the script
 * runs on the client's websites (and may come from another host than the API) and sends no
 * cookies; preflights answer 204.
 */
export async function registerWidgetApi(app: FastifyInstance, context: WidgetApiContext, options: WidgetApiOptions = {}): Promise<void> {
  const { contract = loadContract(WIDGET_CONTRACT_PATH), publicApiBase } = options;
  // Each instance serves the configuration from memory, checked against the database every second
  // (widgetConfigCache.ts), and limits it per address in memory: it costs the instance's work, not the database's.
  const configs = new WidgetConfigCache(context.db, { log: app.log, ...options.configCache });
  app.decorate('widgetConfigs', configs);
  app.addHook('onReady', async () => configs.start());
  app.addHook('onClose', () => configs.stop());
  const { name, max, windowSeconds } = WIDGET_RATE_LIMITS.configPerAddress;
  const limit = app.createRateLimit({
    max,
    timeWindow: windowSeconds * 1000,
    keyGenerator: (request) => `${name}:${addressLimitKey(request.ip)}`,
    // Read by the store it makes (LocalStore.child), though CreateRateLimitOptions' type leaves it out.
    ...({ cache: IN_MEMORY_LIMIT_ADDRESSES } as object),
  });
  const serviceHandlers = widgetApiHandlers(context, { configs, limit });
  assertContractCovered(contract, serviceHandlers, {});
  await app.register(
    async (api) => {
      api.addHook('onRequest', async (_request, reply) => {
        reply.header('access-control-allow-origin', '*');
      });
      api.options('/*', (_request, reply) =>
        reply
          .code(204)
          .header('access-control-allow-methods', 'GET, POST, OPTIONS')
          .header('access-control-allow-headers', 'Content-Type, If-None-Match')
          .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
          .send(),
      );
      // navigator.sendBeacon posts the event batch as text/plain (no preflight): JSON inside.
      const parseJson = api.getDefaultJsonParser('error', 'error');
      api.removeContentTypeParser('text/plain');
      api.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
        parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), (error, parsed) => {
          if (error) done(invalidRequest('The request body must be JSON.'), undefined);
          else {
            const problem = jsonBodyProblem(parsed);
            if (problem) done(invalidRequest(problem), undefined);
            else done(null, parsed);
          }
        });
      });
      installRequestBodyRules(api, contract);
      await api.register(openapiGlue, { specification: contract, serviceHandlers, securityHandlers: {} });
    },
    { prefix: WIDGET_API_PREFIX },
  );
  registerWidgetScript(app, undefined, publicApiBase);
}
