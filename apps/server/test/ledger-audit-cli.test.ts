import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandTarget, runServerProgram } from './support/cli';
import { bypassingGuards, seedLedger } from './support/ledger-seed';

/**
 * `npm run ledger:audit`, the compiled command, on the engine the run is on: a PostgreSQL database
 * by its URL, or an embedded data directory the command opens as the server does.
 */

const runAuditCli = (env: Record<string, string>) => runServerProgram('ledger-audit', { env });

describe('npm run ledger:audit', () => {
  it('prints the verdict and exits 0 on a sound ledger, 1 with the mismatch listed', async () => {
    const target = await commandTarget({ migrated: true });
    try {
      let database = await target.open();
      const { bob } = await seedLedger(database);
      const [account] = await database.query<{ id: string }>(`SELECT id FROM gem_accounts WHERE user_id = $1 AND kind = 'available'`, [
        bob,
      ]);
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
