import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Import direction (style.md, front end 2): shared → features → app.
// A feature may not import another feature or app; shared may import neither.
const restrictedZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other; move the shared piece to src/shared.',
  })),
  { target: './src/features', from: './src/app', message: 'Features may not import app.' },
  { target: './src/shared', from: './src/features', message: 'shared may not import features.' },
  { target: './src/shared', from: './src/app', message: 'shared may not import app.' },
];

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'node_modules', 'e2e/artifacts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
      import: importPlugin,
    },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import/no-restricted-paths': ['error', { zones: restrictedZones }],
      'import/no-cycle': 'error',
    },
  },
  {
    files: ['src/test/**', 'src/**/*.test.{ts,tsx}'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    files: ['e2e/**/*.{js,mjs}', 'scripts/**/*.mjs', '*.config.{js,ts}'],
    extends: [js.configs.recommended],
    // e2e callbacks passed to page.evaluate run in the browser.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['vite.config.ts'],
    languageOptions: { globals: globals.node },
  },
);
