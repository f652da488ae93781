import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { wrapPool } from '../src/db/client';
import { migrate } from '../src/db/migrate';

/**
 * Instances behind the balancer start together and each migrates on start-up. On an empty
 * database they must not collide (CI once failed on `schema_migrations` being created twice at
 * the same instant): one applies every file, the others wait and find nothing to do.
 */
const spec = inject('testDb');
const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');

describe.runIf(spec.kind === 'postgres')('migrations from several instances at once', () => {
  it('apply each file once on an empty database, with no error', { timeout: 120_000 }, async () => {
    if (spec.kind !== 'postgres') throw new Error('PostgreSQL only');
    const name = `${spec.prefix}_mig_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: spec.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(spec.adminUrl);
    url.pathname = `/${name}`;
    const databases = Array.from({ length: 4 }, () => {
      const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
      // Dropping the database WITH (FORCE) ends clients still closing; that is expected.
      pool.on('error', () => undefined);
      return wrapPool(pool);
    });
    try {
      const results = await Promise.all(databases.map((database) => migrate(database)));
      const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
      expect(results.flat().sort()).toEqual(files);
      expect(results.filter((applied) => applied.length > 0)).toHaveLength(1);
      const rows = await databases[0]!.query<{ count: string }>('SELECT count(*)::text AS count FROM schema_migrations');
      expect(Number(rows[0]!.count)).toBe(files.length);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    }
  });
});
