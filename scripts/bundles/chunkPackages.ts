import type { Plugin } from 'vite';

/** Where the build writes, beside Vite's manifest, the npm packages bundled into each chunk. */
export const CHUNK_PACKAGES_FILE = '.vite/chunk-packages.json';

/** `@scope/name` or `name` of a module under node_modules, else null (our own sources). */
export function packageOf(moduleId: string): string | null {
  const match = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId);
  return match ? match[1]! : null;
}

/**
 * Records which packages each chunk bundles (the manifest lists chunks, not their modules), so
 * the build report can say where nivo, react-datepicker or Stripe ended up (scripts/build-report.ts).
 */
export function chunkPackages(): Plugin {
  return {
    name: 'chunk-packages',
    apply: 'build',
    generateBundle(_options, bundle) {
      const packages: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const names = new Set(output.moduleIds.map(packageOf).filter((name) => name !== null));
        packages[output.fileName] = [...names].sort();
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_PACKAGES_FILE, source: JSON.stringify(packages, null, 2) });
    },
  };
}
