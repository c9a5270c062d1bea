import type { Page } from '@playwright/test';

export type StoredTokens = { accessToken: string; refreshToken: string };

/** Finds the session the SPA persisted in local storage, wherever it keeps it. */
export async function storedTokens(page: Page): Promise<StoredTokens | null> {
  return page.evaluate(() => {
    const find = (value: unknown): StoredTokens | null => {
      if (!value || typeof value !== 'object') return null;
      const record = value as Record<string, unknown>;
      // The spec names the stored access token authToken (§3 Auth state).
      const accessToken = record.authToken ?? record.accessToken;
      if (typeof record.refreshToken === 'string' && typeof accessToken === 'string') {
        return { accessToken, refreshToken: record.refreshToken };
      }
      for (const inner of Object.values(record)) {
        const found = find(inner);
        if (found) return found;
      }
      return null;
    };
    for (let i = 0; i < localStorage.length; i += 1) {
      try {
        const found = find(JSON.parse(localStorage.getItem(localStorage.key(i)!) ?? 'null'));
        if (found) return found;
      } catch {
        // not JSON: not the session
      }
    }
    return null;
  });
}

/**
 * Counts token grants the page sends from now on: after sign-in every POST /oauth2/token is a
 * refresh (the body of a URLSearchParams fetch is not visible to Playwright, so the URL decides).
 */
export function countRefreshes(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/oauth2/token') && request.method() === 'POST') {
      count += 1;
    }
  });
  return () => count;
}
