import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

/** The SPA's screens, one folder each (src/features/<area>/). */
const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** SPA folders that screens share: presentational parts, the API client, helpers, session, i18n. */
const sharedSpa = ['./src/ui', './src/api', './src/lib', './src/statecharts', './src/session', './src/i18n'];

/** The layers (README, Layout), for every file. */
const layerZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move what two screens share to src/ui or src/lib, or let the parent pass it in.',
  })),
  { target: './src/features', from: ['./src/app', './src/routes', './src/main.tsx'], message: 'Features are used by the app and its routes, never the other way.' },
  { target: sharedSpa, from: ['./src/features', './src/app', './src/routes', './src/main.tsx'], message: 'Shared SPA folders import no screen, route or app code.' },
  { target: './machines', from: ['./src', './server', './widget'], message: 'Machines are pure and depend only on common/.' },
  { target: './server', from: ['./src', './machines', './widget', './scripts'], message: 'The server depends only on common/ (contract and shared rules).' },
  { target: './widget', from: ['./src', './server', './machines'], message: 'The widget depends only on common/ (contract and shared rules).' },
  { target: './common', from: ['./src', './server', './machines', './widget'], message: 'common/ is the neutral home: it imports none of the sides.' },
  { target: './src', from: ['./server', './tests'], message: 'The SPA reaches the server through the contract only, and imports no browser test.' },
];

/** Product files import no test scaffolding (test files and the scaffolding itself may). */
const scaffoldZones = [
  {
    target: ['./src', './machines', './server', './widget', './common'],
    from: ['./tests', './server/test', './machines/test'],
    message: 'Test scaffolding stays out of the product: only tests import it.',
  },
];

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
    // Dependencies run one way (README, Layout): src/app and src/routes → src/features → the
    // shared SPA folders → machines → common/ (contract and shared rules); server/ and widget/
    // depend only on common/. Features never import each other.
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      // Every package imported is declared in package.json (dependencies or devDependencies).
      'import-x/no-extraneous-dependencies': ['error', { includeTypes: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: layerZones,
        },
      ],
    },
  },
  {
    // Product files: the layers above plus no test scaffolding (this rule setting replaces the one above).
    files: ['{src,machines,server,widget,common}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'machines/test/**', 'server/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...layerZones, ...scaffoldZones] }] },
  },
  {
    // No import cycles among product files (type-only imports don't count; packages are not followed).
    files: ['{src,machines,server,widget,common}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'machines/test/**', 'server/test/**'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
