import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type Storage } from './storage.ts';

/**
 * Files in a local directory (the embedded default: DATA_DIR/files). Writes go to a temporary
 * name first and are renamed into place, so a reader never sees half a file. With several
 * server instances, the directory must be shared (or use an S3-compatible storage).
 */
export class LocalStorage implements Storage {
  readonly description: string;
  readonly #root: string;

  constructor(root: string) {
    this.#root = path.resolve(root);
    this.description = `local, files under ${this.#root}`;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.#path(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, target);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.#path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  #path(key: string): string {
    assertStorageKey(key);
    return path.join(this.#root, ...key.split('/'));
  }
}
