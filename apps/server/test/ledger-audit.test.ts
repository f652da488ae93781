import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { auditLedger, formatLedgerAudit } from '../src/domain/gems/audit';
import { systemAccountId } from '../src/domain/gems/ledger';
import { openTestDatabase } from './support/db';
import { bypassingGuards, seedLedger } from './support/ledger-seed';

/**
 * The ledger audit (domain/gems/audit.ts). Every test looks at the whole ledger, so each opens its
 * own fresh database and no test depends on another's rows. Its command, on both engines, is
 * ledger-audit-cli.test.ts.
 */

async function withFreshDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openTestDatabase();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

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
      const [account] = await database.query<{ id: string }>(`SELECT id FROM gem_accounts WHERE user_id = $1 AND kind = 'available'`, [
        bob,
      ]);
      // The guard refuses this outright; only with triggers off does the cache drift.
      await expect(database.exec(`UPDATE gem_accounts SET balance = balance + 7 WHERE id = '${account!.id}'`)).rejects.toThrow(
        /ledger line/,
      );
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
      const [available] = await database.query<{ id: string }>(`SELECT id FROM gem_accounts WHERE user_id = $1 AND kind = 'available'`, [
        alice,
      ]);
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
