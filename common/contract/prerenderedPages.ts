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

/**
 * Run inline in the rendered pages' head, before their body paints: a visitor whose saved
 * language is another, or who has a stored session, would see the rendered English page and then
 * another one; for them the rendered page stays hidden (PRERENDER_GUARD_STYLE) until the SPA
 * renders its own (src/main.tsx shows it again). The CSP allows this one inline script by its
 * hash (server/http/security.ts). Storage keys: src/session/storageKeys.ts.
 */
export const PRERENDER_GUARD_SCRIPT =
  "try{var s=localStorage,l=s.getItem('dashboard.language');if((l&&l!=='" +
  PRERENDERED_LANGUAGE +
  "')||s.getItem('dashboard.session'))document.documentElement.setAttribute('data-prerender-hidden','')}catch(e){}";

/** What hides a rendered page whose visitor will not see it as rendered (PRERENDER_GUARD_SCRIPT). */
export const PRERENDER_GUARD_STYLE = 'html[data-prerender-hidden] #root[data-prerendered]{visibility:hidden}';
