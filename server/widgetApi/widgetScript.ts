import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { withWidgetApiBase } from '../../common/contract/widgetScript.ts';

const DEFAULT_WIDGET_DIR = fileURLToPath(new URL('../../dist/widget', import.meta.url));

/**
 * Where the embed script's build goes (widget/vite.config.ts; scripts/build-if-stale.ts) and the
 * server reads it: `WIDGET_DIR`, else beside a moved SPA build (`SPA_DIR` + `-widget`, so
 * browser-test servers on other ports keep their own copy), else dist/widget. Read when called:
 * scripts set SPA_DIR after importing this.
 */
export function widgetDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.WIDGET_DIR) return env.WIDGET_DIR;
  return env.SPA_DIR ? `${env.SPA_DIR.replace(/[/\\]+$/, '')}-widget` : DEFAULT_WIDGET_DIR;
}

/** The snippet's URL is not versioned, so browsers keep the script only a few minutes (then revalidate by ETag). */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * Serves the embed script at `/widget.js` (ARCHITECTURE.md, The widget) for any website: cached
 * briefly with an ETag, readable cross-origin. The file is read again when it changes on disk
 * (a rebuild while the server runs). Without a build it answers 404 with a script comment.
 * With `apiBase` (WIDGET_API_URL) the script calls the widget API there instead of on its own
 * origin, so a CDN can serve the script, the API, or both.
 */
export function registerWidgetScript(app: FastifyInstance, dir = widgetDir(), apiBase?: string): void {
  const file = join(dir, 'widget.js');
  let cached: { mtimeMs: number; body: Buffer; etag: string } | null = null;

  function load(): typeof cached {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const built = readFileSync(file);
      const body = apiBase ? Buffer.from(withWidgetApiBase(built.toString('utf8'), apiBase)) : built;
      cached = { mtimeMs, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    return cached;
  }

  app.get('/widget.js', (request, reply) => {
    reply.header('access-control-allow-origin', '*').header('x-content-type-options', 'nosniff');
    const script = load();
    if (!script) {
      return reply.code(404).type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send('/* widget.js is not built: run npm run build */\n');
    }
    reply.header('cache-control', CACHE_CONTROL).header('etag', script.etag);
    if (request.headers['if-none-match'] === script.etag) return reply.code(304).send();
    return reply.type('text/javascript; charset=utf-8').send(script.body);
  });
}
