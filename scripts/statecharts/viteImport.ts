import { join } from 'node:path';

/**
 * Imports a module the way the tests do: through Vite with the project's config, so the Lingui
 * macros in machines compile. For the statechart scripts, which run under plain Node.
 */
export async function importWithVite<T>(path: string): Promise<T> {
  const root = join(import.meta.dirname, '..', '..');
  const { createServer } = await import('vite');
  const server = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return (await server.ssrLoadModule(join(root, path))) as T;
  } finally {
    await server.close();
  }
}
