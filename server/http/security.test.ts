import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { EARLY_FETCH_SCRIPT } from '../../common/contract/earlyFetch.ts';
import { PRERENDER_GUARD_SCRIPT } from '../../common/contract/prerenderedPages.ts';
import { NOT_FOUND_LIMIT } from './security.ts';

/** The one inline script the policy allows, by the hash of its text. */
const GUARD_HASH = `'sha256-${createHash('sha256').update(PRERENDER_GUARD_SCRIPT).digest('base64')}'`;
const EARLY_HASH = `'sha256-${createHash('sha256').update(EARLY_FETCH_SCRIPT).digest('base64')}'`;

let server: TestServer;
let spaDir: string;
beforeAll(async () => {
  server = await startTestServer();
  spaDir = mkdtempSync(path.join(tmpdir(), 'spa-'));
  mkdirSync(path.join(spaDir, 'assets'));
  writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>Dashboard</title>');
  writeFileSync(path.join(spaDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  mkdirSync(path.join(spaDir, '.vite'));
  writeFileSync(path.join(spaDir, '.vite', 'manifest.json'), '{}');
});
afterAll(async () => {
  await server?.close();
  rmSync(spaDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it('are on the SPA, its assets, the API and error answers', async () => {
    const spa = await server.variant({ spaDir });
    for (const [url, headers] of [['/', html], ['/dashboard', html], ['/assets/main-abc123.js', {}], ['/api/health', {}], ['/api/client/meta', {}], ['/api/nothing-here', {}]] as const) {
      const response = await spa.request({ method: 'GET', url, headers });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(directives(response.headers['content-security-policy'])['frame-ancestors'], url).toEqual(["'none'"]);
    }
  });

  it('allow scripts only from our origin and Stripe (inline, only the rendered pages\' guard), and inline styles for Emotion', async () => {
    const csp = directives((await server.request({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    // Inline, only the rendered pages' guard, by its hash (common/contract/prerenderedPages.ts).
    expect(csp['script-src']).toEqual(["'self'", GUARD_HASH, EARLY_HASH, 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['frame-src']).toContain('https://js.stripe.com');
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['object-src']).toEqual(["'none'"]);
  });

  it('allow reCAPTCHA when the server verifies its tokens', async () => {
    const withRecaptcha = await server.variant({ config: { recaptchaSecret: 'secret' } });
    const csp = directives((await withRecaptcha.request({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp['script-src']).toContain('https://www.google.com/recaptcha/');
    expect(csp['frame-src']).toContain('https://www.google.com/recaptcha/');
  });

  it('allow Sentry\'s ingest origin and Google Analytics only when they are configured', async () => {
    const plain = directives((await server.request({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(plain['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(String(plain['script-src'])).not.toContain('google');

    const withServices = await server.variant({
      config: { browserServices: { sentryDsn: 'https://0123abcd@o42.ingest.sentry.io/4501', gaMeasurementId: 'G-A1B2C3D4E5' } },
    });
    const csp = directives((await withServices.request({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp['connect-src']).toContain('https://o42.ingest.sentry.io');
    expect(csp['script-src']).toEqual(["'self'", GUARD_HASH, EARLY_HASH, 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://www.googletagmanager.com/gtag/']);
    expect(csp['img-src']).toContain('https://*.google-analytics.com');
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['https://*.google-analytics.com', 'https://*.analytics.google.com']));
    // The SDK is part of our bundle: Sentry adds no script origin.
    expect(String(csp['script-src'])).not.toContain('sentry');
  });

  it('let other origins load the widget API and uploaded files, but not the dashboard API', async () => {
    const widgetApi = await server.request({ method: 'GET', url: '/widget-api/config/UnknownKey1234567' });
    expect(widgetApi.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const file = await server.request({ method: 'GET', url: '/files/unknown/picture.png' });
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const api = await server.request({ method: 'GET', url: '/api/health' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('send HSTS only over TLS, as a trusted proxy reports it', async () => {
    const proxied = await server.variant({ config: { trustProxy: true } });
    const overTls = await proxied.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await proxied.request({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without a trusted proxy, anyone could send the header: it is ignored.
    const spoofed = await server.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the built SPA', () => {
  it('does not serve the build\'s own files', async () => {
    const spa = await server.variant({ spaDir });
    expect((await spa.app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
    expect((await spa.app.inject({ method: 'GET', url: '/assets/main-abc123.js' })).statusCode).toBe(200);
  });
});

describe('the page settings in index.html (spec §7, other configuration)', () => {
  let pageDir: string;
  const index = '<!doctype html><html><head><title>Dashboard</title></head><body><div id="root"></div></body></html>';
  beforeAll(() => {
    pageDir = mkdtempSync(path.join(tmpdir(), 'spa-page-'));
    writeFileSync(path.join(pageDir, 'index.html'), index);
  });
  afterAll(() => rmSync(pageDir, { recursive: true, force: true }));

  it('are not there when nothing is configured: index.html goes out as built', async () => {
    const spa = await server.variant({ spaDir: pageDir });
    for (const url of ['/', '/dashboard']) {
      const page = await spa.app.inject({ method: 'GET', url, headers: html });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(index);
    }
  });

  it('name the Sentry DSN, the GA4 id and the widget script\'s address on every page, never cached', async () => {
    const spa = await server.variant({
      spaDir: pageDir,
      config: {
        browserServices: { sentryDsn: 'https://0123abcd@o42.ingest.sentry.io/4501', gaMeasurementId: 'G-A1B2C3D4E5' },
        widgetPublicUrls: { script: 'https://cdn.example.com/widget.js', api: 'https://dash.example.com/widget-api' },
      },
    });
    for (const url of ['/', '/auth/login', '/widgets/manage/general/3']) {
      const page = await spa.app.inject({ method: 'GET', url, headers: html });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain(
        '<meta name="config:sentry-dsn" content="https://0123abcd@o42.ingest.sentry.io/4501">' +
          '<meta name="config:ga-measurement-id" content="G-A1B2C3D4E5">' +
          '<meta name="config:widget-script-url" content="https://cdn.example.com/widget.js"></head>',
      );
    }
  });
});

describe('the not-found handler', () => {
  it(`answers 429 after ${NOT_FOUND_LIMIT.max} unknown addresses a minute from one client, then only to that client`, async () => {
    const spa = await server.variant({ spaDir });
    const probe = (url: string, remoteAddress = '203.0.113.7') => spa.app.inject({ method: 'GET', url, remoteAddress });
    for (let i = 0; i < NOT_FOUND_LIMIT.max; i++) {
      const response = await probe(i % 2 ? `/api/probe-${i}` : `/assets/probe-${i}.js`);
      expect(response.statusCode).toBe(404);
    }
    const limited = await probe('/api/one-more');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'too_many_requests', error_description: 'Too many requests for unknown addresses. Please try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await probe('/assets/another.js')).statusCode).toBe(429);

    expect((await probe('/api/probe-1', '203.0.113.8')).statusCode).toBe(404);
    // Pages the SPA answers are not probing: deep links keep working.
    const page = await spa.app.inject({ method: 'GET', url: '/widgets/manage/general/3', headers: html, remoteAddress: '203.0.113.7' });
    expect(page.statusCode).toBe(200);
    // Known routes are not limited.
    expect((await probe('/api/health')).statusCode).toBe(200);
  });
});
