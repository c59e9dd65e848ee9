// Lint, with the layering rules that keep each part runnable where it must run:
// - src/shared/core is pure: no Electron, no Node built-ins (it runs in Node, workers and browsers);
// - the renderer talks to main only through the contract: no Electron, no Node built-ins;
// - only src/main/electron (and the preload) may import 'electron': everything else in src/main
//   runs under plain Node, in the CLI and the tests.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const noElectron = { name: 'electron', message: 'Only src/main/electron and src/preload may import electron.' };
const noNode = nodeBuiltins.map((name) => ({ name, message: 'This layer must not use Node built-ins.' }));

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', '.eval/**', '.bench/**', '.dev/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron, ...noNode], patterns: [{ group: ['node:*'], message: 'src/shared must not use Node built-ins.' }] }] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron, ...noNode],
          patterns: [
            { group: ['node:*'], message: 'The renderer must not use Node built-ins.' },
            { group: ['**/main/**'], message: 'The renderer reaches main only through the contract.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/electron/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', Request: 'readonly', Response: 'readonly' } },
  },
  {
    files: ['scripts/**/*.{js,mjs,ts}', 'test/**/*.ts', '*.config.{js,ts}'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
);
