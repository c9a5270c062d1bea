import { Writable } from 'node:stream';
import type { Config } from '../config.ts';

/** How the server's log lines reach stdout: pino's JSON lines, or one readable line each for a person. */
export type LogFormat = 'json' | 'pretty';

/**
 * LOG_FORMAT decides when it says json or pretty. Otherwise (auto) a person reading a terminal
 * gets readable lines, and everything else JSON: a pipe, a file or a log collector parses lines,
 * and production stays JSON even when started by hand in a terminal (issue 21: `npm start` in a
 * terminal prints readable lines, JSON otherwise, as before).
 */
export function chooseLogFormat({ requested, isTTY, nodeEnv }: { requested: Config['logFormat']; isTTY: boolean; nodeEnv: Config['nodeEnv'] }): LogFormat {
  if (requested !== 'auto') return requested;
  return isTTY && nodeEnv !== 'production' ? 'pretty' : 'json';
}

/**
 * Where buildApp's loggers write (its logStream): undefined for JSON, which buildApp writes to
 * stdout itself, so the path the servers in production and the bench take is unchanged (issue
 * 17: the per-request log cost). pino-pretty is loaded only for the readable format.
 */
export async function logDestination(format: LogFormat, target: NodeJS.WritableStream = process.stdout): Promise<NodeJS.WritableStream | undefined> {
  return format === 'pretty' ? prettyLogStream(target) : undefined;
}

interface LoggedRequest {
  method?: unknown;
  url?: unknown;
}

/**
 * The access log's line (http/logRedaction.ts AccessLog) and a failed request's as one line,
 * `GET /api/client/calls?page=2 200 3.4 ms`; any other line that names a request starts with it
 * (its `req` is not printed again), the rest keep their message.
 */
function requestMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = typeof log[messageKey] === 'string' ? log[messageKey] : '';
  const req = log.req as LoggedRequest | undefined;
  const res = log.res as { statusCode?: unknown } | undefined;
  if (!req || typeof req.method !== 'string' || typeof req.url !== 'string') return message;
  const status = res?.statusCode === undefined ? '' : ` ${String(res.statusCode)}`;
  const time = typeof log.responseTime === 'number' ? ` ${log.responseTime.toFixed(1)} ms` : '';
  const request = `${req.method} ${req.url}${status}${time}`;
  return message === 'request completed' ? request : `${request} ${message}`;
}

/**
 * A stream that writes each JSON log line it is given to `target` as one readable line (pino-pretty
 * in this process, synchronously: a line logged just before the process exits, a fatal error's
 * among them, is not left in a worker thread's buffer). The lines come already redacted (the
 * loggers redact before they write). A chunk may hold several lines (the access log writes its
 * lines in batches); a line pino-pretty cannot read is written as it came, so nothing is lost.
 */
export async function prettyLogStream(target: NodeJS.WritableStream): Promise<Writable> {
  const { prettyFactory, isColorSupported } = await import('pino-pretty');
  const pretty = prettyFactory({
    colorize: isColorSupported,
    translateTime: 'SYS:HH:MM:ss.l',
    singleLine: true,
    // What the request's line already says, and what a person does not read (the request id
    // stays in the JSON format, where lines are searched).
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: requestMessage,
  });
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      let text = '';
      for (const line of String(chunk).split('\n')) {
        if (line === '') continue;
        try {
          text += pretty(line) ?? '';
        } catch {
          text += `${line}\n`;
        }
      }
      if (text !== '') target.write(text);
      done();
    },
  });
}
