import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { copyMigratedDataDir, openTestDatabase } from './support/db';
import { bypassingGuards, seedLedger } from './support/ledger-seed';
import { serverProgramArgs } from './support/server-build';

/**
 * `npm run ledger:audit`, the compiled command, on the engine the run is on: a PostgreSQL database
 * by its URL, or an embedded data directory the command opens as the server does.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
