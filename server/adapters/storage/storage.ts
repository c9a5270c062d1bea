/**
 * Where uploaded files (and other blobs, such as call recordings) keep their bytes
 * (ARCHITECTURE.md, Adapters: storage). Keys are chosen by the caller: one or more segments of
 * letters, digits, `_`, `-` and `.`, joined by `/` (e.g. `uploads/Q2x…`); see assertStorageKey.
 * The database remembers the key, content type and size; the storage only holds bytes.
 */
export interface Storage {
  /** Shown in the startup log. */
  readonly description: string;
  /** Stores the bytes under `key`, replacing what was there. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes under `key`; nothing happens when there are none. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/** Refuses keys that could leave the storage's root (`..`, absolute paths, backslashes). */
export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 512 || !segments.every((segment) => SEGMENT.test(segment) && segment !== '..')) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
}
