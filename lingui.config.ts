import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export const locales = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;

export default defineConfig({
  sourceLocale: 'en',
  locales: [...locales],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/machines'],
      exclude: ['**/node_modules/**', '**/*.test.*', '**/*.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
