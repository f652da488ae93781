import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/test/**/*.test.ts'];
/** Tests that never touch the database run once, in the PGlite project. */
const databaseFreeTests = ['apps/server/test/{config,messaging,rate-limiter,persistence,build}.test.ts'];

/**
 * Server tests run twice: on the embedded PGlite and on the real PostgreSQL at 127.0.0.1:5432,
 * each file on a fresh database cloned from one migrated template.
 *
 * Server files are not isolated from each other: each builds its own app on its own database, so
 * nothing they share lives in modules, and re-importing the whole server for each of ~170 files
 * cost ≈ 600 s of the run's CPU (the import line of vitest's summary: 606 s isolated, 54 s not).
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'] } },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          // The soak suites run real server processes on PostgreSQL (issue 14); the fuzz run's
          // thousands of requests run once, on PostgreSQL.
          exclude: ['apps/server/test/soak*.test.ts', 'apps/server/test/fuzz.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup-pglite.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: serverTests,
          exclude: databaseFreeTests,
          globalSetup: ['apps/server/test/support/global-setup-postgres.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
