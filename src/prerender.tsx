// Build-time rendering of the public pages (issue 17): `scripts/bundles/prerender.ts` builds this
// entry for Node and writes each page's HTML into its own index.html, so the sign-in form paints
// from the HTML before any script has run, and src/main.tsx hydrates it.
import { i18n } from '@lingui/core';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppRoot } from './app/AppRoot.tsx';
import { createRootActors } from './app/rootActors.ts';
import { createAppRouter } from './app/router.ts';
import { PRERENDERED_LANGUAGE } from '../common/contract/prerenderedPages.ts';

/** Renders one signed-out page in the prerendered language: the markup inside #root. */
export async function renderPage(pathname: string): Promise<string> {
  const { messages } = await import(`./locales/${PRERENDERED_LANGUAGE}/messages.po`);
  i18n.loadAndActivate({ locale: PRERENDERED_LANGUAGE, messages });
  const actors = createRootActors();
  const router = withBrowserGlobals(() => createAppRouter(actors, { history: createMemoryHistory({ initialEntries: [pathname] }), scrollRestoration: false }));
  await router.load();
  const html = renderToString(<AppRoot actors={actors} router={router} />);
  actors.auth.stop();
  actors.startup.stop();
  actors.credits.stop();
  return html;
}

/**
 * The router is built in its browser flavour (scripts/bundles/prerender.ts), which reads
 * `window.origin` and registers itself on `self` when it is created; Node has neither, so both
 * are lent for that moment.
 */
function withBrowserGlobals<T>(create: () => T): T {
  const global = globalThis as { window?: unknown; self?: unknown };
  if (global.window !== undefined) return create();
  global.window = { origin: 'http://localhost' };
  global.self = {};
  try {
    return create();
  } finally {
    delete global.window;
    delete global.self;
  }
}
