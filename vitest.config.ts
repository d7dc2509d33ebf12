import { defineConfig } from 'vitest/config';

/**
 * One `npx vitest run` from the root runs every unit and API test:
 * - shared: pure functions and schemas;
 * - server: the Fastify app through `inject` against a real PostgreSQL, one database per test
 *   file cloned from a migrated template (server/test/global-setup.ts);
 * - web-unit: pure-logic tests of the web package and the locale catalogues (no DOM).
 * The two pure projects share one module cache per worker (isolate: false): importing the modules
 * afresh for each file took half their time; their tests keep no state between files (the two that
 * stub globals undo it after each test). Server test files stay isolated: modules keep state.
 */
export default defineConfig({
  test: {
    // Two cores here: test files run in parallel forks, never more than two at once.
    pool: 'forks',
    maxWorkers: 2,
    // Better Auth logs expected refusals (bad password, foreign origin) to the console; show
    // console output only for tests that fail.
    silent: 'passed-only',
    // Timeouts in the projects catch hangs, not slowness: a loaded CI machine runs the heavy tests
    // (PDF layouts, seeding, the clock arithmetic over years of days) several times slower.
    projects: [
      {
        test: {
          name: 'shared',
          environment: 'node',
          isolate: false,
          include: ['shared/src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // In CI (.ci/run sets CI) a test that fails is run once more, as the end-to-end tests are:
          // on a loaded two-core machine a wait on another process (a NOTIFY, a LISTEN connection)
          // can run out once; a test that is broken fails both times, and the report names the retry.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        test: {
          name: 'web-unit',
          environment: 'node',
          isolate: false,
          include: ['web/src/**/*.test.ts', 'web/test/**/*.test.ts', 'locales/*.test.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
