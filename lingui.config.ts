import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export const locales = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;

/**
 * Screens whose messages come in a catalog of their own, loaded with the screen's route
 * (src/i18n/activate.ts, loadScreenCatalog) rather than with every page: the sign-in page and the
 * other screens do not download them (issue 17). A screen here must be self-contained: its
 * messages are extracted from these folders only, so no other screen may import a module of them
 * (a message they share with another screen is in both catalogs).
 */
export const SCREEN_CATALOGS = {
  integrations: ['src/features/integrations', 'machines/apiKeyForm', 'machines/apiKeys', 'machines/ga4Settings', 'machines/webhookDeliveries', 'machines/webhookEndpoints', 'machines/webhookForm'],
  widgetWizard: ['src/features/widgetWizard', 'machines/widgetWizard'],
  analytics: ['src/features/analytics', 'machines/callsBySource', 'machines/gettingStarted'],
  // Not a screen: the "Call me now" dialog (issue 21) of the Widgets screen and the wizard's Code
  // step, loaded with the dialog's own chunk (src/ui/TestCall.tsx).
  testCall: ['src/ui/testCall', 'machines/testCall'],
} as const;

export type ScreenCatalog = keyof typeof SCREEN_CATALOGS;

const EXCLUDE = ['**/node_modules/**', '**/*.test.*', '**/*.gen.ts'];
const screenFolders = Object.values(SCREEN_CATALOGS).flat();

export default defineConfig({
  sourceLocale: 'en',
  locales: [...locales],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/machines'],
      exclude: [...EXCLUDE, ...screenFolders.map((folder) => `<rootDir>/${folder}/**`)],
    },
    ...Object.entries(SCREEN_CATALOGS).map(([name, folders]) => ({
      path: `<rootDir>/src/locales/{locale}/${name}`,
      include: folders.map((folder) => `<rootDir>/${folder}`),
      exclude: EXCLUDE,
    })),
  ],
  format: formatter({ lineNumbers: false }),
});
