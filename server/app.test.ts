import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_PACKS, TWILIO_NUMBERS, WIDGET_TYPES } from './db/referenceData.ts';
import { createAccount, signIn, type Tokens } from './test/accounts.ts';
import { startTestServer, type TestApp, type TestServer } from './test/harness.ts';

let server: TestServer;
let tokens: Tokens;
beforeAll(async () => {
  server = await startTestServer();
  const account = await createAccount(server.db);
  tokens = await signIn(server, account.email, account.password);
});
afterAll(() => server?.close());

describe('GET /health', () => {
  it('answers ok and the database engine, without a token', async () => {
    const response = await server.request({ method: 'GET', url: '/api/health' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgresql' : 'pglite' });
  });
});

describe('starting', () => {
  it('warns of nothing at startup (a parser for every media type of the contract), and refuses a body of a type the API only answers with 415', async () => {
    const stream = new PassThrough();
    let log = '';
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const app = await server.variant({ config: { logLevel: 'info' }, logStream: stream });
    expect(log).toContain('telephony: local call simulator');
    expect(log.split('\n').filter((line) => line.includes('"level":40'))).toEqual([]);
    const csv = await app.request({ method: 'PUT', url: '/api/client/call-limits', token: tokens.accessToken, rawBody: 'a,b', contentType: 'text/csv' });
    expect(csv.status).toBe(415);
    expect(csv.body).toEqual({ error: 'unsupported_media_type', error_description: 'Content type text/csv is not accepted here.' });
  });
});

describe('GET /client/meta', () => {
  it('answers the reference lists and the caller\'s credits record', async () => {
    const response = await server.request({ method: 'GET', url: '/api/client/meta', token: tokens.accessToken });
    expect(response.status).toBe(200);
    const meta = response.body;
    expect(meta.widgetTypes).toEqual(WIDGET_TYPES);
    expect(meta.widgetLayouts.map((l: { name: string }) => l.name)).toEqual(['Horizontal', 'Vertical', 'Full screen', 'Square']);
    expect(meta.callingRules).toHaveLength(3);
    expect(meta.creditPacks).toEqual(CREDIT_PACKS.map(({ id, credits, price }) => ({ id, credits, price })));
    expect(meta.settings).toEqual([
      {
        id: 1,
        type: 'billing',
        value: {
          currency: 'usd',
          autoRechargeThresholds: [5, 10, 20, 50, 100],
          cardProcessor: { name: 'local', publishableKey: null },
        },
      },
    ]);
    expect(meta.twilioNumbers).toEqual(TWILIO_NUMBERS);
    expect(meta.credits).toEqual([{ credits: 20, overdraft: 0, autoRecharge: null, minMonthlySpendingRequirement: 0 }]);
  });

  it('needs a token', async () => {
    expect((await server.request({ method: 'GET', url: '/api/client/meta' })).status).toBe(401);
  });
});

describe('bound operations', () => {
  it('check the token first', async () => {
    expect((await server.request({ method: 'GET', url: '/api/client/widgets' })).status).toBe(401);
  });

  it('validate the request first', async () => {
    const response = await server.request({ method: 'GET', url: '/api/client/calls?page=zero', token: tokens.accessToken });
    expect(response.status).toBe(400);
    expect(response.body.error_description).toMatch(/query parameter page must be of type integer/i);
  });

  it('accept the trailing slash the SPA sends (GET /client/agents/)', async () => {
    const response = await server.request({ method: 'GET', url: '/api/client/agents/', token: tokens.accessToken });
    expect(response.status).toBe(200);
  });
});

describe('errors', () => {
  it('answers JSON 404 for an unknown API route', async () => {
    const response = await server.request({ method: 'GET', url: '/api/no/such/thing', headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'not_found', error_description: 'No route for GET /api/no/such/thing.' });
  });

  it('answers 400 when a required body is missing', async () => {
    const response = await server.request({ method: 'POST', url: '/api/user/register' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'invalid_request', error_description: 'The request body is required.' });
  });

  it('answers 415 for a body type the operation does not take', async () => {
    const response = await server.request({ method: 'POST', url: '/api/user/register', rawBody: 'hello', contentType: 'text/plain' });
    expect(response.status).toBe(415);
  });

  it('accepts an operation\'s optional body being absent', async () => {
    const response = await server.request({ method: 'POST', url: '/api/user/verify-email/unknown-code' });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('invalid_code');
  });

  it('answers 500 without internals when something breaks', async () => {
    const broken = await server.variant({
      adapters: (_log, base) => ({
        ...base,
        mail: {
          description: 'broken',
          send: async () => {
            throw new Error('connect ECONNREFUSED 10.0.0.7:25 (secret internals)');
          },
        },
      }),
    });
    const account = await createAccount(server.db);
    const response = await broken.request({ method: 'PUT', url: '/api/user/password-reset', body: { email: account.email } });
    expect(response.status).toBe(500);
    expect(response.body.error).toBe('server_error');
    expect(response.text).not.toMatch(/ECONNREFUSED|secret|stack/);
  });
});

// The dev mailbox: http/devMailbox.test.ts.

const BIG_SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, index) => `{ id: ${index}, name: 'row' }`).join(', ')}];\n`;

const SPA_MANIFEST = {
  'index.html': { file: 'assets/main-abc123.js', isEntry: true, imports: ['_core'] },
  _core: { file: 'assets/core-1.js' },
  'src/locales/en/messages.po': { file: 'assets/messages-1.js', isDynamicEntry: true },
  'src/routes/_app.tsx?tsr-split=component': { file: 'assets/_app-1.js', isDynamicEntry: true, imports: ['_core', '_app'] },
  _app: { file: 'assets/app-1.js' },
  'src/routes/_app/settings.tsx?tsr-split=component': { file: 'assets/settings-1.js', isDynamicEntry: true, imports: ['_app'], dynamicImports: ['_later'] },
  _later: { file: 'assets/later-1.js' },
  'src/routes/_app/agents/manage/{-$agentId}.tsx?tsr-split=component': { file: 'assets/agent-1.js', isDynamicEntry: true, imports: ['_app'] },
  'src/routes/auth/login.tsx?tsr-split=component': { file: 'assets/login-1.js', isDynamicEntry: true, imports: ['_core'] },
};

describe('the built SPA', () => {
  let spaDir: string;
  let spa: TestApp;
  beforeAll(async () => {
    spaDir = mkdtempSync(path.join(tmpdir(), 'spa-'));
    mkdirSync(path.join(spaDir, 'assets'));
    writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><head><title>Dashboard</title><script type="module" crossorigin src="/assets/main-abc123.js"></script><link rel="modulepreload" crossorigin href="/assets/core-1.js"></head>');
    // The build manifest the screens' preloads come from (scripts/bundles/pageGraph.ts).
    mkdirSync(path.join(spaDir, '.vite'));
    writeFileSync(path.join(spaDir, '.vite', 'manifest.json'), JSON.stringify(SPA_MANIFEST));
    writeFileSync(path.join(spaDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    // The build writes brotli twins of its text files (vite.config.ts, compression).
    writeFileSync(path.join(spaDir, 'assets', 'big-abc123.js'), BIG_SCRIPT);
    writeFileSync(path.join(spaDir, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_SCRIPT));
    // A public page the build rendered to HTML (scripts/bundles/prerender.ts).
    mkdirSync(path.join(spaDir, 'pages', 'auth'), { recursive: true });
    writeFileSync(path.join(spaDir, 'pages', 'auth', 'login.html'), '<!doctype html><title>Sign In</title>');
    spa = await server.variant({ spaDir });
  });
  afterAll(() => rmSync(spaDir, { recursive: true, force: true }));

  it('answers index.html, never cached, for any page the browser asks for', async () => {
    for (const url of ['/', '/dashboard', '/widgets/manage/general/3', '/verify/abc?type=account']) {
      const response = await spa.request({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.status, url).toBe(200);
      expect(response.text).toContain('<title>Dashboard</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("names a screen's own chunks and the catalog as module preloads, once, so they download beside the entry (issue 17)", async () => {
    const preloads = async (url: string) => {
      const response = await spa.request({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.status, url).toBe(200);
      return [...response.text.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]).sort();
    };
    const shell = ['/assets/_app-1.js', '/assets/app-1.js', '/assets/core-1.js', '/assets/messages-1.js'];
    expect(await preloads('/settings?tab=1')).toEqual([...shell, '/assets/settings-1.js'].sort());
    expect(await preloads('/agents/manage')).toEqual(['/assets/agent-1.js', ...shell].sort());
    expect(await preloads('/agents/manage/7/')).toEqual(['/assets/agent-1.js', ...shell].sort());
    // Unknown pages and deeper paths get none; nothing a page loads only later (import()) is named.
    expect(await preloads('/agents/manage/7/8')).toEqual(['/assets/core-1.js']);
    expect(await preloads('/nowhere')).toEqual(['/assets/core-1.js']);
    // The same page again is revalidated, not sent again.
    const first = await spa.request({ method: 'GET', url: '/settings', headers: { accept: 'text/html' } });
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await spa.request({ method: 'GET', url: '/settings', headers: { accept: 'text/html', 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const other = await spa.request({ method: 'GET', url: '/agents/manage', headers: { accept: 'text/html', 'if-none-match': String(first.headers.etag) } });
    expect(other.status).toBe(200);
  });

  it('answers a public page the build rendered with its own HTML, never cached', async () => {
    const response = await spa.request({ method: 'GET', url: '/auth/login?redirect=%2Fcalls', headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.text).toContain('<title>Sign In</title>');
    // It loads its scripts once painted (scripts/bundles/prerender.ts): no preloads written in.
    expect(response.text).not.toContain('modulepreload');
    expect(response.headers['cache-control']).toBe('no-cache');
    // A rendered page the build did not write (here: registration) falls back to index.html.
    const other = await spa.request({ method: 'GET', url: '/auth/registration', headers: { accept: 'text/html' } });
    expect(other.text).toContain('<title>Dashboard</title>');
  });

  it('caches hashed assets for a year', async () => {
    const response = await spa.request({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toMatch(/max-age=31536000, immutable/);
  });

  it('sends the build\'s brotli twin to a browser that accepts it, the file itself to one that does not', async () => {
    const compressed = await spa.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(compressed.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 10);

    const plain = await spa.app.inject({ method: 'GET', url: '/assets/big-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('compresses API answers over 1 kB for clients that accept it', async () => {
    const url = '/api/client/meta';
    const headers = { authorization: `Bearer ${tokens.accessToken}` };
    const plain = await server.app.inject({ method: 'GET', url, headers });
    expect(plain.body.length).toBeGreaterThan(1024);
    const gzipped = await server.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    const brotli = await server.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(JSON.parse(plain.body));
  });

  it('answers JSON 404 for a missing asset, not the page', async () => {
    const response = await spa.request({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(response.status).toBe(404);
  });

  it('serves a favicon', async () => {
    const response = await server.request({ method: 'GET', url: '/favicon.ico' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/image\//);
  });
});
