import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import webBoundaries from './eslint-rules/web-boundaries.js';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Type-aware rules read the types tsconfig.json gives every file it includes.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits fails silently: handle it, or `void` it where its failure is handled
      // inside. React Router's navigate answers a promise whose failures the router itself handles.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      // An async function without an await still turns a throw into a rejection, which is what the
      // promise-returning interfaces it implements (mailers, stores, providers, handlers) expect.
      '@typescript-eslint/require-await': 'off',
      // Services and stores are plain objects of closures, passed around by reference; none reads `this`.
      '@typescript-eslint/unbound-method': 'off',
      // A failure is passed on as it came: an abort's reason, a caught error, a migrator's error.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'common/ and web/ must not import server code.' }] },
      ],
    },
  },
  // Plain JavaScript (this file, the Node version check, the service worker's handlers) has no
  // types to check against.
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  // Tests and benchmarks read the answers of the server they run as `any` on purpose
  // (server/test/test-app.ts) and check them with expect, or print them; fetch mocks read the URL
  // and body they were given, which the app under test passes as strings.
  {
    files: ['**/*.test.{ts,tsx}', '**/*-test-helpers.ts', 'server/test/**', 'web/test/**', 'e2e/**', 'scripts/bench-*.ts', 'scripts/compose-check.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  // The notification handlers the service worker imports (web/public/push-sw.js).
  { files: ['web/public/*.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['server/**', 'scripts/**', 'e2e/**', '*.config.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // Live subscriptions read through the sources the features give them, and features write
  // through realtime's change feed only (server/realtime/index.ts): the arrows point one way.
  {
    files: ['server/realtime/**'],
    ignores: ['server/realtime/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lists/**', '**/items/**', '**/shares/**', '**/auth/**', '**/users/**', '**/ai/**', '**/admin/**'],
              message: 'server/realtime reads through the LiveSources the features provide (sources.ts), never a feature itself.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/{lists,items,shares,auth,users,ai,admin}/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/realtime/**', '!**/realtime/index.ts'],
              message: 'Features use realtime only through server/realtime/index.ts (the change feed and the source types).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Domain errors say what went wrong, never how a transport answers it; and a write happens the
  // same whoever asks for it. access/, domain/ and writes/ stand below http/ (server/http/error-status.ts
  // maps each kind of error to its status; server/http/idempotency.ts moves the stored answers' bytes).
  {
    files: ['server/access/**', 'server/domain/**', 'server/writes/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/http/**'], message: 'access/, domain/ and writes/ know no HTTP: http/ imports them, not the other way.' },
            { group: ['fastify', 'fastify-*', '@fastify/*'], message: 'access/, domain/ and writes/ know no transport.' },
          ],
        },
      ],
    },
  },
  // The web client's layers and features (docs/decisions/070-web-client-by-feature.md). Tests may
  // reach into what they set up and check; the code they test may not.
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { listo: webBoundaries },
    rules: { 'listo/web-boundaries': 'error' },
  },
);
