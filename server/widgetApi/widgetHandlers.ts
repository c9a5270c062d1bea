import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { CallRequestDeps } from '../domain/callEngine/callRequestDeps.ts';
import {
  CallRequestError,
  type CallRequestErrorCode,
  checkVisitorNumber,
  requestInstantCall,
  requestScheduledCall,
  type CallRefusal,
  type VelocityAdmission,
  type VelocityRefusal,
} from '../domain/callEngine/callRequests.ts';
import { callAttributionOf } from '../domain/callEngine/callAttribution.ts';
import { checkNumberFormat } from '../domain/callEngine/callDestinations.ts';
import { loadCallRequestContext } from '../domain/callEngine/callContext.ts';
import { ApiError, tooManyAttempts } from '../http/apiError.ts';
import { sendEncodedJson } from '../http/encodedForms.ts';
import type { OperationHandlers } from '../handlers/handlerContext.ts';
import { isVisitorBlocked } from '../domain/blockList/blockList.ts';
import { hitRateLimit, type RateLimit, rateLimitKey, sweepRateCounters, visitorNumberKey } from '../domain/limits/rateLimits.ts';
import { addressLimitKey } from '../domain/limits/clientAddress.ts';
import type { Mail } from '../adapters/mail/mail.ts';
import { admitByVelocity } from '../domain/limits/callVelocity.ts';
import { callLimitMail, mailAccount } from '../domain/users/limitMails.ts';
import { WIDGET_RATE_LIMITS } from './rateLimits.ts';
import { findPublicWebsite, findPublicWebsiteWithDomain, type PublicWebsite } from './widgetConfig.ts';
import { isOwnHost, pageSighting, recordSighting, SightingThrottle } from '../domain/websites/installations.ts';
import type { WidgetConfigCache } from './widgetConfigCache.ts';
import { type EventBatch, recordWidgetEvents } from './widgetEvents.ts';
import type { VisitorSource } from '../domain/analytics/trafficSources.ts';

export interface WidgetApiContext {
  db: Database;
  /** The call machinery (telephony adapter, clock, placements). */
  callRequests: CallRequestDeps;
  /** Tells a client its call request limits were reached (once per trip). */
  mail: Mail;
  /** Base of the links in those e-mails. */
  publicUrl: string;
}

/** spec §1: "The widget tells visitors they will get a call within 10 seconds." */
export const CALL_ACCEPTED_MESSAGE = 'Thank you! We will call you within 10 seconds.';
export const CALLBACK_SCHEDULED_MESSAGE = 'Thank you! We will call you back at the chosen time.';
/** The visitor-facing refusal while a client's call request limits hold (the widget shows error_description). */
export const CALL_LIMIT_MESSAGE = 'This website is taking too many call requests right now. Please try again later.';

/** How the refusals of server/domain/callEngine/callRequests.ts answer (openapi/widget.yaml). */
const CALL_ERROR_ANSWERS: Record<CallRequestErrorCode, { status: number; code: string }> = {
  invalid_number: { status: 400, code: 'invalid_request' },
  widget_not_found: { status: 404, code: 'not_found' },
  widget_inactive: { status: 409, code: 'widget_inactive' },
  no_credits: { status: 422, code: 'no_credits' },
  outside_working_hours: { status: 422, code: 'outside_working_hours' },
  schedule_not_offered: { status: 422, code: 'schedule_not_offered' },
  invalid_scheduled_time: { status: 422, code: 'invalid_scheduled_time' },
  number_not_allowed: { status: 422, code: 'number_not_allowed' },
  country_not_allowed: { status: 422, code: 'country_not_allowed' },
};

const unknownKey = () => new ApiError(404, 'not_found', 'No website uses this widget key.');
const visitorBlocked = () => new ApiError(403, 'visitor_blocked', 'Calls to this number are not available.');

interface CallBody {
  key: string;
  widgetId: number;
  phone: string;
  url: string;
  visitorId?: string;
  /** The visitor's Google Analytics ids (openapi/widget.yaml GaClientId, GaSessionIds): taken leniently, kept only when well formed (callAttributionOf). */
  gaClientId?: string;
  gaSessionIds?: Record<string, string>;
  /** The visitor's first-touch source and landing page (openapi/widget.yaml TrafficSource, issue 20); old scripts send none. */
  source?: VisitorSource;
}

interface CallNowBody extends CallBody {
  /** The visitor's language (BCP 47), for the text after a missed call. */
  language?: string;
}

interface ScheduleBody extends CallBody {
  scheduledAt: string;
  customFields?: { customField1?: string; customField2?: string; customField3?: string };
}

