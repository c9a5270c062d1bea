import { type FastifyBaseLogger, LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';

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
  const safePath = redactSecretShapes(path.replace(SECRET_IN_PATH, `$1${REDACTED}`));
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

/**
 * Secrets recognisable by their shape, wherever they stand in a log line (a URL, an error
 * message, a stack, a field nobody thought of): Stripe client secrets (the local card
 * processor's /payment-intents/{clientSecret}/… paths put them in the request URL) and keys,
 * our API keys, JWTs, Authorization values, passwords in connection URLs, and the paths and query values
 * that carry secrets (SECRET_IN_PATH, SECRET_PARAMETER) inside any text. JSON-safe: no pattern
 * crosses a quote or a backslash, so a redacted JSON line stays JSON.
 */
const SECRET_SHAPES: Array<[RegExp, string]> = [
  [/\b((?:pi|seti|src)_[A-Za-z0-9]+_secret_)[A-Za-z0-9]+/g, `$1${REDACTED}`],
  [/\b((?:sk|rk)_(?:test|live)_|whsec_)[A-Za-z0-9]+/g, `$1${REDACTED}`],
  // API keys (issue 19): the prefix the client sees in its list stays readable, the rest goes.
  [/\b(cbk_[A-Za-z0-9_-]{6})[A-Za-z0-9_-]+/g, `$1${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, REDACTED],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, `$1 ${REDACTED}`],
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:@/"\\]+:)[^\s@/"\\]+@/gi, `$1${REDACTED}@`],
  [/((?:\/api\/user\/(?:verify-email|change-email\/verify|password-reset)|\/verify|\/reset|\/receipts|\/files)\/)(?!\[redacted\])[^\s"'?#&\\<>]+/g, `$1${REDACTED}`],
  [/([?&][^=&\s"'#\\]*(?:token|secret|code|password|signature|key)[^=&\s"'#\\]*=)(?!\[redacted\])[^&\s"'#\\<>]+/gi, `$1${REDACTED}`],
];

/** Any text as it may be logged: every secret of a recognisable shape replaced. */
export function redactSecretShapes(text: string): string {
  return SECRET_SHAPES.reduce((safe, [pattern, replacement]) => safe.replace(pattern, replacement), text);
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
    // Secret shapes anywhere in the URL too (a JWT or a reset link in any query value): the access
    // log's lines skip the pass every other line takes (AccessLog).
    url: redactSecretShapes(redactUrl(request.url)),
    host: redactSecretShapes(request.host),
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

/**
 * Every line the logger writes passes redactSecretShapes on its way out (issue 15, finding 11):
 * the structured rules above know the fields; this catches a secret wherever else it lands.
 */
export function redactingStream(target: NodeJS.WritableStream): { write(line: string): boolean } {
  return { write: (line: string) => target.write(redactSecretShapes(line)) };
}

/** The server's two loggers (server/app.ts); `stream` lets tests read the log. */
export interface ServerLoggers {
  /** Everything but the access log: the redaction rules above, and redactSecretShapes on every line. */
  app: FastifyBaseLogger;
  /** The access log's lines, made only of fields chosen for it (AccessLog): they skip the redaction passes. */
  access: Logger;
}

export function createLoggers(level: string, stream?: NodeJS.WritableStream): ServerLoggers {
  const target = stream ?? process.stdout;
  return {
    app: pino({ level, serializers: { req: serializeRequestForLog }, redact: { paths: REDACT_PATHS, censor: REDACTED } }, redactingStream(target)),
    access: pino({ level }, batchedLines(target)),
  };
}

/** What batched writers hold when the process exits, written then (batchedLines). */
const unwritten = new Set<() => void>();
let flushedAtExit = false;

/**
 * The access log's lines written together once per turn of the event loop (issue 17): under
 * load, a turn answers many requests, and each write to stdout is a system call of its own
 * (a third of what the health check cost). A line waits at most until the end of its turn;
 * whatever is pending when the process exits is written then. The app logger's lines (warnings
 * and errors among them) are written at once, as before.
 */
export function batchedLines(target: NodeJS.WritableStream): DestinationStream {
  let pending: string[] = [];
  const flush = () => {
    unwritten.delete(flush);
    if (pending.length === 0) return;
    const lines = pending.join('');
    pending = [];
    target.write(lines);
  };
  if (!flushedAtExit) {
    flushedAtExit = true;
    process.once('exit', () => unwritten.forEach((write) => write()));
  }
  return {
    write(line: string) {
      if (pending.length === 0) {
        unwritten.add(flush);
        setImmediate(flush);
      }
      pending.push(line);
    },
  };
}

/** The health check's address (contract: getHealth), polled by load balancers. */
const HEALTH_CHECK_URL = '/api/health';

/**
 * One access-log line per request (issue 17), when it is answered: the request (its URL without
 * secrets, serializeRequestForLog) with its status and time, instead of Fastify's two lines. The
 * line holds nothing but those fields, so it is written by its own logger, without the app
 * logger's per-line redaction work (a fifth of what a request cost the server under load).
 * A request that failed is logged through the app logger, error and all.
 */
/** The id of the API key a request came with (issue 19), never the key: what an account's integrations did can be traced. */
function apiKeyOf(request: FastifyRequest): { apiKeyId?: number } {
  const key = request.auth?.apiKey;
  return key ? { apiKeyId: key.id } : {};
}

export class AccessLog extends LogController {
  private readonly access: Logger;

  constructor(access: Logger) {
    super();
    this.access = access;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, responseTime: reply.elapsedTime, err: error }, 'request errored');
      return;
    }
    // A passing health check is logged at debug: a load balancer asks every instance every few
    // seconds, and its lines would outnumber the clients' requests (one that fails stays at info).
    const level = reply.statusCode === 200 && request.url === HEALTH_CHECK_URL ? 'debug' : 'info';
    if (!this.access.isLevelEnabled(level)) return;
    this.access[level](
      { reqId: request.id, req: serializeRequestForLog(request), res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime, ...apiKeyOf(request) },
      'request completed',
    );
  }
}
