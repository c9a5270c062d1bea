import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';
import { PRERENDERED_PAGES, prerenderedFileOf } from '../../common/contract/prerenderedPages.ts';

// The public pages rendered to HTML at build time (issue 17): Lighthouse's mobile profile found
// the sign-in page's largest paint (its heading) waiting for the core chunk to download and run,
// about 2.6 s on slow 4G. The build renders each page of PRERENDERED_PAGES in Node with the same
// code (src/prerender.tsx, built for Node with this config), writes it into a copy of index.html,
// and src/main.tsx hydrates it. Emotion writes each component's styles beside it as a <style>
// element, which Emotion's browser cache moves into the head before React hydrates.

const ROOT_ELEMENT = '<div id="root"></div>';

/** index.html with a page's markup in #root, marked with the path it was rendered for. */
export function withPrerenderedPage(indexHtml: string, pagePath: string, markup: string): string {
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`prerender: index.html has no ${ROOT_ELEMENT}`);
  return indexHtml.replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${pagePath}">${markup}</div>`);
}

/** The build plugin; it does nothing in its own (Node) build of src/prerender.tsx. */
export function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr || process.env.PRERENDER_NODE_BUILD) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      // Inside the project, so that Node finds the packages the Node build leaves out.
      mkdirSync(path.join(config.root, 'node_modules', '.prerender'), { recursive: true });
      const nodeOut = mkdtempSync(path.join(config.root, 'node_modules', '.prerender', 'build-'));
      const { build } = await import('vite');
      process.env.PRERENDER_NODE_BUILD = '1';
      try {
        await build({
          root: config.root,
          configFile: config.configFile,
          logLevel: 'warn',
          // Chakra bundled, so that chakraStaticGlobals leaves its global styles out here too (as
          // in the browser's build, whose index.html has them); React and Emotion stay shared.
          // The router bundled with its browser flavour: its server flavour renders another tree
          // (no Suspense around the root match, a scroll-restoration script), which would not
          // match the browser's first render when the page hydrates.
          ssr: { noExternal: [/^@chakra-ui\//, /^@tanstack\//] },
          resolve: { alias: { '@tanstack/router-core/isServer': path.join(config.root, 'node_modules/@tanstack/router-core/dist/esm/isServer/client.js') } },
          build: {
            ssr: path.join(config.root, 'src/prerender.tsx'),
            outDir: nodeOut,
            emptyOutDir: true,
            manifest: false,
            rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'prerender.js' } },
          },
        });
        // The stored session and language are read from localStorage, which Node lacks: none.
        const memory = new Map<string, string>();
        (globalThis as { localStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'> }).localStorage ??= {
          getItem: (key) => memory.get(key) ?? null,
          setItem: (key, value) => void memory.set(key, value),
          removeItem: (key) => void memory.delete(key),
          clear: () => memory.clear(),
        };
        const { renderPage } = (await import(pathToFileURL(path.join(nodeOut, 'prerender.js')).href)) as {
          renderPage: (pagePath: string) => Promise<string>;
        };
        const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        for (const pagePath of PRERENDERED_PAGES) {
          const html = withPrerenderedPage(indexHtml, pagePath, await renderPage(pagePath));
          const file = path.join(outDir, prerenderedFileOf(pagePath)!);
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, html);
          // The twins the server sends as they are (vite.config.ts, compression; spa.ts).
          writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
        }
      } finally {
        delete process.env.PRERENDER_NODE_BUILD;
        rmSync(nodeOut, { recursive: true, force: true });
      }
    },
  };
}
