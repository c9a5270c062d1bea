import type { HtmlTagDescriptor, Plugin } from 'vite';

// The signed-in shell's scripts preloaded by index.html (issue 17, Largest Contentful Paint on a
// phone). The shell's route chunk (src/routes/_app.tsx) and the groups it imports (`shared`,
// `app`: scripts/bundles/chunkGroups.ts) were requested only once the core chunk had run and the
// router had matched the route: one more round trip on slow 4G after about a second of script,
// with the screen waiting for both. Named in index.html, they download while core runs.
// index.html answers the signed-in screens; the rendered public pages (prerender.ts) have their
// own HTML, and leave these links out (SHELL_PRELOAD).

/** The route file whose component chunk is the shell. */
const SHELL_ROUTE = /[\\/]src[\\/]routes[\\/]_app\.tsx\?tsr-split=component$/;

/** The attribute that marks these links, for the rendered public pages to drop them. */
export const SHELL_PRELOAD_ATTRIBUTE = 'data-shell';
/** One of these links in the built index.html. */
export const SHELL_PRELOAD = /<link rel="modulepreload" crossorigin href="[^"]+" data-shell="">/g;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
}

/** The shell's chunk and every chunk it imports statically, except those index.html already loads. */
export function shellFiles(bundle: Record<string, ChunkLike | { type: 'asset' }>, entryFiles: ReadonlySet<string>): string[] {
  const chunks = Object.values(bundle).filter((output): output is ChunkLike => output.type === 'chunk');
  const shell = chunks.find((chunk) => chunk.facadeModuleId !== null && SHELL_ROUTE.test(chunk.facadeModuleId));
  if (!shell) throw new Error('shell-preloads: the build has no chunk for src/routes/_app.tsx');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files: string[] = [];
  const pending = [shell.fileName];
  while (pending.length) {
    const file = pending.shift()!;
    if (files.includes(file) || entryFiles.has(file)) continue;
    files.push(file);
    pending.push(...(byFile.get(file)?.imports ?? []));
  }
  return files;
}

/** The build plugin: index.html with a modulepreload link for each of `shellFiles`. */
export function shellPreloads(): Plugin {
  let base = '/';
  return {
    name: 'shell-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle || !context.chunk) return [];
        const entryFiles = new Set([context.chunk.fileName, ...context.chunk.imports]);
        const bundle = context.bundle as unknown as Record<string, ChunkLike | { type: 'asset' }>;
        return shellFiles(bundle, entryFiles).map(
          (file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}`, [SHELL_PRELOAD_ATTRIBUTE]: '' },
            injectTo: 'head',
          }),
        );
      },
    },
  };
}
