import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessLogWritten } from '../test/harness.ts';
import { chooseLogFormat, logDestination, prettyLogStream } from './logFormat.ts';
import { AccessLog, createLoggers } from './logRedaction.ts';

/** A stream and the text written to it so far. */
function collected() {
  const stream = new PassThrough();
  const state = { text: '' };
  stream.on('data', (chunk: Buffer) => (state.text += chunk.toString()));
  return { stream, lines: () => state.text.split('\n').filter((line) => line !== '') };
}

describe('chooseLogFormat', () => {
  it.each([
    [{ requested: 'auto', isTTY: true, nodeEnv: 'development' }, 'pretty'],
    [{ requested: 'auto', isTTY: true, nodeEnv: 'test' }, 'pretty'],
    [{ requested: 'auto', isTTY: false, nodeEnv: 'development' }, 'json'],
    [{ requested: 'auto', isTTY: true, nodeEnv: 'production' }, 'json'],
    [{ requested: 'pretty', isTTY: false, nodeEnv: 'production' }, 'pretty'],
    [{ requested: 'json', isTTY: true, nodeEnv: 'development' }, 'json'],
  ] as const)('%j gives %s', (input, format) => {
    expect(chooseLogFormat(input)).toBe(format);
  });

  it('leaves the JSON lines to buildApp (stdout, no prettifier on the way)', async () => {
    expect(await logDestination('json')).toBeUndefined();
    expect(await logDestination('pretty', new PassThrough())).toBeDefined();
  });
});

describe('the readable format', () => {
  /** A server with the product's two loggers and access log, writing through the readable stream. */
  async function serverWithReadableLog(level: string) {
    const output = collected();
    const loggers = createLoggers(level, await prettyLogStream(output.stream));
    const app = Fastify({ loggerInstance: loggers.app, logController: new AccessLog(loggers.access) });
    app.get('/api/health', async () => ({ status: 'ok' }));
    app.get('/api/client/calls', async () => ({ items: [] }));
    app.get('/api/broken', async () => {
      throw new Error('the database went away');
    });
    return { app, output };
  }

  it('writes one line per request: method, URL without its secrets, status and time', async () => {
    const { app, output } = await serverWithReadableLog('info');
    await app.inject({ method: 'GET', url: '/api/client/calls?page=2' });
    await app.inject({ method: 'GET', url: '/api/client/calls?access_token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln' });
    await app.inject({ method: 'GET', url: '/api/health' });
    await accessLogWritten();
    const lines = output.lines();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/client\/calls\?page=2 200 \d+\.\d ms$/);
    expect(lines[1]).toContain('GET /api/client/calls?access_token=[redacted] 200');
    expect(lines.join('\n')).not.toContain('eyJ');
    // The health check stays at debug (logRedaction.ts): not written at info.
    expect(lines.join('\n')).not.toContain('/api/health');
    await app.close();
  });

  it('keeps warnings and errors, the error with its stack, and app lines with their fields on the line', async () => {
    const { app, output } = await serverWithReadableLog('warn');
    app.log.warn({ widgetId: 7 }, 'widget script missing');
    await app.inject({ method: 'GET', url: '/api/client/calls' });
    await app.inject({ method: 'GET', url: '/api/broken' });
    await accessLogWritten();
    const lines = output.lines();
    expect(lines[0]).toMatch(/WARN: widget script missing \{"widgetId":7\}$/);
    // Fastify's own error line names the request too; the stack follows on its lines.
    expect(lines.some((line) => /ERROR: GET \/api\/broken 500 the database went away/.test(line))).toBe(true);
    expect(lines.join('\n')).toMatch(/at .*logFormat\.test\.ts/);
    // Below the level, the successful request is not written.
    expect(lines.join('\n')).not.toContain('/api/client/calls');
    await app.close();
  });

  it('writes a batch of lines as as many lines, and a line that is not JSON as it came', async () => {
    const output = collected();
    const stream = await prettyLogStream(output.stream);
    const line = (msg: string) => JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1), pid: 1, hostname: 'h', msg });
    stream.write(`${line('first')}\n${line('second')}\nnot json at all\n`);
    expect(output.lines()).toEqual([
      expect.stringMatching(/INFO: first$/),
      expect.stringMatching(/INFO: second$/),
      'not json at all',
    ]);
  });
});
