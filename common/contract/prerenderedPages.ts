/**
 * The public pages the build renders to HTML (scripts/bundles/prerender.ts, issue 17), in the
 * default language, and where it writes them inside the SPA's build directory: the server
 * answers these paths with that HTML (server/http/spa.ts) and the SPA hydrates it (src/main.tsx).
 */
export const PRERENDERED_PAGES = ['/auth/login', '/auth/registration', '/auth/forgot-password'] as const;

/** The language the pages are rendered in: the SPA's default. */
export const PRERENDERED_LANGUAGE = 'en';

/** `pages/auth/login.html` for `/auth/login`, relative to the build directory; null for other paths. */
export function prerenderedFileOf(pathname: string): string | null {
  return (PRERENDERED_PAGES as readonly string[]).includes(pathname) ? `pages${pathname}.html` : null;
}
