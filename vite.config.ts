import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { compression } from 'vite-plugin-compression2';
import { chunkGroups } from './scripts/bundles/chunkGroups.ts';
import { chunkPackages } from './scripts/bundles/chunkPackages.ts';
import { chakraStaticGlobals } from './scripts/bundles/chakraGlobalCss.ts';
import { prerenderPublicPages } from './scripts/bundles/prerender.ts';
import { EARLY_FETCH_SCRIPT } from './common/contract/earlyFetch.ts';

// Lingui macros need Babel: plugin-react 6 compiles with Oxc and has no babel option, so the
// macro preset runs through @rolldown/plugin-babel (see ../shared/STACK.md, "Lingui macros").
const linguiMacros = () => [lingui(), babel({ presets: [linguiTransformerBabelPreset()] })];

// react-datepicker require()s date-fns-tz for its optional `timeZone` prop, which the app does
// not use (filters convert days itself, src/lib/dateTime.ts). Bundled, that require pulls the
// CommonJS builds of date-fns and date-fns-tz (~70 kB) into every screen with a date filter;
// this stub makes the require fail, which react-datepicker catches ("not installed").
const datepickerWithoutTimeZones = {
  name: 'react-datepicker-without-time-zones',
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined) {
    return source === 'date-fns-tz' && importer?.includes('/node_modules/react-datepicker/') ? '\0react-datepicker-no-date-fns-tz' : null;
  },
  load(id: string) {
    return id === '\0react-datepicker-no-date-fns-tz' ? 'throw new Error("date-fns-tz is not bundled for react-datepicker");' : null;
  },
};

// A signed-in visit's first requests leave while the app's scripts download
// (common/contract/earlyFetch.ts): the script goes first in the head, as it is (the CSP has its hash).
const earlyFetch = {
  name: 'early-fetch-script',
  transformIndexHtml: () => [{ tag: 'script', children: EARLY_FETCH_SCRIPT, injectTo: 'head-prepend' as const }],
};

const chunking = chunkGroups();

const apiPort = Number(process.env.API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    earlyFetch,
    ...linguiMacros(),
    datepickerWithoutTimeZones,
    chakraStaticGlobals(),
    chunkPackages(),
    chunking.plugin,
    // Brotli and gzip twins of every text file over 1 kB, at the best levels, once per build: the
    // server sends them as they are (server/http/spa.ts, preCompressed).
    compression({ threshold: 1024 }),
    prerenderPublicPages(),
  ],
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': apiTarget,
      '/dev': apiTarget,
      '/widget-api': apiTarget,
      '/widget.js': apiTarget,
      '/files': apiTarget,
      '/receipts': apiTarget,
    },
  },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    sourcemap: false,
    // The entry's `core` chunk (React DOM, Chakra, the router, XState: 640 kB raw, 197 kB gzip) is
    // one file by design (scripts/bundles/chunkGroups.ts); scripts/bundles/budgets.ts holds sizes.
    chunkSizeWarningLimit: 800,
    // .vite/manifest.json: the chunk graph the build report walks (scripts/build-report.ts).
    manifest: true,
    rolldownOptions: {
      // Chakra's theme module builds an unused default config of every recipe through
      // defineConfig (an identity function without a pure annotation); marked pure, the
      // recipes the app leaves out of src/ui/system.ts are dropped from the entry.
      treeshake: { manualPureFunctions: ['defineConfig'] },
      output: { codeSplitting: { groups: chunking.groups } },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['machines/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'common/**/*.test.ts', 'widget/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          // Server tests share one database per file; files run in parallel across 2 cores.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
