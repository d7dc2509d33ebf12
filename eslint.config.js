import js from '@eslint/js';
import globals from 'globals';
import boundariesPlugin from './eslint/boundaries.js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const features = readdirSync(new URL('./web/src/features', import.meta.url));
const serverModules = readdirSync(new URL('./server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverOutsideModules = readdirSync(new URL('./server/src', import.meta.url))
  .filter((entry) => entry !== 'modules')
  .map((entry) => `server/src/${entry}`);

const MODULE_THROUGH_INDEX =
  'Another server module is reached through its index.ts only (server/src/modules/<name>/index.ts); move what is shared to lib/.';

/**
 * Boundaries of STYLE.md, on RESOLVED paths (eslint/boundaries.js), so a relative
 * `../../other-feature/...` is caught as surely as an alias. Paths are relative to the repository.
 */
const BOUNDARIES = [
  ...features.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: compose them in app/, or move what both need to lib/ or components/.',
  })),
  { target: 'web/src/features', from: 'web/src/app', message: 'Features never import app/.' },
  // A server module is reached through its index.ts only (docs/decisions/032): from another
  // module and from anything outside the modules (app.ts, plugins, db seeds, bench, test helpers).
  // Tests follow the same rule: a test imports its own module's files freely, another's through
  // its index.ts. lib/ is what modules stand on and imports none of them (the first zone that
  // matches reports).
  {
    target: 'server/src/lib',
    from: 'server/src/modules',
    message: 'lib/ never imports a module: modules stand on lib/.',
  },
  ...serverModules.map((name) => ({
    target: `server/src/modules/${name}`,
    from: 'server/src/modules',
    except: [`./${name}`, './*/index.ts'],
    message: MODULE_THROUGH_INDEX,
  })),
  {
    target: [...serverOutsideModules, 'server/src/modules/*.ts', 'server/test', 'server/drizzle.config.ts'],
    from: 'server/src/modules',
    except: ['./*/index.ts'],
    message: MODULE_THROUGH_INDEX,
  },
  { target: 'web', from: 'server', message: 'The web never imports the server.' },
  { target: 'server', from: 'web', message: 'The server never imports web code (its words come from @aylal/locales).' },
  {
    target: ['shared', 'locales'],
    from: ['server', 'web', 'e2e'],
    message: 'shared and locales run on both sides: no server or web imports.',
  },
];

/** Source never imports tests (test files themselves may share helpers). */
const NO_TESTS = {
  target: ['server/src', 'web/src', 'shared/src', 'locales'],
  from: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
  message: 'Source never imports tests.',
};

const boundaries = (zones) => ['error', { basePath: root, zones }];

/**
 * Which modules carry zod is a naming convention: everything under shared/src/schemas/. In the
 * web, only the form kit (lib/forms/, features/<name>/forms/) imports their values; everywhere
 * else takes their types, and values come from the zod-free modules (`*-rules`, i18n, dates,
 * money, routes, ...), so zod stays out of the routes that need no form.
 */
const ZOD_MODULES = {
  group: ['@aylal/shared/schemas/*', '**/shared/src/schemas/*'],
  allowTypeImports: true,
  message:
    'Only the form kit (lib/forms/, features/<name>/forms/) imports values from @aylal/shared/schemas/*; elsewhere import types only, and values from the zod-free modules (*-rules, i18n, dates, money, routes).',
};
const WEB_NOT_SERVER = {
  group: ['@aylal/server', '@aylal/server/*', '**/server/**', 'better-auth', 'better-auth/*'],
  message: 'The web never imports the server.',
};
const FORM_KIT = ['web/src/lib/forms/**/*.{ts,tsx}', 'web/src/features/*/forms/**/*.{ts,tsx}'];

const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'e2e/.tmp/**',
      'e2e/test-results/**',
      'server/drizzle/**',
      // Linted only by web/test/lint-boundaries.test.ts, at a path inside web/src or server/src.
      'web/test/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { aylal: boundariesPlugin },
    rules: { 'aylal/no-restricted-paths': boundaries(BOUNDARIES) },
  },
  {
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'shared/src/**/*.ts', 'locales/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'aylal/no-restricted-paths': boundaries([...BOUNDARIES, NO_TESTS]) },
  },
  {
    files: ['shared/**/*.ts', 'locales/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': restrict([
        {
          group: [
            '@aylal/server',
            '@aylal/web',
            '**/server/**',
            '**/web/**',
            'node:*',
            'react',
            'react-dom',
            '@mantine/*',
          ],
          message: 'shared runs on both sides: no Node, DOM, server or web imports.',
        },
      ]),
    },
  },
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['react', 'react-dom', '@mantine/*', '@aylal/web', '@aylal/web/*', '**/web/src/**'],
          message: 'The server never imports web code (its words come from @aylal/locales).',
        },
        { group: ['**/*.test', '**/*.test.ts', '**/test/**'], message: 'Source never imports tests.' },
      ]),
    },
  },
  {
    files: ['server/test/**/*.ts', 'server/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': restrict([WEB_NOT_SERVER, ZOD_MODULES]),
    },
  },
  {
    files: FORM_KIT,
    rules: { 'no-restricted-imports': restrict([WEB_NOT_SERVER]) },
  },
  {
    files: [
      'e2e/**/*.ts',
      'scripts/**/*.mjs',
      'server/**/*.mjs',
      '*.config.{js,ts}',
      '**/vite.config.ts',
      '**/drizzle.config.ts',
    ],
    languageOptions: { globals: globals.node },
  },
);
