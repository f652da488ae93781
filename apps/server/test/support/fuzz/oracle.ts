import type { LightMyRequestResponse } from 'fastify';
import { errorBodySchema } from '@wise/shared';
import type { Database } from '#server/db/client';

/**
 * What every answer must be (no 5xx; a refusal is exactly `{ error, code?, fields?, meta? }`), and
 * what the database looked like around a request, so a refused one can be shown to have written nothing.
 */

/** The error body, and nothing else in it. */
const strictErrorBody = errorBodySchema.strict();

export function answerProblem(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `status ${response.statusCode}`;
  if (response.statusCode < 400) return undefined;
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json'))
    return `refusal ${response.statusCode} is ${response.headers['content-type'] ?? 'without a content type'}`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `refusal ${response.statusCode} is not JSON`;
  }
  const parsed = strictErrorBody.safeParse(body);
  if (!parsed.success)
    return `refusal ${response.statusCode} is not the error body: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`;
  if (parsed.data.error.trim() === '') return `refusal ${response.statusCode} has an empty error message`;
  return undefined;
}

/**
 * Tables whose rows any request may touch without writing anything of the customer's: a sliding
 * session's expiry is moved on every call.
 */
const unwatchedTables = new Set(['sessions', 'staff_sessions', 'schema_migrations', 'fuzz_write_log']);

/**
 * Caches any request may fill, a read included: market prices, the bill plans fetched on the first
 * look at a list, and the catalogue versions the database moves when either is written (0015).
 */
const cacheTables = new Set(['market_data_cache', 'bill_plan_sets', 'bill_plans', 'catalogue_versions']);

/**
 * Watches every table of the (throwaway) test database: a row trigger appends the table's name to
 * fuzz_write_log on each insert, update and delete, in the writing transaction, so a rolled-back
 * write leaves nothing. Comparing the log's newest id around a request is one index lookup, where
 * counting and hashing every table took a hundred times longer.
 */
export async function installWriteLog(database: Database): Promise<void> {
  await database.exec(`
    CREATE TABLE IF NOT EXISTS fuzz_write_log (id bigserial PRIMARY KEY, table_name text NOT NULL, operation text NOT NULL);
    CREATE OR REPLACE FUNCTION fuzz_log_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz_write_log (table_name, operation) VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$;`);
  const tables = await database.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  for (const { name } of tables) {
    if (unwatchedTables.has(name)) continue;
    const quoted = `"${name.replaceAll('"', '""')}"`;
    await database.exec(
      `DROP TRIGGER IF EXISTS fuzz_log_write ON ${quoted}; CREATE TRIGGER fuzz_log_write AFTER INSERT OR UPDATE OR DELETE ON ${quoted} FOR EACH ROW EXECUTE FUNCTION fuzz_log_write();`,
    );
  }
}

/** The newest write's id: a request wrote something if it moved. */
export type Snapshot = number;

export async function takeSnapshot(database: Database): Promise<Snapshot> {
  const [row] = await database.query<{ last: string }>('SELECT coalesce(max(id), 0)::text AS last FROM fuzz_write_log');
  return Number(row?.last ?? 0);
}

/** The tables written between two snapshots (`table:OPERATION`), but caches and tables `allowed` to change. */
export async function writesBetween(
  database: Database,
  before: Snapshot,
  after: Snapshot,
  allowed: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  if (after === before) return [];
  const rows = await database.query<{ table_name: string; operation: string }>(
    'SELECT DISTINCT table_name, operation FROM fuzz_write_log WHERE id > $1 AND id <= $2 ORDER BY 1, 2',
    [before, after],
  );
  return rows
    .filter((row) => !allowed.has(row.table_name) && !cacheTables.has(row.table_name))
    .map((row) => `${row.table_name}:${row.operation}`);
}

/** The ledger must always balance: every entry's lines sum to zero, so all lines do. */
export async function ledgerProblem(database: Database): Promise<string | undefined> {
  const [row] = await database.query<{ lines: string; off: string }>(
    `SELECT (SELECT coalesce(sum(amount), 0)::text FROM gem_entry_lines) AS lines,
            (SELECT count(*)::text FROM gem_accounts a WHERE a.balance IS NOT NULL
               AND a.balance <> (SELECT coalesce(sum(l.amount), 0) FROM gem_entry_lines l WHERE l.account_id = a.id)) AS off`,
  );
  if (row?.off !== '0') return `${row?.off} gem accounts' balances differ from their lines`;
  if (row.lines !== '0') return `the ledger's lines sum to ${row.lines}, not 0`;
  return undefined;
}
