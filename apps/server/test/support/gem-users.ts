import { randomUUID } from 'node:crypto';
import type { Database } from '#server/db/client';

/** Bare customers straight in the users table: for ledger tests that need no session. */
export async function insertUsers(database: Database, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const tag = randomUUID().replaceAll('-', '');
    const rows = await database.query<{ id: string }>(
      `INSERT INTO users (full_name, username, email, phone, password_hash) VALUES ('Ledger Test', $1, $2, $3, 'x') RETURNING id`,
      [`l${tag.slice(0, 18)}`, `${tag}@ledger.com`, `+${tag.replace(/\D/g, '').padEnd(12, '7').slice(0, 12)}${i}`],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

/** Runs statements in a transaction that is always rolled back; returns the error it raised. */
export function refusalOf(database: Database, statements: string): Promise<string> {
  return database.withConnection(async (c) => {
    try {
      await c.exec(`BEGIN;\n${statements}`);
    } catch (error) {
      await c.exec('ROLLBACK');
      return error instanceof Error ? error.message : String(error);
    }
    await c.exec('ROLLBACK');
    throw new Error(`the database accepted: ${statements}`);
  });
}

/** Runs statements in one committed transaction (rolled back if any fails). */
export function commitSql(database: Database, statements: string): Promise<void> {
  return database.withConnection(async (c) => {
    try {
      await c.exec(`BEGIN;\n${statements}\nCOMMIT;`);
    } catch (error) {
      await c.exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
