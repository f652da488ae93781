import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { auditLedger, formatLedgerAudit } from '../domain/gems/audit';

/**
 * `npm run ledger:audit`: checks every cached gem balance against its lines and every entry
 * (≥ 2 lines summing to 0) on the database the server would use (DATABASE_URL, else the embedded
 * PGlite in DATA_DIR). Prints a short verdict; exits 1 on any mismatch, 2 if it could not audit.
 */

const EXIT_MISMATCH = 1;
const EXIT_CANNOT_AUDIT = 2;
const PROBE_TIMEOUT_MS = 1000;

/**
 * PGlite is one process's database: a second process opening the same directory while the server
 * runs would corrupt it. The server answers /healthz when it is up; then we stop here.
 */
async function serverIsUp(config: Config): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${config.PORT}/healthz`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return response.ok;
  } catch {
    return false;
  }
}

async function hasLedger(database: Database): Promise<boolean> {
  const [row] = await database.query<{ present: boolean }>(`SELECT to_regclass('gem_entry_lines') IS NOT NULL AS present`);
  return row?.present === true;
}

async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return EXIT_CANNOT_AUDIT;
    }
    throw error;
  }
  if (!config.DATABASE_URL && (await serverIsUp(config))) {
    console.error(
      `The server is running on the embedded database in ${config.dataDir}; only one process may open it.\n` +
        'Stop the server first, or read its log: it runs the same audit as the gems.ledger_audit job.',
    );
    return EXIT_CANNOT_AUDIT;
  }
  // Opening a missing directory would create an empty database: nothing to audit there.
  if (!config.DATABASE_URL && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    console.error(`There is no embedded database in ${config.dataDir} yet: start the server once to create it.`);
    return EXIT_CANNOT_AUDIT;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    if (!(await hasLedger(database))) {
      console.error('This database has no gem ledger yet: start the server once to create it.');
      return EXIT_CANNOT_AUDIT;
    }
    const audit = await auditLedger(database.db);
    process.stdout.write(`${formatLedgerAudit(audit)}\n`);
    return audit.ok ? 0 : EXIT_MISMATCH;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('Ledger audit could not run:', error instanceof Error ? error.message : error);
    process.exitCode = EXIT_CANNOT_AUDIT;
  },
);
