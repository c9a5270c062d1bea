import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chakraGlobalCss, chakraStaticGlobals } from './chakraGlobalCss.ts';

const chakraSystemFile = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist/esm/styled-system/system.js');

describe('Chakra global styles written at build time', () => {
  it('hold the layer order, the reset, the global CSS and every token variable', () => {
    const css = chakraGlobalCss();
    expect(css.startsWith('@layer reset, base, tokens, recipes;')).toBe(true);
    expect(css).toContain('@layer reset{');
    expect(css).toContain('*:focus-visible{');
    expect(css).toContain('--chakra-colors-blue-600:');
    expect(css).toContain('--chakra-colors-fg-error:');
  });

  it("empties the runtime system's global styles in Chakra's own module", () => {
    const plugin = chakraStaticGlobals();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const transformed = transform(readFileSync(chakraSystemFile, 'utf8'), chakraSystemFile);
    expect(transformed?.code).toContain('const _global = [];');
    expect(transform('const x = 1;', '/src/other.ts')).toBeNull();
  });
});
