import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { ApiError } from './apiError.ts';
import { wantsSpaPage } from './spa.ts';
import { EARLY_FETCH_SCRIPT } from '../../common/contract/earlyFetch.ts';
import { PRERENDER_GUARD_SCRIPT } from '../../common/contract/prerenderedPages.ts';

/** The CSP source allowing one inline script, by the hash of its text. */
const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
/** The build's two inline scripts: the rendered pages' guard and every page's early requests; nothing else inline. */
const INLINE_SCRIPT_HASHES = [scriptHash(PRERENDER_GUARD_SCRIPT), scriptHash(EARLY_FETCH_SCRIPT)];

/** Stripe.js and its frames (card fields, 3-D Secure), per Stripe's CSP guide. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
/** reCAPTCHA v3 (src/features/auth/botCheck.ts), only when the server verifies its tokens. */
const RECAPTCHA = { script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'], frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] };

/**
 * Google Analytics 4 through gtag.js (src/lib/analytics.ts), only with GA_MEASUREMENT_ID: the
 * origins Google's "Use a Content Security Policy" guide lists for GA4, with scripts narrowed to
 * gtag's own path (any GTM container, `gtm.js?id=…`, would run a stranger's code here).
 */
const GOOGLE_ANALYTICS = {
  script: ['https://www.googletagmanager.com/gtag/'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/** What the policy lets in besides our origin and Stripe, by what is configured. */
export interface PolicyOptions {
  /** The server verifies reCAPTCHA tokens: the sign-up form loads reCAPTCHA. */
  recaptcha: boolean;
  /** SENTRY_DSN: the SPA's Sentry SDK (bundled, so only its endpoint) posts to the DSN's origin. */
  sentryDsn?: string | undefined;
  /** GA_MEASUREMENT_ID: the SPA loads gtag.js. */
  googleAnalytics?: boolean;
}

/**
 * The Content-Security-Policy of every response. Scripts only from our origin (the build's two
 * inline scripts, the rendered pages' guard and the early requests, are allowed by their hashes)
 * and Stripe's; styles also inline, because Emotion (Chakra) and the widget
 * preview write <style> elements at run time; images and audio from our origin (uploads under
 * /files) or data:/blob: URLs; the dashboard is never framed (frame-ancestors 'none'). reCAPTCHA,
 * Sentry's ingest origin and Google Analytics are allowed only when configured. The embed
 * script runs in host pages, under their policy, not this one.
 */
export function contentSecurityPolicy({ recaptcha, sentryDsn, googleAnalytics = false }: PolicyOptions): Record<string, string[]> {
  const optional = recaptcha ? RECAPTCHA : { script: [], frame: [] };
  const analytics = googleAnalytics ? GOOGLE_ANALYTICS : { script: [], img: [], connect: [] };
  const errorReporting = sentryDsn ? [new URL(sentryDsn).origin] : [];
  return {
    'default-src': ["'self'"],
    // The build's inline scripts, by their hashes (common/contract/prerenderedPages.ts, earlyFetch.ts).
    'script-src': ["'self'", ...INLINE_SCRIPT_HASHES, ...STRIPE.script, ...optional.script, ...analytics.script],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...analytics.img],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...STRIPE.connect, ...errorReporting, ...analytics.connect],
    'frame-src': ["'self'", ...STRIPE.frame, ...optional.frame],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** Resources host pages load from other origins: the embed script, its API, uploaded pictures. */
const CROSS_ORIGIN_PATHS = /^\/(widget\.js|widget-api\/|files\/)/;

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response (issue 8): the CSP above, nosniff, no referrer, no framing,
 * same-origin resource policy except for the widget's public resources, and HSTS only when the
 * request came over TLS (directly, or through a trusted proxy's X-Forwarded-Proto).
 */
export function installSecurityHeaders(app: FastifyInstance, options: PolicyOptions): void {
  const headers = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (CROSS_ORIGIN_PATHS.test(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

/**
 * The headers Helmet sets with `options`, worked out once (issue 17): they are the same on every
 * answer, and Helmet's Fastify plugin builds them again for each request (parsing the whole
 * policy), which cost more than the health check itself.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done || !headers['content-security-policy']) throw new Error('Helmet did not set its headers at once');
  return headers;
}

/** Unknown addresses one client may ask for per minute before answering 429 (probing for URLs). */
export const NOT_FOUND_LIMIT = { max: 60, timeWindow: 60_000 };

/**
 * The not-found handler's rate limit, per client address: unknown API routes and files count;
 * page navigations the SPA answers (any deep link) do not.
 */
export function notFoundRateLimit(app: FastifyInstance): preHandlerAsyncHookHandler {
  return app.rateLimit({
    ...NOT_FOUND_LIMIT,
    cache: IN_MEMORY_LIMIT_ADDRESSES,
    allowList: (request) => wantsSpaPage(request),
    // The plugin sets Retry-After; the error handler answers the contract's Error body.
    errorResponseBuilder: () => new ApiError(429, 'too_many_requests', 'Too many requests for unknown addresses. Please try again later.'),
  }) as preHandlerAsyncHookHandler;
}

/**
 * Addresses each of this instance's in-memory rate limits remembers (the least recent go first).
 * These limits guard what costs only this instance's own work (unknown addresses, the widget
 * configuration it serves from memory); whatever writes to the database, costs credits or
 * touches an account is limited in the database instead (server/domain/limits/rateLimits.ts).
 */
export const IN_MEMORY_LIMIT_ADDRESSES = 20_000;

/**
 * @fastify/rate-limit with its in-memory store, for the limits that ask for it (app.rateLimit,
 * app.createRateLimit). Each of those makes a store of its own, sized by its own options: they
 * pass `cache: IN_MEMORY_LIMIT_ADDRESSES` (the plugin's default, 5,000, lets anyone with more
 * /64s than that push an address out of the limit's memory).
 */
export async function installInMemoryRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, { global: false, cache: IN_MEMORY_LIMIT_ADDRESSES });
}
