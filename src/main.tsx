import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { config as configureZod } from 'zod/mini';
import { PRERENDERED_LANGUAGE } from '../common/contract/prerenderedPages.ts';
import { AppRoot } from './app/AppRoot.tsx';
import { connectSession, createRootActors } from './app/rootActors.ts';
import { createAppRouter } from './app/router.ts';
import { activateLanguage } from './i18n/activate.ts';
import { savedLanguage } from './i18n/languages.ts';
import { startAnalytics } from './lib/analytics.ts';
import { startErrorReporting } from './lib/errorReporting/errorReporting.ts';
import { readPageConfig } from './lib/pageConfig.ts';
import { readStoredSession } from './session/sessionStorage.ts';

// Zod without its compiled parsers: their `new Function` probe breaks the server's
// Content-Security-Policy (no 'unsafe-eval', server/http/security.ts). Before any parsing.
configureZod({ jitless: true });

// A task of its own for the app's start, apart from the one that evaluated its modules (React,
// Chakra, the router): together they were one long task (issue 17: Total Blocking Time).
await new Promise((resolve) => setTimeout(resolve, 0));

// Root actors are created once, before anything renders (ARCHITECTURE.md, "Root actors").
const actors = createRootActors();
const router = createAppRouter(actors);
connectSession(actors, router);

// spec §7: error reporting and analytics, each loaded only when the server's page names it
// (SENTRY_DSN, GA_MEASUREMENT_ID): the SDK lazily, gtag.js once the page is interactive.
const pageConfig = readPageConfig();
const errorReporting = startErrorReporting(pageConfig.sentryDsn, router);
startAnalytics(pageConfig.gaMeasurementId, router);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// spec §2 Shell: the saved language, default en.
const language = savedLanguage();
const app = <AppRoot actors={actors} router={router} />;

// The public pages come rendered from the build (scripts/bundles/prerender.ts, issue 17): signed
// out, in the default language. When that is what this visit renders, the page is hydrated once
// its route has loaded (its chunk, its guard), so that React's first render is that very page.
// Only signed out: with no stored session, loading the route first sends no request, so the
// session refresh this order once raced (tests/auth/session.spec.ts) cannot happen here.
// Otherwise (a saved session, another language, another page) React renders over the HTML.
const hydrating = container.dataset.prerendered === location.pathname && language === PRERENDERED_LANGUAGE && readStoredSession() === null;
if (hydrating) {
  // A failed route load is the router's to show (its error component), as when it loads on mount.
  await Promise.all([activateLanguage(language, { remember: false }), router.load().catch(console.error)]);
  // In a transition, hydration goes in slices, yielding to the browser between them, instead of
  // one long task (issue 17: Total Blocking Time); the page is already on screen meanwhile.
  startTransition(() => {
    hydrateRoot(container, app, errorReporting?.rootOptions);
  });
} else {
  await activateLanguage(language, { remember: false });
  // ICU's data for the language loads with the first formatter made; made here, in a task of its
  // own, it is not part of the first render's long task (dates and numbers on every screen).
  await new Promise<void>((resolve) =>
    setTimeout(() => {
      new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
      new Intl.NumberFormat(language).format(0);
      resolve();
    }, 0),
  );
  // A rendered page this visit does not show as rendered (hidden by PRERENDER_GUARD_SCRIPT, or
  // another path): cleared, so nothing of it shows between here and React's first render.
  if (container.dataset.prerendered) container.replaceChildren();
  const root = createRoot(container, errorReporting?.rootOptions);
  // In a transition too: the first render goes in slices, yielding to the browser between them,
  // instead of one long task (issue 17: Total Blocking Time). The route still loads on mount: its
  // loading ahead of the first render let an expired session refresh twice (a08c8ec; tried again
  // on 2026-11-28, tests/auth/session.spec.ts failed 1 run in 4 with a reload, 0 in 6 without).
  startTransition(() => root.render(app));
}
document.documentElement.removeAttribute('data-prerender-hidden');
