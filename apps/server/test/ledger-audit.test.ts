import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { collectDailyGems } from '../src/domain/gems/collection';
import { auditLedger, formatLedgerAudit } from '../src/domain/gems/audit';
import { captureGemHold, placeGemHold } from '../src/domain/gems/holds';
import { systemAccountId } from '../src/domain/gems/ledger';
import { accrueReward, claimRewards } from '../src/domain/rewards/rewards';
import { ManualClock } from '../src/lib/clock';
import { copyMigratedDataDir, openTestDatabase } from './support/db';
import { serverProgramArgs } from './support/server-build';
import { commitSql, insertUsers } from './support/gem-users';

/**
 * The ledger audit (domain/gems/audit.ts and `npm run ledger:audit`). Every test that looks at
 * the whole ledger opens its own fresh database, so no test depends on another's rows.
 */

const clock = new ManualClock('2026-09-07T09:00:00Z'); // Monday in Lagos
const calendar = { clock, timeZone: 'Africa/Lagos' };
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function withFreshDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openTestDatabase();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Two customers with collections, a claimed reward and a captured hold: 6 entries, 3 accounts. */
async function seedLedger(database: Database): Promise<{ alice: string; bob: string }> {
  const [alice, bob] = await insertUsers(database, 2);
  await collectDailyGems(database.db, calendar, alice!);
  await collectDailyGems(database.db, calendar, bob!);
  await accrueReward(database.db, clock, { userId: alice!, source: `sale:${randomUUID()}`, amount: 40, description: 'Sale' });
  await claimRewards(database.db, clock, alice!);
  const hold = await placeGemHold(database.db, clock, { userId: alice!, amount: 15, reference: `bill:${randomUUID()}` });
  await captureGemHold(database.db, clock, hold.id);
  return { alice: alice!, bob: bob! };
}

/** Writes behind the guards' back, the way a careless operator with owner rights could. */
const bypassingGuards = (database: Database, statements: string) =>
  commitSql(database, `SET LOCAL session_replication_role = replica;\n${statements}`);

describe('auditLedger', () => {
  it('passes a sound ledger and says what it checked', async () => {
    await withFreshDatabase(async (database) => {
      const empty = await auditLedger(database.db);
      expect(empty).toMatchObject({ ok: true, accountsChecked: 0, entriesChecked: 0, grandTotal: 0 });

      await seedLedger(database);
      const audit = await auditLedger(database.db);
      expect(audit).toEqual({
        accountsChecked: 3, // alice: available, rewards; bob: available
        entriesChecked: 6, // 2 collections, accrual, claim, hold, capture
        unbalancedEntryCount: 0,
        unbalancedEntries: [],
        cacheMismatchCount: 0,
        cacheMismatches: [],
        negativeUserAccounts: [],
        grandTotal: 0,
        ok: true,
      });
      expect(formatLedgerAudit(audit)).toBe(
        'Ledger audit OK: 3 customer accounts and 6 entries checked; every cached balance equals its lines, every entry balances, all lines sum to 0.',
      );
    });
  });

  it('catches a cached balance that no longer equals its lines', async () => {
    await withFreshDatabase(async (database) => {
      const { alice, bob } = await seedLedger(database);
      const [account] = await database.query<{ id: string }>(`SELECT id FROM gem_accounts WHERE user_id = $1 AND kind = 'available'`, [bob]);
      // The guard refuses this outright; only with triggers off does the cache drift.
      await expect(database.exec(`UPDATE gem_accounts SET balance = balance + 7 WHERE id = '${account!.id}'`)).rejects.toThrow(/ledger line/);
      await bypassingGuards(database, `UPDATE gem_accounts SET balance = balance + 7 WHERE id = '${account!.id}';`);

      const audit = await auditLedger(database.db);
      expect(audit.ok).toBe(false);
      expect(audit.cacheMismatchCount).toBe(1);
      expect(audit.cacheMismatches).toEqual([{ accountId: account!.id, userId: bob, kind: 'available', cached: 17, derived: 10 }]);
      expect(audit.unbalancedEntries).toEqual([]);
      expect(audit.grandTotal).toBe(0);
      const report = formatLedgerAudit(audit);
      expect(report).toMatch(/^Ledger audit FAILED: 1 mismatch \(3 customer accounts and 6 entries checked\)\./);
      expect(report).toContain(`account ${account!.id} (available of user ${bob}): cached 17, its lines sum to 10`);

      // Scoped to the customer who was not touched, it is clean; to bob, it is not.
      expect((await auditLedger(database.db, { userIds: [alice] })).ok).toBe(true);
      expect((await auditLedger(database.db, { userIds: [bob] })).cacheMismatchCount).toBe(1);
    });
  });

  it('catches an entry that does not balance, a gem invented, and an account below zero', async () => {
    await withFreshDatabase(async (database) => {
      const { alice } = await seedLedger(database);
      const spend = await systemAccountId(database.db, 'bill_spend');
      const [available] = await database.query<{ id: string }>(`SELECT id FROM gem_accounts WHERE user_id = $1 AND kind = 'available'`, [alice]);
      const entryId = randomUUID();
      await bypassingGuards(
        database,
        `INSERT INTO gem_entries (id, idempotency_key, reason, user_id) VALUES ('${entryId}', 'planted:${entryId}', 'hold', '${alice}');
         INSERT INTO gem_entry_lines (entry_id, account_id, amount) VALUES ('${entryId}', '${spend}', 5);
         UPDATE gem_accounts SET balance = 0 WHERE id = '${available!.id}';
         INSERT INTO gem_entry_lines (entry_id, account_id, amount)
           SELECT id, '${available!.id}', -1000 FROM gem_entries WHERE reason = 'hold_capture' AND user_id = '${alice}';`,
      );
      const audit = await auditLedger(database.db);
      expect(audit.ok).toBe(false);
      expect(audit.unbalancedEntryCount).toBe(2);
      expect(audit.unbalancedEntries).toContainEqual({ entryId, lineCount: 1, sum: 5 });
      expect(audit.negativeUserAccounts).toEqual([available!.id]);
      expect(audit.grandTotal).toBe(5 - 1000);
      const report = formatLedgerAudit(audit);
      expect(report).toContain(`entry ${entryId}: 1 line summing to 5 (needs 2 or more summing to 0)`);
      expect(report).toContain(`account ${available!.id} is below zero`);
      expect(report).toContain('all lines sum to -995, not 0');
    });
  });
});

