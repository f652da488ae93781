import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { wrapPglite, wrapPool, type Database } from '../../src/db/client';
import './test-db-kind';

/** A fresh, migrated database of the project's kind, for one test file. */
export async function openTestDatabase(): Promise<Database> {
  const spec = inject('testDb');
  if (spec.kind === 'pglite') {
    const dump = await readFile(spec.dumpPath);
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
    return wrapPglite(client);
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
  const database = wrapPool(pool);
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: spec.adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => cleanup.end());
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
