import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';
import { PRERENDER_GUARD_SCRIPT, PRERENDER_GUARD_STYLE, PRERENDERED_PAGES, prerenderedFileOf } from '../../common/contract/prerenderedPages.ts';

// The public pages rendered to HTML at build time (issue 17): Lighthouse's mobile profile found
// the sign-in page's largest paint (its heading) waiting for the core chunk to download and run,
// about 2.6 s on slow 4G. The build renders each page of PRERENDERED_PAGES in Node with the same
// code (src/prerender.tsx, built for Node with this config), writes it into a copy of index.html,
// and src/main.tsx hydrates it. The styles Emotion writes beside each component go into the head
// (hoistEmotionStyles), where its browser cache finds them when React hydrates.

const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * What a rendered page loads instead of the entry script: a classic deferred script that adds
 * the entry, and the preloads of the files it imports, once the browser has presented the page.
 * Run (or even downloaded) first, the app's scripts came before the first paint of HTML that was
 * already there: a module script runs once it has loaded and the page is parsed, often before
 * the first frame (React, Chakra, the router: about 100 ms, 400 ms under Lighthouse's 4× slower
 * CPU), and Lighthouse's simulation counts every script that has loaded before the largest paint
 * as holding it back. A hidden tab paints no frames: there the entry is added at once.
 */
const PAINT_FIRST_LOADER = `(() => {
  const { entry, preload } = document.currentScript.dataset;
  const start = () => {
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  if (document.visibilityState === 'hidden') start();
  // The frame after next: by then the first one has been presented, not only painted.
  else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
})();
`;

const EMOTION_STYLE = /<style data-emotion="([^"]+)">([^<]*)<\/style>/g;

/**
 * The page's markup without the <style> elements Emotion's server rendering writes beside each
 * component, and those styles for the head: Emotion's global ones as they are, the components'
 * in one element naming them all (`css id1 id2 …`, the form Emotion's browser cache reads). The
 * browser cache would move them into the head before React hydrates; done here, the parser meets
 * one stylesheet instead of one per component in the middle of the page.
 */
export function hoistEmotionStyles(markup: string): { markup: string; head: string } {
  const globals: string[] = [];
  const ids: string[] = [];
  const rules: string[] = [];
  const body = markup.replaceAll(EMOTION_STYLE, (element, attribute: string, css: string) => {
    const [key, ...names] = attribute.split(' ');
    if (key !== 'css') globals.push(element);
    else {
      ids.push(...names);
      rules.push(css);
    }
    return '';
  });
  const components = ids.length ? `<style data-emotion="css ${ids.join(' ')}">${rules.join('')}</style>` : '';
  return { markup: body, head: `${globals.join('')}${components}` };
}

/**
 * index.html with a page's markup in #root, marked with the path it was rendered for, and its
 * entry and preloads started by the loader (`loaderUrl`) once the page has been presented.
 */
export function withPrerenderedPage(indexHtml: string, pagePath: string, markup: string, loaderUrl: string): string {
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`prerender: index.html has no ${ROOT_ELEMENT}`);
  if (!ENTRY_SCRIPT.test(indexHtml)) throw new Error(`prerender: index.html has no entry script like ${ENTRY_SCRIPT}`);
  const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const styled = hoistEmotionStyles(markup);
  return indexHtml
    .replace('</head>', () => `<style>${PRERENDER_GUARD_STYLE}</style><script>${PRERENDER_GUARD_SCRIPT}</script>${styled.head}</head>`)
    .replaceAll(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, (_script, entry: string) => `<script defer src="${loaderUrl}" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`)
    .replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${pagePath}">${styled.markup}</div>`);
}

/** The build plugin; it does nothing in its own (Node) build of src/prerender.tsx. */
export function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig;
  let loaderFile: string | null = null;
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle() {
      if (config.build.ssr || process.env.PRERENDER_NODE_BUILD) return;
      loaderFile = this.getFileName(this.emitFile({ type: 'asset', name: 'paint-first.js', source: PAINT_FIRST_LOADER }));
    },
    async closeBundle() {
      if (config.build.ssr || process.env.PRERENDER_NODE_BUILD || !loaderFile) return;
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
          const html = withPrerenderedPage(indexHtml, pagePath, await renderPage(pagePath), `${config.base}${loaderFile}`);
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
