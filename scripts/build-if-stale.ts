// `npm start` builds the SPA only when its sources changed since the last build: a content hash
// of every input is stored beside the output, so a fresh clone builds once and restarts are instant.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { widgetDir } from '../server/widgetApi/widgetScript.ts';

const root = join(import.meta.dirname, '..');
// scripts/bundles: the chunk groups and build report that vite.config.ts imports.
const inputs = ['index.html', 'vite.config.ts', 'lingui.config.ts', 'tsconfig.json', 'package-lock.json', 'src', 'machines', 'common', 'widget', 'public', 'scripts/bundles'];

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
      yield* files(join(path, name));
    }
  } else {
    yield path;
  }
}

/** The embed script's inputs (widget/vite.config.ts): its own folder and the contract types and shared rules it imports. */
const widgetInputs = ['widget', 'common', 'package-lock.json', 'tsconfig.json'];

/** sha256 over the relative path and content of every build input. */
export function sourceHash(paths = inputs): string {
  const hash = createHash('sha256');
  for (const input of paths) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

export async function buildIfStale(): Promise<void> {
  await buildDashboardIfStale();
  await buildWidgetIfStale();
}

async function buildDashboardIfStale(): Promise<void> {
  // SPA_DIR: another output directory, for browser-test servers running side by side (e2e-server.ts).
  const outDir = process.env.SPA_DIR ?? join(root, 'dist', 'app');
  const stampFile = join(outDir, '.source-hash');
  const current = sourceHash();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === current) {
    console.log('build: dist/app is up to date');
    return;
  }
  console.log('build: sources changed, building the dashboard…');
  const started = Date.now();
  const { build } = await import('vite');
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  writeFileSync(stampFile, current);
  console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The embed script (/widget.js), into its own directory: server/widgetApi/widgetScript.ts widgetDir(). */
async function buildWidgetIfStale(): Promise<void> {
  const outDir = widgetDir();
  const stampFile = join(outDir, '.source-hash');
  const current = sourceHash(widgetInputs);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === current) {
    console.log(`build: ${relative(root, outDir)} is up to date`);
    return;
  }
  console.log('build: sources changed, building the widget script…');
  const { build } = await import('vite');
  await build({ configFile: join(root, 'widget', 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  writeFileSync(stampFile, current);
}

if (import.meta.main) {
  await buildIfStale();
}
