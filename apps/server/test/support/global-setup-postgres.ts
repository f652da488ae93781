import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { wrapPool } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { unboundedPayoutLimitsSql } from './limits';
import { buildServerForRun } from './server-build';
import './test-db-kind';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const withUrlDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/** Creates a migrated template database for this run; every test file clones it and the run drops them all. */
export default async function setup(project: TestProject) {
  await buildServerForRun();
  const prefix = `wise_t_${randomBytes(4).toString('hex')}`;
  const template = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const pool = new pg.Pool({ connectionString: withUrlDatabase(adminUrl, template), max: 1 });
  await migrate(wrapPool(pool));
  await pool.query(unboundedPayoutLimitsSql);
  await pool.end();
  project.provide('testDb', { kind: 'postgres', adminUrl, template, prefix });
  return async () => {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
  };
}
