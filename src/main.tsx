import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod/mini';
import { connectSession, createRootActors } from './app/rootActors.ts';
import { createAppRouter } from './app/router.ts';
import { activateLanguage } from './i18n/activate.ts';
import { savedLanguage } from './i18n/languages.ts';
import { startAnalytics } from './lib/analytics.ts';
import { startErrorReporting } from './lib/errorReporting/errorReporting.ts';
import { readPageConfig } from './lib/pageConfig.ts';
import { RootActorsProvider } from './session/RootActorsContext.tsx';
import { system } from './ui/system.ts';

// Zod without its compiled parsers: their `new Function` probe breaks the server's
// Content-Security-Policy (no 'unsafe-eval', server/http/security.ts). Before any parsing.
configureZod({ jitless: true });

// Root actors are created once, before anything renders (ARCHITECTURE.md, "Root actors").
const actors = createRootActors();
const router = createAppRouter(actors);
connectSession(actors, router);

// spec §7: error reporting and analytics, each loaded only when the server's page names it
// (SENTRY_DSN, GA_MEASUREMENT_ID): the SDK lazily, gtag.js once the page is interactive.
const pageConfig = readPageConfig();
const errorReporting = startErrorReporting(pageConfig.sentryDsn, router);
startAnalytics(pageConfig.gaMeasurementId, router);

// spec §2 Shell: the saved language, default en.
await activateLanguage(savedLanguage(), { remember: false });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container, errorReporting?.rootOptions).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <RootActorsProvider actors={actors}>
          <RouterProvider router={router} />
        </RootActorsProvider>
      </ChakraProvider>
    </I18nProvider>
  </StrictMode>,
);
