import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { prerenderedFileOf } from '../../common/contract/prerenderedPages.ts';
import { CHUNK_PACKAGES_FILE } from './chunkPackages.ts';
import { type Manifest, pagesOf } from '../../common/contract/pageGraph.ts';

export interface Size {
  raw: number;
  gzip: number;
}

export interface ChunkReport extends Size {
  file: string;
  packages: string[];
}

export interface PageReport extends Size {
  path: string;
  signedIn: boolean;
  /** gzip of the chunks the screen adds to the shell (Page.ownFiles). */
  ownGzip: number;
  files: string[];
  ownFiles: string[];
  lazyFiles: string[];
}

export interface BuildReport {
  chunks: ChunkReport[];
  pages: PageReport[];
  widget: Size | null;
}

export function sizeOf(file: string): Size {
  const content = readFileSync(file);
  return { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * The classic scripts a page the build rendered to HTML loads besides its entry's chunks: the
 * loader that starts the entry once the page has painted (scripts/bundles/prerender.ts).
 */
function prerenderedPageScripts(appDir: string, pagePath: string): string[] {
  const file = prerenderedFileOf(pagePath);
  if (!file || !existsSync(join(appDir, file))) return [];
  return [...readFileSync(join(appDir, file), 'utf8').matchAll(/<script defer src="\/([^"]+)"/g)].map((match) => match[1]!);
}

/** The report of a build: the SPA in `appDir` (built with build.manifest) and the widget script. */
export function buildReport(appDir: string, widgetScript: string): BuildReport {
  const manifestFile = join(appDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with build.manifest (vite.config.ts)`);
  const manifest = readJson<Manifest>(manifestFile);
  const packages = readJson<Record<string, string[]>>(join(appDir, CHUNK_PACKAGES_FILE));
  const chunks = Object.keys(packages)
    .map((file) => ({ file, ...sizeOf(join(appDir, file)), packages: packages[file]! }))
    .sort((a, b) => b.gzip - a.gzip);
  const size = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const total = (files: string[], key: keyof Size) => files.reduce((sum, file) => sum + (size.get(file)?.[key] ?? 0), 0);
  const pages = pagesOf(manifest).map((page) => {
    const loaders = prerenderedPageScripts(appDir, page.path);
    for (const file of loaders) if (!size.has(file)) size.set(file, { file, ...sizeOf(join(appDir, file)), packages: [] });
    const files = [...page.files, ...loaders].sort();
    return { ...page, files, raw: total(files, 'raw'), gzip: total(files, 'gzip'), ownGzip: total(page.ownFiles, 'gzip') };
  });
  return { chunks, pages, widget: existsSync(widgetScript) ? sizeOf(widgetScript) : null };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1).padStart(7);

/** The report as text: every chunk, then every page. */
export function formatReport(report: BuildReport): string {
  const lines = ['chunk                                            raw kB  gzip kB  packages'];
  for (const chunk of report.chunks) {
    lines.push(`${chunk.file.padEnd(46)} ${kb(chunk.raw)}  ${kb(chunk.gzip)}  ${chunk.packages.join(' ')}`);
  }
  lines.push('', 'page                                    total raw  total gzip  own gzip  chunks  lazy');
  for (const page of report.pages) {
    const own = page.signedIn ? kb(page.ownGzip) : '      -';
    lines.push(`${page.path.padEnd(40)} ${kb(page.raw)}    ${kb(page.gzip)}   ${own}  ${String(page.files.length).padStart(6)}  ${page.lazyFiles.length}`);
  }
  if (report.widget) lines.push('', `widget.js ${kb(report.widget.raw)} kB raw ${kb(report.widget.gzip)} kB gzip`);
  return lines.join('\n');
}
