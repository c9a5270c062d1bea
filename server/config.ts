import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { MEASUREMENT_ID_PATTERN } from '../common/rules/ga4.ts';

/** argon2id cost parameters (memory in KiB, passes, lanes). */
export interface PasswordHashParams {
  memory: number;
  passes: number;
  parallelism: number;
}

/**
 * OWASP Password Storage Cheat Sheet, argon2id row: m=19 MiB, t=2, p=1.
 * Tests override this through `loadConfig(env, { passwordHashParams })` because the real cost
 * is deliberately slow.
 */
export const OWASP_ARGON2ID: PasswordHashParams = { memory: 19_456, passes: 2, parallelism: 1 };

/** Requests one API key may make per minute, as the contract's apiKey scheme promises (issue 19). */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

/** A flag whose default depends on other variables: undefined when unset. */
const optionalFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .optional()
  .transform((value) => (value === undefined ? undefined : ['true', '1', 'yes'].includes(value)));

/**
 * Which proxies' X-Forwarded-For and X-Forwarded-Proto to believe (Fastify's trustProxy): none,
 * the proxies at these addresses or CIDR ranges, or every one (`true`: only when nothing but
 * the proxy can reach the server, since a visitor can write the header). The visitor's address
 * is then the nearest one not trusted, so behind listed proxies it cannot be made up.
 */
export type TrustProxy = boolean | string[];

const TRUST_PROXY_ERROR = 'must be true, false, or the proxies\' addresses (CIDR ranges allowed) separated by commas';

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = raw?.trim().toLowerCase() ?? '';
    if (['', 'false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes', '1'].includes(value)) return true;
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrRange)) return entries;
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_ERROR });
    return z.NEVER;
  });

const positiveSeconds = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .positive('must be a positive number of seconds')
    .default(fallback);

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const optionalUrl = (protocols: string[], hint: string) =>
  optionalText.refine(
    (value) => value === undefined || (URL.canParse(value) && protocols.includes(new URL(value).protocol)),
    { message: `must be a URL (${hint})` },
  );

/** A public http(s) URL that the product appends to (`?key=…`, `/config/…`): no query, no fragment. */
const optionalPublicUrl = (hint: string) =>
  optionalUrl(['http:', 'https:'], hint)
    .refine((value) => value === undefined || !URL.canParse(value) || (new URL(value).search === '' && new URL(value).hash === ''), {
      message: `must be a URL without ?query or #fragment (${hint})`,
    })
    // Normalised (quotes and spaces percent-encoded: it goes into HTML and script literals), no trailing slash.
    .transform((value) => (value === undefined ? undefined : new URL(value).href.replace(/\/+$/, '')));

/** spec §7: the error-reporting endpoint, a Sentry DSN (`https://PUBLIC_KEY@HOST/PROJECT_ID`). */
const SENTRY_DSN_HINT = 'a Sentry DSN, https://PUBLIC_KEY@o0.ingest.sentry.io/PROJECT_ID';
function isSentryDsn(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return ['http:', 'https:'].includes(url.protocol) && url.username !== '' && /^\/(.+\/)?\d+$/.test(url.pathname);
}

const optionalPrefixed = (prefixes: string[], hint: string) =>
  optionalText.refine((value) => value === undefined || prefixes.some((prefix) => value.startsWith(prefix)), {
    message: `must be a Stripe key (${hint})`,
  });

const environmentSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65_535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/database'),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'http://… or https://…'),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  DEMO_SEED: booleanFlag(true),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:password@host:587 or smtps://…'),
  MAIL_FROM: z.string().trim().min(3, 'must be an e-mail address').default('Callback Dashboard <no-reply@localhost>'),
  RECAPTCHA_SECRET: optionalText,
  STRIPE_SECRET_KEY: optionalPrefixed(['sk_', 'rk_'], 'sk_test_… or sk_live_… (a restricted rk_… key works too)'),
  STRIPE_PUBLISHABLE_KEY: optionalPrefixed(['pk_'], 'pk_test_… or pk_live_…'),
  STRIPE_WEBHOOK_SECRET: optionalPrefixed(['whsec_'], 'whsec_…, the signing secret of the webhook endpoint'),
  ACCESS_TOKEN_TTL: positiveSeconds(900),
  REFRESH_TOKEN_TTL: positiveSeconds(30 * 24 * 60 * 60),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  // http/logFormat.ts: JSON unless a person reads the terminal; these two force one format.
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty'], { error: 'must be auto, json or pretty' }).default('auto'),
  ALLOW_LOCAL_ADAPTERS: booleanFlag(false),
  TRUST_PROXY: trustProxy,
  CALL_SIMULATOR_SPEED: z.coerce
    .number({ error: 'must be a number (how many times faster than real time simulated calls run)' })
    .min(1, 'must be at least 1 (1 is real time)')
    .max(100_000, 'must be at most 100000')
    .default(60),
  CALL_DUPLICATE_WINDOW: positiveSeconds(120),
  SCHEDULED_CALLS_POLL_INTERVAL: positiveSeconds(5),
  TWILIO_ACCOUNT_SID: optionalText.refine((value) => value === undefined || /^AC[0-9a-fA-F]{32}$/.test(value), {
    message: 'must be a Twilio Account SID (AC followed by 32 hexadecimal digits)',
  }),
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_MESSAGING_FROM: optionalText.refine((value) => value === undefined || /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/.test(value), {
    message: 'must be a phone number in E.164 (+14155550123) or a Messaging Service SID (MG followed by 32 hexadecimal digits)',
  }),
  TEST_TOKEN_CLOCK: booleanFlag(false),
  MAILBOX_KEY: optionalText.refine((value) => value === undefined || value.length >= 16, {
    message: 'must be at least 16 characters (unset, the server generates one and keeps it in the database)',
  }),
  SENTRY_DSN: optionalText.refine((value) => value === undefined || isSentryDsn(value), { message: `must be ${SENTRY_DSN_HINT}` }),
  GA_MEASUREMENT_ID: optionalText.refine((value) => value === undefined || MEASUREMENT_ID_PATTERN.test(value), {
    message: 'must be a Google Analytics 4 measurement id (G- followed by capital letters and digits, e.g. G-A1B2C3D4E5)',
  }),
  GA4_SEND: optionalFlag,
  WIDGET_SCRIPT_URL: optionalPublicUrl('the embed script\'s public address, e.g. https://cdn.example.com/widget.js'),
  WIDGET_API_URL: optionalPublicUrl('the widget API\'s public base, e.g. https://widgets.example.com/widget-api'),
});

/** The server's validated configuration. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; undefined means embedded PGlite under `dataDir/pglite`. */
  databaseUrl: string | undefined;
  /** PGlite directory; `null` keeps the embedded database in memory (tests). */
  pgliteDir: string | null;
  publicUrl: string;
  nodeEnv: 'development' | 'production' | 'test';
  demoSeed: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  recaptchaSecret: string | undefined;
  /** Stripe keys; unset means the local card processor (ARCHITECTURE.md, Adapters). */
  stripe: StripeKeys | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** LOG_FORMAT: `auto` is readable lines on a terminal outside production, JSON otherwise (http/logFormat.ts). */
  logFormat: 'auto' | 'json' | 'pretty';
  allowLocalAdapters: boolean;
  /** Behind a load balancer: take the client address from X-Forwarded-For (login throttling). */
  trustProxy: TrustProxy;
  passwordHashParams: PasswordHashParams;
  /**
   * Requests one API key may make per minute (API_KEY_REQUESTS_PER_MINUTE). Not read from the
   * environment: the contract promises the number. Tests lower it through `loadConfig`'s overrides.
   */
  apiKeyRequestsPerMinute: number;
  /** The telephony adapter's settings (ARCHITECTURE.md, Adapters). */
  telephony: TelephonyConfig;
  /**
   * Test only (TEST_TOKEN_CLOCK): POST /dev/token-clock moves the clock tokens are issued and
   * checked by, so the browser tests expire tokens without waiting. Accepted only with
   * NODE_ENV=test: anyone who can reach it can end every session.
   */
  testTokenClock: boolean;
  /**
   * The key /dev/mailbox asks for (http/devMailbox.ts); unset, one is generated and kept in the
   * database. The browser tests set it to share it with their server.
   */
  mailboxKey: string | undefined;
  /** What the SPA loads besides itself, told in index.html (http/pageConfig.ts); unset: nothing loads. */
  browserServices: BrowserServices;
  /** Where host pages reach the widget (ARCHITECTURE.md, The widget); unset: this server. */
  widgetPublicUrls: WidgetPublicUrls;
  /**
   * GA4_SEND: call outcomes go to the clients' GA4 properties through the Measurement Protocol;
   * false: the local recorder logs what it would send (adapters/analytics). Default: true in
   * production only, so a developer's test calls never land in a client's real property.
   */
  ga4Send: boolean;
}