/** An in-memory per-address limit (@fastify/rate-limit's app.createRateLimit): counts the request, says whether it is over. */
export type InMemoryLimit = ReturnType<FastifyInstance['createRateLimit']>;

/** What the configuration is served with: this instance's memory of it, and its per-address limit. */
export interface ConfigServing {
  configs: WidgetConfigCache;
  limit: InMemoryLimit;
}

/** The operations of openapi/widget.yaml, bound by operationId. */
export function widgetApiHandlers({ db, callRequests, mail, publicUrl }: WidgetApiContext, serving: ConfigServing): OperationHandlers {
  const sightings = new SightingThrottle();
  /** Per client address: an IPv6 client counts per /64 (addressLimitKey). */
  async function limitAddress(rateLimit: RateLimit, address: string): Promise<void> {
    await limit(rateLimit, addressLimitKey(address));
  }

  async function limit(rateLimit: RateLimit, key: string): Promise<void> {
    const verdict = await hitRateLimit(db, rateLimit, key, callRequests.clock.now());
    if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
  }

  /**
   * A refused velocity limit (issue 15) as the visitor hears it. The first refusal of a window
   * tells the client: the e-mail goes out after the visitor is answered (tracked, failures logged).
   */
  function velocityRefusal(userId: number, verdict: VelocityRefusal): ApiError {
    if (verdict.notifyClient) {
      callRequests.log.warn({ userId, scope: verdict.scope }, 'widget API: call request limit reached');
      const { scope, max } = verdict;
      callRequests.placements.track(
        new Promise((resolve) => setImmediate(resolve))
          .then(() => mailAccount(db, mail, userId, (to, name) => callLimitMail(to, name, scope, max, `${publicUrl}/settings`)))
          .catch((error: unknown) => callRequests.log.error({ err: error, userId }, 'widget API: the call limit e-mail could not be sent')),
      );
    }
    return new ApiError(429, 'too_many_call_requests', CALL_LIMIT_MESSAGE, { 'retry-after': String(verdict.retryAfterSeconds) });
  }

  /**
   * The client's own velocity limits, for a callback request: run by the call engine inside its
   * recording transaction, after the widget, the call rules and the duplicate check, so only
   * requests about to become a callback count.
   */
  function velocityAdmission(website: PublicWebsite, widgetId: number): VelocityAdmission {
    return async (tx) => {
      const verdict = await admitByVelocity(tx, { userId: website.userId, widgetId }, callRequests.clock.now());
      return verdict.allowed ? undefined : velocityRefusal(website.userId, verdict);
    };
  }

  /** A refusal of a Call now's guardrails (CallGuard), answered as the same checks of a callback request are. */
  function refuseCall(userId: number, refusal: CallRefusal): ApiError {
    if (refusal.kind === 'blocked') return visitorBlocked();
    if (refusal.kind === 'rate_limited') return tooManyAttempts(refusal.retryAfterSeconds);
    return velocityRefusal(userId, refusal.verdict);
  }

  /**
   * A callback request's guardrails (issue 7): the per-address limit, the number's form, the key,
   * the number in E.164 as the account calls it (issue 15, finding 2: the block list and the
   * per-number limit compare this form), then the block list and the per-number limit, counted
   * per account, after the key is known (finding 10): a made-up key counts against nobody, and
   * exhausting a number on one client's site leaves it callable on every other. A Call now
   * checks the same two in the statement that accepts it (CallGuard).
   */
  async function admitCallback(request: FastifyRequest, body: CallBody): Promise<{ website: PublicWebsite; number: string; deps: CallRequestDeps }> {
    await limitAddress(WIDGET_RATE_LIMITS.callsPerAddress, request.ip);
    answeringCallErrors(() => checkNumberFormat(body.phone));
    const website = await findPublicWebsite(db, body.key);
    if (!website || website.accountDeleted) throw unknownKey();
    const number = await answeringCallErrorsAsync(() => checkVisitorNumber(db, callRequests, website.userId, body.phone));
    if (await isVisitorBlocked(db, website.userId, { number, address: request.ip })) throw visitorBlocked();
    await limit(WIDGET_RATE_LIMITS.callsPerNumber, visitorNumberKey(website.userId, number));
    return { website, number, deps: callRequests };
  }

  /**
   * Issue 21, installation status: a batch with a page visit tells where the script runs. Most
   * batches stop at the throttle (one write a minute per website and kind, in this process); the
   * rest is one conditional upsert, after the events are stored.
   */
  async function noteInstallation(request: FastifyRequest, website: PublicWebsite & { domain: string }, batch: EventBatch): Promise<void> {
    if (!batch.events.some((event) => event.kind === 'page_visit')) return;
    const sighting = pageSighting({ origin: request.headers.origin, referer: request.headers.referer, url: batch.url });
    if (!sighting) return;
    const now = callRequests.clock.now();
    if (!sightings.admit(website.websiteId, isOwnHost(sighting.host, website.domain), now)) return;
    // The events are stored by now: a failed sighting (the database busy) costs the status one
    // page view, never the visitor's batch a 500.
    await recordSighting(db, website, sighting, now).catch((error: unknown) => request.log.warn({ err: error, websiteId: website.websiteId }, 'installation sighting not recorded'));
  }

  return {
    async getWidgetConfig(request: FastifyRequest, reply: FastifyReply) {
      const verdict = await serving.limit(request);
      if (!verdict.isAllowed && verdict.isExceeded) throw tooManyAttempts(verdict.ttlInSeconds);
      const { publicKey } = request.params as { publicKey: string };
      const config = await serving.configs.get(publicKey);
      if (!config) throw unknownKey();
      // Short: a client who runs out of credits (or buys some) sees the widgets follow within half a minute.
      reply.header('cache-control', 'public, max-age=30').header('vary', 'origin');
      // Compressed once per configuration, not once per page view.
      return sendEncodedJson(request, reply, config, config.etag);
    },

    async recordWidgetEvents(request: FastifyRequest, reply: FastifyReply) {
      await limitAddress(WIDGET_RATE_LIMITS.eventsPerAddress, request.ip);
      const { key, ...batch } = request.body as EventBatch & { key: string };
      const website = await findPublicWebsiteWithDomain(db, key);
      if (!website || website.accountDeleted) throw unknownKey();
      await recordWidgetEvents(db, website, batch);
      await noteInstallation(request, website, batch);
      return reply.code(204).send();
    },

    async requestWidgetCall(request: FastifyRequest, reply: FastifyReply) {
      const body = request.body as CallNowBody;
      const perAddress = WIDGET_RATE_LIMITS.callsPerAddress;
      // The address's count first (the limit answers before anything else, as for a callback),
      // then the website, its account and the widget's call context, in one statement (issue 17).
      const addressLimit = { ...perAddress, key: rateLimitKey(perAddress, addressLimitKey(request.ip)), at: callRequests.clock.now() };
      const admitted = await loadCallRequestContext(db, { publicKey: body.key, widgetId: body.widgetId, addressLimit }, callRequests.log);
      if (admitted.limited) throw tooManyAttempts(admitted.retryAfterSeconds);
      await sweepRateCounters(db, addressLimit.at);
      answeringCallErrors(() => checkNumberFormat(body.phone));
      const website = admitted.website;
      if (!website || website.accountDeleted) throw unknownKey();
      const answer = await answeringCallErrorsAsync(() =>
        requestInstantCall(db, callRequests, {
          userId: website.userId,
          websiteId: website.websiteId,
          widgetId: body.widgetId,
          customerNumber: body.phone,
          url: body.url,
          language: body.language,
          attribution: callAttributionOf(body),
          source: body.source ?? null,
          visitor: { address: request.ip },
          context: website.context ?? null,
          guard: { address: request.ip, numberLimit: WIDGET_RATE_LIMITS.callsPerNumber, refuse: (refusal) => refuseCall(website.userId, refusal) },
        }),
      );
      return reply.code(202).send({ duplicate: answer.duplicate, message: CALL_ACCEPTED_MESSAGE });
    },

    async requestWidgetScheduledCall(request: FastifyRequest, reply: FastifyReply) {
      const body = request.body as ScheduleBody;
      const { website, number, deps } = await admitCallback(request, body);
      const scheduledAt = new Date(body.scheduledAt);
      const answer = await answeringCallErrorsAsync(() =>
        requestScheduledCall(db, deps, {
          userId: website.userId,
          websiteId: website.websiteId,
          widgetId: body.widgetId,
          customerNumber: number,
          url: body.url,
          scheduledAt,
          customFields: body.customFields ?? {},
          attribution: callAttributionOf(body),
          source: body.source ?? null,
          admit: velocityAdmission(website, body.widgetId),
        }),
      );
      return reply.code(202).send({ duplicate: answer.duplicate, scheduledAt: scheduledAt.toISOString(), message: CALLBACK_SCHEDULED_MESSAGE });
    },
  };
}

function toApiError(error: CallRequestError): ApiError {
  const answer = CALL_ERROR_ANSWERS[error.code];
  return new ApiError(answer.status, answer.code, error.message);
}

function answeringCallErrors<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw error instanceof CallRequestError ? toApiError(error) : error;
  }
}

async function answeringCallErrorsAsync<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof CallRequestError ? toApiError(error) : error;
  }
}
