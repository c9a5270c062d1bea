import { describe, expect, it } from 'vitest';
import { shellFiles } from './shellPreloads.ts';

const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null) => ({ type: 'chunk' as const, fileName, imports, facadeModuleId });

describe('shellFiles', () => {
  const bundle = {
    'assets/index.js': chunk('assets/index.js', ['assets/core.js'], '/p/index.html'),
    'assets/core.js': chunk('assets/core.js', []),
    'assets/_app.js': chunk('assets/_app.js', ['assets/core.js', 'assets/shared.js', 'assets/app.js'], '/p/src/routes/_app.tsx?tsr-split=component'),
    'assets/shared.js': chunk('assets/shared.js', ['assets/core.js']),
    'assets/app.js': chunk('assets/app.js', ['assets/core.js', 'assets/shared.js']),
    'assets/calls.js': chunk('assets/calls.js', ['assets/app.js'], '/p/src/routes/_app/calls.tsx?tsr-split=component'),
    'assets/style.css': { type: 'asset' as const },
  };

  it("is the shell's chunk and what it imports, without what index.html already loads", () => {
    expect(shellFiles(bundle, new Set(['assets/index.js', 'assets/core.js']))).toEqual(['assets/_app.js', 'assets/shared.js', 'assets/app.js']);
  });

  it('fails the build when the shell has no chunk of its own', () => {
    const { 'assets/_app.js': _shell, ...without } = bundle;
    expect(() => shellFiles(without, new Set())).toThrow(/_app\.tsx/);
  });
});
