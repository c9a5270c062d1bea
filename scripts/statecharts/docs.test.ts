import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsDir, renderDocs } from './docs.ts';

const root = join(import.meta.dirname, '..', '..');
const outOfDate = 'is out of date: run `npm run machines:docs` and commit docs/machines/';

describe('machine diagrams in docs/machines', () => {
  const files = renderDocs();

  it.each(files.map((file) => [file.path, file] as const))('%s matches its machine definition', (path, file) => {
    const onDisk = existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined;
    expect(onDisk, `${path} ${outOfDate}`).toBe(file.content);
  });

  it('holds no page of a machine that no longer exists', () => {
    const wanted = files.map((file) => file.path.slice(docsDir.length + 1)).sort();
    expect(readdirSync(join(root, docsDir)).sort(), `${docsDir} ${outOfDate}`).toEqual(wanted);
  });
});
