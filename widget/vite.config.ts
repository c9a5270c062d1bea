import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The embeddable script (ARCHITECTURE.md "The widget"): one IIFE file, dist/widget/widget.js,
// with no dependencies and one global namespace. Build with `npx vite build -c widget/vite.config.ts`.
// Budget (issue 7): at most 12 kB gzip (widget/src/embed.test.ts checks a fresh build). The entry is
// the embed script; the dashboard's preview imports the renderer's source directly. `npm run build`
// and scripts/build-if-stale.ts build it (the latter into another outDir beside a moved SPA build).
const widgetDir = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: widgetDir,
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('../dist/widget', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2020',
    lib: {
      entry: fileURLToPath(new URL('src/embed.ts', import.meta.url)),
      formats: ['iife'],
      name: 'CallbackWidget',
      fileName: () => 'widget.js',
    },
  },
});
