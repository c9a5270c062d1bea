import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['node_modules', 'dist', 'data', 'test-results', 'playwright-report', '**/*.gen.ts', 'src/locales/**', 'server/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Machines are pure statecharts: no React, no fetch, no window (ARCHITECTURE.md, rule 2).
    files: ['machines/**/*.ts'],
    ignores: ['machines/**/*.test.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', '@chakra-ui/*', '**/src/**'] },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'fetch', 'localStorage', 'sessionStorage'],
    },
  },
  {
    // Dependencies flow one way: app → features → ui, api. Features don't reach into each other.
    files: ['src/ui/**/*.{ts,tsx}', 'src/api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/app/**'] }] },
  },
);
