import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The embeddable script (ARCHITECTURE.md "The widget"): one IIFE file, dist/widget/widget.js,
// with no dependencies and one global namespace. Build with `npx vite build -c widget/vite.config.ts`.
// Budget (issue 7): at most 12 kB gzip. Its entry is the renderer until the embed logic of issue 7
// (loading a website's widgets, triggers, events) arrives; the dashboard's preview imports the
// renderer's source directly and does not use this build.
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
      entry: fileURLToPath(new URL('src/render.ts', import.meta.url)),
      formats: ['iife'],
      name: 'CallbackWidget',
      fileName: () => 'widget.js',
    },
  },
});
