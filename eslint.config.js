import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The folders whose imports go one way (docs/style.md): shared code → features → app screens; the
 * server's domain knows nothing of HTTP. Each is an element; the policies below name the imports
 * that are refused, everything else (external packages included) is allowed.
 */
const elements = [
  { type: 'shared', pattern: 'packages/shared/src' },
  { type: 'web-app', pattern: 'apps/web/src/app' },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
  { type: 'web-ui', pattern: 'apps/web/src/components' },
  { type: 'web-lib', pattern: 'apps/web/src/lib' },
  { type: 'web-config', pattern: 'apps/web/src/config' },
  { type: 'web-testing', pattern: 'apps/web/src/testing' },
  { type: 'server-domain', pattern: 'apps/server/src/domain' },
  { type: 'server-routes', pattern: 'apps/server/src/routes' },
  { type: 'server-plugins', pattern: 'apps/server/src/plugins' },
  { type: 'server-db', pattern: 'apps/server/src/db' },
  { type: 'server-providers', pattern: 'apps/server/src/providers' },
  { type: 'server-jobs', pattern: 'apps/server/src/jobs' },
  { type: 'server-lib', pattern: 'apps/server/src/lib' },
];
const appTypes = elements.map(({ type }) => type).filter((type) => type !== 'shared');
const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });

const importBoundaries = [
  // packages/shared is used by both apps and knows neither.
  { from: { element: { type: 'shared' } }, disallow: to(...appTypes) },
  // A feature imports shared folders and itself, never a screen or another feature: the screen composes them.
  { from: { element: { type: 'web-feature' } }, disallow: to('web-app') },
  {
    from: { element: { type: 'web-feature' } },
    disallow: { to: { element: { type: 'web-feature', captured: { feature: '!{{from.element.captured.feature}}' } } } },
  },
  // The design system, lib/ and config/ sit below every feature and screen.
  { from: { element: { types: { anyOf: ['web-ui', 'web-lib', 'web-config'] } } }, disallow: to('web-feature', 'web-app') },
  // Rules and services are plain functions: no routes, no Fastify plugins.
  { from: { element: { type: 'server-domain' } }, disallow: to('server-routes', 'server-plugins') },
  // The layers under the domain never reach back up into it. The job queue is used by the domain
  // to enqueue; the app's own jobs, which call the domain, are composed beside server.ts.
  {
    from: { element: { type: 'server-db' } },
    disallow: to('server-domain', 'server-routes', 'server-plugins', 'server-providers', 'server-jobs'),
  },
  {
    from: { element: { type: 'server-lib' } },
    disallow: to('server-domain', 'server-routes', 'server-plugins', 'server-providers', 'server-jobs'),
  },
  { from: { element: { type: 'server-providers' } }, disallow: to('server-domain', 'server-routes', 'server-plugins', 'server-jobs') },
  { from: { element: { type: 'server-jobs' } }, disallow: to('server-domain', 'server-routes', 'server-plugins', 'server-providers') },
  // Routes reach the data through the domain; naming a table's type is allowed, running a query is not.
  {
    from: { element: { types: { anyOf: ['server-routes', 'server-plugins'] } } },
    disallow: { ...to('server-db'), dependency: { kind: 'value' } },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/.test-build-*/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // The TypeScript resolver reads tsconfig.base.json's paths: `#server/…` and `#web/…` (the apps'
      // package.json "imports") resolve to their files, so the policies below see where they point.
      'import/resolver': {
        typescript: {
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
        node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
      },
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: importBoundaries }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['e2e/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: { 'no-console': 'off' },
  },
  // Small functions (docs/style.md): a body over 100 lines of code is split into named steps or components.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }] },
  },
);
