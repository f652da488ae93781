import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connection, Database } from './client';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant works; it keeps two instances starting together from migrating twice. */
const MIGRATION_LOCK_ID = 74_220_001;

/**
 * Applies the numbered SQL files in db/migrations that this database has not seen, in order,
 * each in its own transaction. Files are never edited once shipped: a change is a new file.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  return database.withConnection(async (connection) => {
    // The lock comes first: two instances running CREATE TABLE IF NOT EXISTS at once can still
    // collide on the catalogue's unique index.
    await connection.exec(`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await connection.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      return await applyPending(connection, files);
    } finally {
      await connection.exec(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  });
}

let shippedMigrations: Promise<string[]> | undefined;

/** The migrations this build ships that the database has not applied (readiness: none may be missing). */
export async function unappliedMigrations(database: Database): Promise<string[]> {
  shippedMigrations ??= readdir(migrationsDir).then((names) => names.filter((f) => f.endsWith('.sql')).sort());
  const files = await shippedMigrations;
  const rows = await database.query<{ name: string }>('SELECT name FROM schema_migrations');
  const done = new Set(rows.map((r) => r.name));
  return files.filter((file) => !done.has(file));
}

async function applyPending(connection: Connection, files: string[]): Promise<string[]> {
  const done = new Set((await connection.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const body = await readFile(path.join(migrationsDir, file), 'utf8');
    const name = file.replaceAll("'", "''");
    try {
      await connection.exec(`BEGIN;\n${body}\nINSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
    } catch (error) {
      await connection.exec('ROLLBACK').catch(() => undefined);
      throw new Error(`Migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    applied.push(file);
  }
  return applied;
}
