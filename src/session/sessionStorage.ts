import * as z from 'zod/mini';
import type { AuthContext, StoredSession } from '../../machines/auth/auth.types.ts';
import { storageKeys } from './storageKeys.ts';

const storedSessionSchema = z.object({
  authToken: z.string().check(z.minLength(1)),
  refreshToken: z.string().check(z.minLength(1)),
  user: z.looseObject({ id: z.number(), name: z.string(), email: z.string(), timezone: z.string() }),
});

/** Reads the persisted session; anything unreadable counts as no session. */
export function readStoredSession(storage: Storage = localStorage): StoredSession | null {
  try {
    const raw = storage.getItem(storageKeys.session);
    if (!raw) return null;
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(context: AuthContext, storage: Storage = localStorage): void {
  if (!context.authToken || !context.refreshToken || !context.user) return;
  const session: StoredSession = { authToken: context.authToken, refreshToken: context.refreshToken, user: context.user };
  storage.setItem(storageKeys.session, JSON.stringify(session));
}

/**
 * spec §2 /logout: clears local storage. The language choice is a preference of the device, not
 * of the session, so it survives.
 */
export function clearLocalStorage(storage: Storage = localStorage): void {
  const language = storage.getItem(storageKeys.language);
  storage.clear();
  if (language) storage.setItem(storageKeys.language, language);
}
