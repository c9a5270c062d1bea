import { pagesOf, type Manifest } from '../../common/contract/pageGraph.ts';

/** A page's URL pattern (`/agents/manage/{-$agentId}`, `/reset/$code`) as an anchored expression. */
function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (/^\{-\$[^}]+\}$/.test(segment)) return '(?:/[^/]+)?';
      if (segment.startsWith('$')) return '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source || '/'}/?$`);
}

/**
 * What each page of the SPA needs for its first render besides the entry (issue 17), from the build
 * manifest and its page graph (scripts/bundles/pageGraph.ts): the route chunks of the page and the
 * default language's catalog. Named in the page's HTML as module preloads, they download beside
 * the entry instead of after it has run: a round trip or more less on a phone before the screen
 * shows. Answers, for a path, the `<link>` tags of the files `html` does not already name.
 */
export function routePreloads(manifest: Manifest, html: string): (pathname: string) => string {
  // Pages of fixed paths first, so that a pattern with parameters (a catch-all one day) never
  // shadows a screen's own path.
  const byFixedFirst = pagesOf(manifest).sort((a, b) => Number(a.path.includes('$')) - Number(b.path.includes('$')));
  const pages = byFixedFirst.map((page) => ({
    pattern: patternOf(page.path),
    links: page.files
      .filter((file) => file.endsWith('.js') && !html.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join(''),
  }));
  return (pathname) => pages.find((page) => page.pattern.test(pathname))?.links ?? '';
}

/** `html` with `tags` at the end of its head (or its end, without a head). */
export function withHeadTags(html: string, tags: string): string {
  if (!tags) return html;
  const end = html.search(/<\/head>/i);
  return end === -1 ? `${html}${tags}` : `${html.slice(0, end)}${tags}${html.slice(end)}`;
}
