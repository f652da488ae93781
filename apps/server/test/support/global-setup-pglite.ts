import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { unboundedPayoutLimitsSql } from './limits';
import { buildServerForRun } from './server-build';
import './test-db-kind';

/**
 * Creates and migrates one embedded database the way the server does with no DATABASE_URL
 * (db/client.ts openDatabase: initdb in a child process, PGlite in a worker thread behind a `pg`
 * Pool), and shuts it down cleanly. Each test file starts from a copy of its data directory: one
 * initdb and one migration per run, not per file.
 */
export default async function setup(project: TestProject) {
  await buildServerForRun();
  const dir = await mkdtemp(path.join(tmpdir(), 'wise-pglite-template-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await migrate(database);
    await database.query(unboundedPayoutLimitsSql);
  } finally {
    await database.close();
  }
  project.provide('testDb', { kind: 'pglite', templateDir: path.join(dir, 'pglite') });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
