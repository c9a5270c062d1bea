import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import type { RootActors } from '../session/rootActors.ts';
import { RootActorsProvider } from '../session/RootActorsContext.tsx';
import { system } from '../ui/system.ts';

/**
 * The whole app as one element: the browser renders it (src/main.tsx) and the build renders the
 * public pages from it to HTML (src/prerender.tsx), so the two trees match when the page hydrates.
 */
export function AppRoot({ actors, router }: { actors: RootActors; router: AnyRouter }) {
  // Once the app has rendered (or hydrated) the page, #root no longer holds the build's page:
  // its guard (common/contract/prerenderedPages.ts) no longer applies, and tests know the app runs.
  useEffect(() => document.getElementById('root')?.removeAttribute('data-prerendered'), []);
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ChakraProvider value={system}>
          <RootActorsProvider actors={actors}>
            <RouterProvider router={router} />
          </RootActorsProvider>
        </ChakraProvider>
      </I18nProvider>
    </StrictMode>
  );
}