/** spec §7 "Other configuration": the error-reporting endpoint and the analytics id. */
export interface BrowserServices {
  /** Sentry DSN (SENTRY_DSN): the SPA loads the Sentry SDK and reports to it. */
  sentryDsn: string | undefined;
  /** GA4 measurement id (GA_MEASUREMENT_ID): the SPA loads gtag.js once the page is interactive. */
  gaMeasurementId: string | undefined;
}

/**
 * The public addresses of the embed script and of the widget API, so a CDN can front them
 * (spec §7: "a separate widget API host"). Undefined: `/widget.js` on the dashboard's own origin,
 * and the widget API on the origin the script came from — the same server.
 */
export interface WidgetPublicUrls {
  /** WIDGET_SCRIPT_URL: the script the embed snippet loads (`?key=…` is appended). */
  script: string | undefined;
  /** WIDGET_API_URL, else PUBLIC_URL/widget-api when the script is served elsewhere: the base the script calls. */
  api: string | undefined;
}

export interface TelephonyConfig {
  /** Twilio credentials; unset means the local call simulator. */
  twilio: { accountSid: string; authToken: string; messagingFrom?: string } | undefined;
  /** How many times faster than real time the simulator's calls and retry pauses run. */
  simulatorSpeed: number;
  /** A second request for the same number within this many seconds answers the first (issue 7 guardrail). */
  duplicateWindowSeconds: number;
  /** How often the scheduled-calls worker looks for due callbacks. */
  scheduledPollSeconds: number;
}

export interface StripeKeys {
  secretKey: string;
  /** Handed to the SPA for Stripe.js (GET /client/meta, billing setting). */
  publishableKey: string;
  /** Verifies POST /api/stripe/webhook; without it, outcomes are learned by polling only. */
  webhookSecret: string | undefined;
}

/** A configuration problem, phrased for the person starting the server. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Validates the environment into a `Config`. Pure: reads only its arguments, so tests can
 * pass any environment. Throws `ConfigError` naming every bad variable and what is wrong.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  overrides: Partial<Config> = {},
): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const stripe = readStripeKeys(e);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.resolve(e.DATA_DIR, 'pglite'),
    publicUrl,
    nodeEnv: e.NODE_ENV,
    demoSeed: e.DEMO_SEED,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    recaptchaSecret: e.RECAPTCHA_SECRET,
    stripe,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    allowLocalAdapters: e.ALLOW_LOCAL_ADAPTERS,
    trustProxy: e.TRUST_PROXY,
    passwordHashParams: OWASP_ARGON2ID,
    apiKeyRequestsPerMinute: API_KEY_REQUESTS_PER_MINUTE,
    telephony: {
      twilio: readTwilioCredentials(e),
      simulatorSpeed: e.CALL_SIMULATOR_SPEED,
      duplicateWindowSeconds: e.CALL_DUPLICATE_WINDOW,
      scheduledPollSeconds: e.SCHEDULED_CALLS_POLL_INTERVAL,
    },
    testTokenClock: e.TEST_TOKEN_CLOCK,
    mailboxKey: e.MAILBOX_KEY,
    browserServices: { sentryDsn: e.SENTRY_DSN, gaMeasurementId: e.GA_MEASUREMENT_ID },
    widgetPublicUrls: readWidgetPublicUrls(e, publicUrl),
    ga4Send: e.GA4_SEND ?? e.NODE_ENV === 'production',
    ...overrides,
  };
  if (config.testTokenClock && config.nodeEnv !== 'test') {
    throw new ConfigError(`Invalid configuration:\n  TEST_TOKEN_CLOCK is for the browser tests only: it needs NODE_ENV=test (NODE_ENV is ${config.nodeEnv})`);
  }
  assertProductionSafe(config);
  return config;
}

/**
 * ARCHITECTURE.md, "Adapters": in production nothing silently pretends. A local captcha or the
 * local card processor or the local call simulator needs ALLOW_LOCAL_ADAPTERS=true;
 * the mail outbox is never used in production, so SMTP_URL is required there.
 */
