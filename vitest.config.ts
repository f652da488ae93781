import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/test/**/*.test.ts'];

/**
 * Every server file runs on PostgreSQL, the only engine a server configured for real starts on.
 * These also run on the embedded PGlite, the zero-configuration engine of `npm start`, reached as
 * the server reaches it without DATABASE_URL (db/pglite-bridge.ts: a worker thread behind a `pg`
 * Pool), because what they check is that path itself:
 * - pglite-worker: the bridge (thread, restarts, sessions, a server on it);
 * - persistence, backup-restore, ledger-audit-cli: the embedded data directory across restarts, its
 *   backup and restore, and a command run on it;
 * - ledger-guards: the migrations' triggers are live on the embedded engine and their refusals read
 *   as written through the bridge (one guard file for all of them);
 * - jobs: the durable queue's claims, leases and SKIP LOCKED on one session;
 * - tracing: query spans are made at the `pg` Pool, which the embedded engine is reached through too;
 * - events: live updates travel by LISTEN/NOTIFY on PostgreSQL and in process on the embedded engine;
 * - transaction-hops: a query sent to the pool from inside an open transaction is refused on both;
 * - chains-sandbox: `npm start` runs the sandbox chain on the embedded engine.
 * The migrations themselves run on PGlite once per run (global-setup-pglite.ts), through the same path.
 * The other guard files, the property tests and the duplicate checks send the same SQL to the same
 * migrations on either engine: they run on PostgreSQL, where customers' money lives
 * (docs/decisions.md §2.29). What only the embedded engine's single connection could show — a
 * query that leaves its open transaction and would wait forever for it — the test databases of
 * both engines refuse (db/client.ts, docs/decisions.md §2.18), so the PostgreSQL runs catch it too.
 * A new test file is PostgreSQL-only unless it is added here.
 */
const pgliteTests = [
  'pglite-worker',
  'persistence',
  'backup-restore',
  'ledger-audit-cli',
  'ledger-guards',
  'jobs',
  'tracing',
  'events',
  'transaction-hops',
  'chains-sandbox',
].map((name) => `apps/server/test/${name}.test.ts`);
/** Files that need the embedded database and cannot run on PostgreSQL. */
const pgliteOnlyTests = ['apps/server/test/{pglite-worker,persistence}.test.ts'];

/**
 * Each file gets a fresh database cloned from one migrated template: CREATE DATABASE … TEMPLATE on
 * PostgreSQL, a copy of a migrated data directory on PGlite.
 *
 * Server files are not isolated from each other: each builds its own app on its own database, so
 * nothing they share lives in modules, and re-importing the whole server for each of ~170 files
 * cost ≈ 600 s of the run's CPU (the import line of vitest's summary: 606 s isolated, 54 s not).
 */
/**
 * The files that run a server, a crash or a soak for tens of seconds, longest first (measured on a
 * 2-core machine: soak-faults 38 s, payouts-crash 36 s … duplicates 10 s). Vitest orders a fresh
 * clone's files by size, which put the soaks last: for the final 40 s two of the three workers had
 * nothing left to run. Started first, the short files fill the gaps around them.
 */
const longestFirst = [
  'soak-faults',
  'payouts-crash',
  'soak-crash',
  'scale-out',
  'money-state-property',
  'ledger-audit-cli',
  'pglite-worker',
  'bills-crash',
  'backup-restore',
  'persistence',
  'build',
  'bills-faults',
  'jobs',
  'duplicates',
];
const rank = (spec: TestSpecification) => {
  const at = longestFirst.indexOf(path.basename(spec.moduleId).replace(/\.test\.tsx?$/, ''));
  return at === -1 ? longestFirst.length : at;
};
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: within a rank, the base order (a cached run's durations) holds.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    // Three files at a time on two cores: the crash, soak and scale-out files spend most of their
    // time waiting on a server they started, and a third file fills those waits (318 s → 271 s here,
    // the same CPU).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'] } },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'server-pglite',
          include: pgliteTests,
          globalSetup: ['apps/server/test/support/global-setup-pglite.ts'],
          isolate: false,
          // A test that opens its own database starts a worker thread and PGlite (2-3 s alone,
          // 7-11 s on the shared 2-core machine; ledger-audit's passed alone and timed out at 30 s
          // in a full run beside other engineers' runs).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: serverTests,
          exclude: pgliteOnlyTests,
          globalSetup: ['apps/server/test/support/global-setup-postgres.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
