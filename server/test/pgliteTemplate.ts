import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_FOLDER, openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';

const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/server-tests', import.meta.url));

/**
 * A PGlite cluster already migrated and seeded, as a tarball cached on disk. An empty in-memory
 * PGlite costs seconds to initialise per test file; loading this costs well under one. The
 * cache key covers the migrations, the reference data and the PGlite version, so any change
 * makes a new template.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(CACHE_DIR, `pglite-${templateKey()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);

  const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: null });
  try {
    await prepareDatabase(handle);
    const dump = await handle.dump!();
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside and renamed: parallel test workers never read a half-written template.
    const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await handle.close();
  }
}

function templateKey(): string {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort();
  for (const name of files) {
    const full = path.join(MIGRATIONS_FOLDER, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(full));
  }
  hash.update(readFileSync(fileURLToPath(new URL('../db/referenceData.ts', import.meta.url))));
  hash.update(readFileSync(fileURLToPath(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url))));
  return hash.digest('hex').slice(0, 16);
}
