import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

const features = readdirSync(new URL('./web/src/features', import.meta.url));

// Schemas pull zod into the bundle: the web takes only their types, and values from the zod-free modules.
const zodModules = readdirSync(new URL('./shared/src/schemas', import.meta.url)).map((file) => {
  const name = `@aylal/shared/schemas/${file.replace(/\.ts$/, '')}`;
  return {
    name,
    allowTypeImports: true,
    message: `Import types only from ${name}; values come from the zod-free modules (auth-rules, trip-rules).`,
  };
});

/** Boundaries of STYLE.md: web never imports server, shared imports neither, features never import each other. */
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
    files: ['shared/**/*.ts'],
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
          group: ['react', 'react-dom', '@mantine/*', '**/web/src/!(locales)/**', '**/web/src/*.ts*'],
          message: 'The server never imports web code (only its locale catalogues).',
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
      'no-restricted-imports': restrict([
        {
          group: ['@aylal/server', '**/server/**', 'better-auth', 'better-auth/*'],
          message: 'The web never imports the server.',
        },
      ]),
    },
  },
  // A feature's forms/ folder (lazy routes only) may take the schemas themselves: forms check with them.
  ...features.flatMap((feature) => {
    const patterns = [
      {
        group: features.filter((other) => other !== feature).map((other) => `**/features/${other}/**`),
        message: 'A feature never imports another feature; compose them in app/.',
      },
      { group: ['**/app/**'], message: 'Features never import app/.' },
    ];
    const forms = `web/src/features/${feature}/forms/**`;
    return [
      {
        files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
        ignores: [forms],
        rules: { 'no-restricted-imports': ['error', { patterns, paths: zodModules }] },
      },
      { files: [`${forms}/*.{ts,tsx}`], rules: { 'no-restricted-imports': ['error', { patterns }] } },
    ];
  }),
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
