import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, wrapPool, type Database } from '#server/db/client';
import './test-db-kind';

const run = promisify(execFile);

/**
 * Lays the run's migrated embedded database out in DATA_DIR the way the server keeps it
 * (DATA_DIR/pglite), so opening it costs neither an initdb nor the migrations. PGlite project only.
 */
export async function copyMigratedDataDir(dataDir: string): Promise<void> {
  const spec = inject('testDb');
  if (spec.kind !== 'pglite') throw new Error('copyMigratedDataDir: the PGlite project only');
  // cp(1), not fs.cp: the data directory is ~1,350 files, which Node's fs.cp copies in 1.7-2.7 s
  // and a CPU-second each time on the 2-core machine, cp -a in 0.3 s and 0.08 CPU-seconds.
  await run('cp', ['-a', spec.templateDir, path.join(dataDir, 'pglite')]);
}

/**
 * A fresh, migrated database of the project's kind, for one test file. PGlite is reached as the
 * server reaches it without DATABASE_URL (openDatabase: a worker thread behind a `pg` Pool), on a
 * copy of the run's migrated data directory.
 */
export async function openTestDatabase(): Promise<Database> {
  const spec = inject('testDb');
  if (spec.kind === 'pglite') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'wise-pglite-test-'));
    await copyMigratedDataDir(dataDir);
    const database = await openDatabase({ dataDir, refuseHops: true });
    return {
      ...database,
      close: async () => {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `${spec.prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: spec.adminUrl });
  await admin.connect();
  try {
    // Two clones of one template at the same instant can collide; a short retry settles it.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${spec.template}`);
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(spec.adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  // Dropping the database WITH (FORCE) ends idle clients; that is expected, not a failure.
  pool.on('error', () => undefined);
  const database = wrapPool(pool, { refuseHops: true });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: spec.adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * The connection string of a PostgreSQL test database, for another process (a real server) to
 * open the same database. PostgreSQL project only: an in-process PGlite has no address.
 */
export async function connectionUrlOf(database: Database): Promise<string> {
  const spec = inject('testDb');
  if (spec.kind !== 'postgres') throw new Error('connectionUrlOf: only a PostgreSQL test database has an address');
  const [row] = await database.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(spec.adminUrl);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

/**
 * Another pool on `of`'s PostgreSQL database (a second server instance's, say) that counts the
 * statements its connections are sent (the LISTEN each new connection makes aside). The caller
 * closes it.
 */
export async function openCountingDatabase(of: Database): Promise<{ database: Database; url: string; statements: () => number }> {
  const url = await connectionUrlOf(of);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  let statements = 0;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    Object.assign(client, {
      query: (...args: unknown[]) => {
        const [first] = args;
        const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
        if (!text?.startsWith('LISTEN ')) statements += 1;
        return query(...args);
      },
    });
  });
  return { database: wrapPool(pool), url, statements: () => statements };
}
