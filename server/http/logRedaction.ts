import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Paths whose last segments are a secret: e-mailed codes (contract: verifyEmail,
 * verifyChangedEmail, resetPassword, and the SPA pages /verify/… and /reset/… the e-mails link
 * to), receipt tokens (/receipts/…) and the unguessable ids of stored files, such as call
 * recordings (/files/<publicId>/<name>).
 */
const SECRET_IN_PATH = /^((?:\/api\/user\/(?:verify-email|change-email\/verify|password-reset)|\/verify|\/reset|\/receipts|\/files)\/)[^?#]+/;

/** Query parameters whose values are secrets, e.g. Stripe's payment_intent_client_secret on /billing/success. */
const SECRET_PARAMETER = /token|secret|code|password|signature|key/i;

const REDACTED = '[redacted]';

/** The URL as it may be logged: secret path segments and secret query values replaced. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = path.replace(SECRET_IN_PATH, `$1${REDACTED}`);
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      return SECRET_PARAMETER.test(decodeURIComponentSafe(name)) && pair.includes('=') ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The request fields of the access log (no headers, so no Authorization or cookies), with the
 * URL's secrets replaced: whoever reads the logs must not be able to verify an address, reset a
 * password, open a receipt or a recording with them.
 */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * Fields pino blanks wherever a log call passes them (defence in depth: no code logs them today).
 * Paths are one or two levels deep: `{ headers }`, `{ req: { headers } }`, `{ body: { password } }`.
 */
const REDACT_PATHS = [
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  ...['password', 'newPassword', 'currentPassword', 'refresh_token', 'refreshToken', 'access_token', 'accessToken', 'authToken', 'client_secret']
    .flatMap((field) => [field, `*.${field}`]),
];

/** The server's logger options (server/app.ts); `stream` lets tests read the log. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return { level, serializers: { req: serializeRequestForLog }, redact: { paths: REDACT_PATHS, censor: REDACTED }, ...(stream ? { stream } : {}) };
}
