import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'common/ and web/ must not import server code.' }] },
      ],
    },
  },
  {
    files: ['server/**', 'scripts/**', 'e2e/**', '*.config.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // Live subscriptions read through the sources the features give them, and features write
  // through realtime's change feed only (server/realtime/index.ts): the arrows point one way.
  {
    files: ['server/realtime/**'],
    ignores: ['server/realtime/**/*.test.ts', 'server/realtime/live-test-helpers.ts'],
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
    ignores: ['**/*.test.ts', '**/*-test-helpers.ts'],
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
);
