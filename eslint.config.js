import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (docs/architecture.md): shared is isomorphic and depends on nothing of ours; server and
 * web never import each other; a feature folder never imports another feature; server/lib depends on
 * shared alone; the composition roots (app.ts, bootstrap, http, pages, jobs, routes) compose features.
 */
const elements = [
  { type: 'shared', pattern: 'src/shared' },
  { type: 'server-feature', pattern: 'src/server/features/*', capture: ['feature'] },
  { type: 'server-lib', pattern: 'src/server/lib' },
  { type: 'server', pattern: 'src/server' },
  { type: 'web-feature', pattern: 'src/web/features/*', capture: ['feature'] },
  { type: 'web', pattern: 'src/web' },
  { type: 'migrations', pattern: 'migrations' },
  { type: 'scripts', pattern: 'scripts' },
  { type: 'tests', pattern: 'tests' },
  { type: 'bench', pattern: 'bench' },
];

const zodPath = {
  name: 'zod',
  message: "Import { z } from src/shared/zod: it keeps zod from probing eval under the browser's CSP.",
};

const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

const sameFeature = (type) => ({
  from: { element: { type } },
  allow: { to: { element: { type, captured: { feature: '{{ from.feature }}' } } } },
});

const webRestrictedPaths = [
  zodPath,
  {
    name: 'lucide-react',
    message: 'Icons come from components/icons (one sprite, no path data in bundles): add the icon there.',
  },
  {
    name: 'simple-icons',
    message: 'Brand marks come from the icon sprite (components/social-icon): add the brand in scripts/icon-sprite.ts.',
  },
];

/** The admin's folders under src/web, which site.css does not scan (site.css's `@source not` lines). */
const ADMIN_FOLDERS = ['features/admin-*', 'components/admin', 'routes/admin'];

export default tseslint.config(
  {
    ignores: ['build/', 'dist/', 'data/', '.react-router/', 'node_modules/', 'bench/results/', 'coverage/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'No barrel files: import from the module that defines the thing.',
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: webRestrictedPaths }],
    },
  },
  {
    // site.css has no utility from the admin's folders (ADR 0026): public code takes nothing from them.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ADMIN_FOLDERS.map((folder) => `src/web/${folder}/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: webRestrictedPaths,
          patterns: [
            {
              group: ['**/admin/*', '**/admin-*/*'],
              message:
                "Public code must not import the admin's modules: site.css leaves their classes out (ADR 0026). Move what is shared to components/ or lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'src/shared is isomorphic: no Node built-ins.' },
            {
              group: ['react', 'react-dom', 'react-router', 'react/*'],
              message: 'src/shared is isomorphic: no React.',
            },
          ],
          paths: [zodPath],
        },
      ],
    },
  },
  {
    // No import cycle: a module's dependencies load before it, so each can be read (and tested) on its own.
    files: ['src/**/*.{ts,tsx}', 'migrations/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'migrations/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/include': ['src/**/*', 'migrations/**/*', 'scripts/**/*', 'tests/**/*', 'bench/**/*'],
      'import/resolver': { typescript: { alwaysTryTypes: true }, node: true },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            allow('shared', ['shared']),
            allow('server-lib', ['shared', 'server-lib']),
            allow('server-feature', ['shared', 'server', 'server-lib']),
            sameFeature('server-feature'),
            allow('server', ['shared', 'server', 'server-lib', 'server-feature', 'migrations']),
            allow('web-feature', ['shared', 'web']),
            sameFeature('web-feature'),
            allow('web', ['shared', 'web', 'web-feature']),
            allow('migrations', ['migrations']),
            allow('scripts', ['shared', 'server', 'server-lib', 'server-feature', 'migrations']),
            allow('tests', ['tests', 'shared', 'server', 'server-lib', 'server-feature', 'web', 'web-feature']),
            allow('bench', ['bench', 'tests', 'shared', 'server', 'server-lib']),
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['src/shared/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
