import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../machines/auth/auth.types.ts';
import { clearLocalStorage, readStoredSession, writeStoredSession } from './sessionStorage.ts';
import { storageKeys } from './storageKeys.ts';

/** A Storage in memory (the unit project runs in Node). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const context: AuthContext = {
  authToken: 'access',
  refreshToken: 'refresh',
  user: { id: 1, name: 'Demo Client', email: 'demo@example.com', timezone: 'UTC' },
  credentials: null,
  error: null,
};

describe('session storage', () => {
  it('writes and reads back the session', () => {
    const storage = memoryStorage();
    writeStoredSession(context, storage);
    expect(readStoredSession(storage)).toEqual({ authToken: 'access', refreshToken: 'refresh', user: context.user });
  });

  it('never stores the credentials of a login', () => {
    const storage = memoryStorage();
    writeStoredSession({ ...context, credentials: { email: 'demo@example.com', password: 'secret' } }, storage);
    expect(storage.getItem(storageKeys.session)).not.toContain('secret');
  });

  it('treats damaged or partial data as no session', () => {
    const storage = memoryStorage();
    storage.setItem(storageKeys.session, '{not json');
    expect(readStoredSession(storage)).toBeNull();
    storage.setItem(storageKeys.session, JSON.stringify({ authToken: 'a' }));
    expect(readStoredSession(storage)).toBeNull();
  });

  it('clears local storage but keeps the language choice', () => {
    const storage = memoryStorage();
    writeStoredSession(context, storage);
    storage.setItem('other', 'x');
    storage.setItem(storageKeys.language, 'de');
    clearLocalStorage(storage);
    expect(storage.length).toBe(1);
    expect(storage.getItem(storageKeys.language)).toBe('de');
  });
});