/** Runs `npm run ledger:audit`'s program as the script does, from apps/server. */
function runAuditCli(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, serverProgramArgs('ledger-audit'), {
      cwd: serverDir,
      // A port nothing listens on: the "is the server up?" probe must say no.
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', PORT: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A database the CLI can open too: PostgreSQL as is; PGlite (one process at a time) on disk. */
interface CliTarget {
  env: Record<string, string>;
  /** Opens it for the test; `release` before the CLI runs. */
  open(): Promise<Database>;
  release(database: Database): Promise<void>;
  dispose(): Promise<void>;
}

async function cliTarget(): Promise<CliTarget> {
  const spec = inject('testDb');
  if (spec.kind === 'postgres') {
    const database = await openTestDatabase();
    const [row] = await database.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(spec.adminUrl);
    url.pathname = `/${row!.name}`;
    return { env: { DATABASE_URL: url.toString() }, open: async () => database, release: async () => undefined, dispose: () => database.close() };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'wise-audit-'));
  await copyMigratedDataDir(dir);
  return {
    env: { DATA_DIR: dir },
    // As the server and the CLI open it (a worker thread behind a `pg` Pool).
    open: () => openDatabase({ dataDir: dir }),
    release: (database) => database.close(),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

describe('npm run ledger:audit', () => {
  it('prints the verdict and exits 0 on a sound ledger, 1 with the mismatch listed', async () => {
    const target = await cliTarget();
    try {
      let database = await target.open();
      const { bob } = await seedLedger(database);
      const [account] = await database.query<{ id: string }>(`SELECT id FROM gem_accounts WHERE user_id = $1 AND kind = 'available'`, [bob]);
      await target.release(database);

      const sound = await runAuditCli(target.env);
      expect(sound.stderr).toBe('');
      expect(sound.stdout.trim()).toBe(
        'Ledger audit OK: 3 customer accounts and 6 entries checked; every cached balance equals its lines, every entry balances, all lines sum to 0.',
      );
      expect(sound.code).toBe(0);

      database = await target.open();
      await bypassingGuards(database, `UPDATE gem_accounts SET balance = 3 WHERE id = '${account!.id}';`);
      await target.release(database);

      const broken = await runAuditCli(target.env);
      expect(broken.stdout).toContain('Ledger audit FAILED: 1 mismatch');
      expect(broken.stdout).toContain(`account ${account!.id} (available of user ${bob}): cached 3, its lines sum to 10`);
      expect(broken.code).toBe(1);
    } finally {
      await target.dispose();
    }
  }, 60_000);

  it('exits 2 without creating anything when there is no database yet', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'wise-audit-empty-'));
    try {
      const result = await runAuditCli({ DATA_DIR: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('There is no embedded database');
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
