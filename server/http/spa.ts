import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageConfig } from '../../common/contract/pageConfig.ts';
import { prerenderedFileOf } from '../../common/contract/prerenderedPages.ts';
import { withPageConfig } from './pageConfig.ts';
import { routePreloads, withHeadTags } from './routePreloads.ts';
import type { Manifest } from '../../common/contract/pageGraph.ts';

/**
 * Where `npm run build` puts the dashboard (vite.config.ts build.outDir). `SPA_DIR` moves it for
 * browser-test servers running side by side (scripts/e2e-server.ts), each with its own build.
 */
export const SPA_DIR = process.env.SPA_DIR ?? fileURLToPath(new URL('../../dist/app', import.meta.url));

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A phone handset in the brand colour; served when the build has no favicon (a 404 is a console error). */
const FALLBACK_FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#83D1FC"/>' +
  '<path fill="#fff" d="M11.6 7.5c.6-.2 1.3.1 1.6.7l1.6 3.5c.3.6.1 1.3-.4 1.7l-1.7 1.3a11 11 0 0 0 4.6 4.6l1.3-1.7c.4-.5 1.1-.7 1.7-.4l3.5 1.6c.6.3.9 1 .7 1.6l-.8 2.6c-.2.6-.8 1-1.4 1C13.9 24 8 18.1 7.9 9.7c0-.6.4-1.2 1-1.4z"/></svg>';

/** Answers a page navigation with the SPA's index.html. */
export type SendSpaIndex = (reply: FastifyReply) => FastifyReply;

/**
 * Serves the built SPA when dist/app exists: hashed assets cached for a year, index.html never
 * cached (so a deploy is picked up at once), and index.html for any other page the browser
 * asks for (`sendIndex`), so deep links like /widgets/manage/general/3 load the app. The page
 * settings (`pageConfig`: error reporting, analytics, the widget script's address) are written
 * into index.html as it is served.
 */
export async function registerSpa(
  app: FastifyInstance,
  spaDir = SPA_DIR,
  pageConfig: PageConfig = {},
): Promise<{ served: boolean; sendIndex: SendSpaIndex }> {
  const sendIndex = spaIndexSender(spaDir, pageConfig, (message) => app.log.warn(message));
  const built = existsSync(path.join(spaDir, 'index.html'));
  if (!built || !existsSync(path.join(spaDir, 'favicon.ico'))) {
    app.get('/favicon.ico', (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FALLBACK_FAVICON),
    );
  }

  if (!built) return { served: false, sendIndex };
  await app.register(fastifyStatic, {
    root: spaDir,
    index: false,
    // The build's own files (.vite/manifest.json, .source-hash) are not part of the site.
    dotfiles: 'ignore',
    // The build's .br and .gz twins (vite.config.ts, compression) for browsers that accept them.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', isHashedAsset ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
    },
  });
  // The static handler answers 403 for a directory; the root is the app.
  app.get('/', (_request, reply) => sendIndex(reply));
  return { served: true, sendIndex };
}

/** True for a browser navigation the SPA should answer (not the API, not the dev tools). */
export function wantsSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/dev/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * The HTML file for a page navigation: the page's own when the build rendered it (the public
 * pages, common/contract/prerenderedPages.ts), else index.html. Relative to the build directory.
 */
function htmlFileOf(spaDir: string, reply: FastifyReply): string {
  const pathname = reply.request.url.split('?')[0] ?? '';
  const prerendered = prerenderedFileOf(pathname);
  return prerendered && existsSync(path.join(spaDir, prerendered)) ? prerendered : 'index.html';
}

function sendSpaIndex(reply: FastifyReply, spaDir = SPA_DIR) {
  return reply.header('cache-control', 'no-cache').sendFile(htmlFileOf(spaDir, reply), spaDir);
}

/**
 * The route preloads of the build in `spaDir` (routePreloads.ts), or null (logged) when its
 * manifest cannot be read: the pages then go out without them, as before they existed.
 */
function preloadsOf(spaDir: string, html: string, warn: (message: string) => void): ((pathname: string) => string) | null {
  try {
    return routePreloads(JSON.parse(readFileSync(path.join(spaDir, '.vite', 'manifest.json'), 'utf8')) as Manifest, html);
  } catch (error) {
    warn(`spa: no screen preloads, the build manifest could not be read (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}

interface PageVariant {
  html: string;
  etag: string;
}

/**
 * With no page settings and no preloads for the path, the page goes out as built (with its
 * precompressed twins); otherwise the page with its settings and the screen's preloads written in
 * (routePreloads.ts), one variant per set of preloads (a screen's, about twenty), each with an ETag
 * so a browser revalidates it with a 304; read again when a rebuild changes the file; compressed on
 * the way out like any other answer.
 */
function spaIndexSender(spaDir: string, pageConfig: PageConfig, warn: (message: string) => void): SendSpaIndex {
  const configured = Object.keys(pageConfig).length > 0;
  const cached = new Map<string, { mtimeMs: number; html: string; preloads: ((pathname: string) => string) | null; variants: Map<string, PageVariant> }>();
  return (reply) => {
    const name = htmlFileOf(spaDir, reply);
    const file = path.join(spaDir, name);
    const { mtimeMs } = statSync(file);
    let page = cached.get(file);
    if (page?.mtimeMs !== mtimeMs) {
      const html = withPageConfig(readFileSync(file, 'utf8'), pageConfig);
      // The rendered public pages load their scripts once painted (scripts/bundles/prerender.ts): no preloads there.
      const preloads = name === 'index.html' ? preloadsOf(spaDir, html, warn) : null;
      cached.set(file, (page = { mtimeMs, html, preloads, variants: new Map() }));
    }
    const preloads = page.preloads?.(reply.request.url.split('?')[0] ?? '') ?? '';
    if (!configured && !preloads) return sendSpaIndex(reply, spaDir);
    let variant = page.variants.get(preloads);
    if (!variant) {
      const html = withHeadTags(page.html, preloads);
      page.variants.set(preloads, (variant = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` }));
    }
    reply.header('cache-control', 'no-cache').header('etag', variant.etag);
    if (reply.request.headers['if-none-match'] === variant.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(variant.html);
  };
}
