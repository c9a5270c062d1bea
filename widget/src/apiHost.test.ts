// @vitest-environment jsdom
// The widget API's host in the built script (issue 16, item 10): the server writes WIDGET_API_URL
// over a placeholder when it serves /widget.js (common/contract/widgetScript.ts). This builds the
// real script, so a minifier that folded the placeholder away would fail here, and runs it on a
// page as it is built and as the server would serve it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WIDGET_API_BASE_PLACEHOLDER, withWidgetApiBase } from '../../common/contract/widgetScript.ts';
import { widgetApiBase } from './widgetClient.ts';

const root = join(import.meta.dirname, '..', '..');
let outDir: string;
let built: string;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'widget-api-host-'));
  const { build } = await import('vite');
  await build({ configFile: join(root, 'widget', 'vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  built = readFileSync(join(outDir, 'widget.js'), 'utf8');
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.replaceChildren();
});

/** Runs `script` as if loaded by the snippet from `src`; answers the widget config as unavailable. */
async function run(script: string, src: string): Promise<string[]> {
  const requested: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url);
    return new Response(JSON.stringify({ available: false, timeZone: 'UTC', widgets: [] }), { status: 200 });
  });
  const tag = document.createElement('script');
  tag.src = src;
  document.head.append(tag);
  new Function(script)();
  await vi.waitFor(() => expect(requested).not.toHaveLength(0));
  return requested;
}

describe('the widget API host', () => {
  it('is the script\'s own origin unless an address was written in', () => {
    expect(widgetApiBase('https://dash.example.com')).toBe('https://dash.example.com/widget-api');
    expect(widgetApiBase('https://cdn.example.com', 'https://api.example.com/widget-api')).toBe('https://api.example.com/widget-api');
  });

  it('keeps the placeholder in the minified build for the server to replace', () => {
    expect(built.split(WIDGET_API_BASE_PLACEHOLDER)).toHaveLength(2);
  });

  it('as built, the script calls the API where it was loaded from', async () => {
    expect(await run(built, 'https://dash.example.com/widget.js?key=Key1234567890abc')).toEqual(['https://dash.example.com/widget-api/config/Key1234567890abc']);
  });

  it('as served with WIDGET_API_URL, it calls that host though the script came from a CDN', async () => {
    const served = withWidgetApiBase(built, 'https://widgets.example.com/widget-api');
    expect(await run(served, 'https://cdn.example.com/widget.js?key=Key1234567890abc')).toEqual(['https://widgets.example.com/widget-api/config/Key1234567890abc']);
  });
});