function assertProductionSafe(config: Config): void {
  if (config.nodeEnv !== 'production') return;
  const problems: string[] = [];
  if (!config.smtpUrl) {
    problems.push('SMTP_URL is required when NODE_ENV=production (the local mail outbox is for development only)');
  }
  if (!config.recaptchaSecret && !config.allowLocalAdapters) {
    problems.push(
      'RECAPTCHA_SECRET is required when NODE_ENV=production, unless ALLOW_LOCAL_ADAPTERS=true accepts the local captcha',
    );
  }
  if (!config.stripe && !config.allowLocalAdapters) {
    problems.push(
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are required when NODE_ENV=production, unless ALLOW_LOCAL_ADAPTERS=true accepts the local card processor',
    );
  }
  if (!config.telephony.twilio && !config.allowLocalAdapters) {
    problems.push(
      'TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are required when NODE_ENV=production, unless ALLOW_LOCAL_ADAPTERS=true accepts the local call simulator',
    );
  }
  if (config.stripe && !config.stripe.webhookSecret) {
    problems.push('STRIPE_WEBHOOK_SECRET is required when NODE_ENV=production with Stripe (payments are confirmed by its webhook)');
  }
  for (const [name, url] of [['WIDGET_SCRIPT_URL', config.widgetPublicUrls.script], ['WIDGET_API_URL', config.widgetPublicUrls.api]] as const) {
    // Host pages are served over https: an http widget is blocked as mixed content there.
    if (url && !url.startsWith('https://')) problems.push(`${name} must be an https:// address when NODE_ENV=production`);
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

/**
 * The Stripe keys come as a set: the secret key for the server and the publishable key for the
 * SPA's Stripe.js, of the same mode (test or live); a webhook secret needs them.
 */
function readStripeKeys(e: z.infer<typeof environmentSchema>): StripeKeys | undefined {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = e;
  const problems: string[] = [];
  if (secretKey && !publishableKey) problems.push('STRIPE_PUBLISHABLE_KEY is required with STRIPE_SECRET_KEY (the payment form loads Stripe.js with it)');
  if (publishableKey && !secretKey) problems.push('STRIPE_SECRET_KEY is required with STRIPE_PUBLISHABLE_KEY');
  if (webhookSecret && !secretKey) problems.push('STRIPE_WEBHOOK_SECRET needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
  if (secretKey && publishableKey && secretKey.includes('_live_') !== publishableKey.includes('_live_')) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys');
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return secretKey && publishableKey ? { secretKey, publishableKey, webhookSecret } : undefined;
}

/** The Twilio credentials come as a pair. */
function readTwilioCredentials(e: z.infer<typeof environmentSchema>): TelephonyConfig['twilio'] {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken } = e;
  if (accountSid && !authToken) throw new ConfigError('Invalid configuration:\n  TWILIO_AUTH_TOKEN is required with TWILIO_ACCOUNT_SID');
  if (authToken && !accountSid) throw new ConfigError('Invalid configuration:\n  TWILIO_ACCOUNT_SID is required with TWILIO_AUTH_TOKEN');
  const messagingFrom = e.TWILIO_MESSAGING_FROM;
  return accountSid && authToken ? { accountSid, authToken, ...(messagingFrom ? { messagingFrom } : {}) } : undefined;
}

/**
 * The widget's public addresses. With neither set, the script is this server's `/widget.js` and
 * calls the API on its own origin (exactly as before these existed). With only the script moved
 * to a CDN, the API stays on this server, at PUBLIC_URL.
 */
function readWidgetPublicUrls(e: z.infer<typeof environmentSchema>, publicUrl: string): WidgetPublicUrls {
  const script = e.WIDGET_SCRIPT_URL;
  // Without either, the script on another host would call http://localhost:PORT from every
  // visitor's browser.
  if (script && !e.WIDGET_API_URL && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  WIDGET_SCRIPT_URL needs PUBLIC_URL or WIDGET_API_URL (the address the script calls)');
  }
  return { script, api: e.WIDGET_API_URL ?? (script ? `${publicUrl}/widget-api` : undefined) };
}

/**
 * Reads `.env` into `process.env` when the file exists (variables already set win), then
 * validates. Only `main.ts` calls this; everything else receives a `Config`.
 */
export function loadConfigFromProcess(envFile = '.env'): Config {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return loadConfig(process.env);
}
