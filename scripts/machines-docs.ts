// `npm run machines:docs`: writes a Mermaid state diagram of every machine (machines/**/*.machine.ts)
// into docs/machines/, with an index, and removes pages of machines that no longer exist.
// scripts/statecharts/docs.test.ts fails while a committed page differs from this output.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importWithVite } from './statecharts/viteImport.ts';
import type * as Docs from './statecharts/docs.ts';

const root = join(import.meta.dirname, '..');
const { renderDocs, docsDir } = await importWithVite<typeof Docs>('scripts/statecharts/docs.ts');
const files = renderDocs();
mkdirSync(join(root, docsDir), { recursive: true });
const wanted = new Set(files.map((file) => file.path));
for (const name of readdirSync(join(root, docsDir))) {
  if (!wanted.has(`${docsDir}/${name}`)) rmSync(join(root, docsDir, name));
}
for (const file of files) writeFileSync(join(root, file.path), file.content);
console.log(`machines:docs: wrote ${files.length - 1} machine diagrams and the index into ${docsDir}/`);
