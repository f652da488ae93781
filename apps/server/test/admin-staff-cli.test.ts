import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { verifySecret } from '../src/lib/passwords';
import { openTestDatabase } from './support/db';
import { serverProgramArgs } from './support/server-build';

/**
 * `npm run admin:create` (src/cli/admin-create.ts): the first admin from the command line, on the
 * embedded database (a DATA_DIR nobody started a server in yet) or on PostgreSQL (DATABASE_URL).
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs the program as the npm script does, from apps/server. */
function runCli(args: string[], env: Record<string, string>, stdin?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...serverProgramArgs('admin-create'), ...args], {
      cwd: serverDir,
      // A port nothing listens on: the "is the server up?" probe must say no.
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', PORT: '1', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

/** Where the CLI writes: a fresh DATA_DIR (PGlite), or a fresh test database (PostgreSQL). */
async function cliTarget(): Promise<{ env: Record<string, string>; open(): Promise<Database>; release(db: Database): Promise<void>; dispose(): Promise<void> }> {
  const spec = inject('testDb');
  if (spec.kind === 'postgres') {
    const database = await openTestDatabase();
    const [row] = await database.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(spec.adminUrl);
    url.pathname = `/${row!.name}`;
    return { env: { DATABASE_URL: url.toString() }, open: async () => database, release: async () => undefined, dispose: () => database.close() };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'wise-admin-create-'));
  return {
    env: { DATA_DIR: dir },
    open: () => openDatabase({ dataDir: dir }),
    release: (database) => database.close(),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

interface StaffRow {
  id: string;
  email: string;
  name: string;
  role: string;
  password_hash: string;
  must_change_password: boolean;
  totp_secret: string | null;
}

describe('npm run admin:create', () => {
  it('creates an admin with a one-time password that signs in; refuses the same e-mail again; takes a password from stdin', async () => {
    const target = await cliTarget();
    try {
      const created = await runCli(['--email', 'Ada@Example.org', '--name', 'Ada Obi'], target.env);
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      const password = created.stdout.match(/One-time password: (\S+)/)?.[1];
      expect(password).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
      expect(created.stdout).toContain('Created admin Ada Obi <ada@example.org>');

      const again = await runCli(['--email', 'ada@example.org', '--name', 'Someone Else'], target.env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('A staff member with this e-mail already exists.');

      const ownPassword = 'my own long password';
      const chosen = await runCli(['--email', 'kemi@example.org', '--name', 'Kemi Ade', '--role', 'reviewer', '--password-stdin'], target.env, `${ownPassword}\n`);
      expect(chosen.stderr).toBe('');
      expect(chosen.code).toBe(0);
      expect(chosen.stdout).not.toContain('One-time password');

      const tooShort = await runCli(['--email', 'x@example.org', '--name', 'X', '--password-stdin'], target.env, 'short\n');
      expect(tooShort.code).toBe(1);
      const usage = await runCli(['--name', 'No Email'], target.env);
      expect(usage.code).toBe(1);
      expect(usage.stderr).toContain('Usage: npm run admin:create');

      const database = await target.open();
      try {
        const rows = await database.query<StaffRow>('SELECT id, email, name, role, password_hash, must_change_password, totp_secret FROM staff ORDER BY created_at, email');
        expect(rows.map(({ email, name, role, must_change_password, totp_secret }) => ({ email, name, role, must_change_password, totp_secret }))).toEqual([
          { email: 'ada@example.org', name: 'Ada Obi', role: 'admin', must_change_password: true, totp_secret: null },
          { email: 'kemi@example.org', name: 'Kemi Ade', role: 'reviewer', must_change_password: false, totp_secret: null },
        ]);
        expect(await verifySecret(rows[0]!.password_hash, password!)).toBe(true);
        expect(await verifySecret(rows[1]!.password_hash, ownPassword)).toBe(true);
        const audit = await database.query<{ staff_id: string | null; actor: string; action: string; target_id: string }>(
          'SELECT staff_id, actor, action, target_id FROM staff_audit_log ORDER BY id',
        );
        expect(audit).toEqual([
          { staff_id: null, actor: 'cli', action: 'staff.create', target_id: rows[0]!.id },
          { staff_id: null, actor: 'cli', action: 'staff.create', target_id: rows[1]!.id },
        ]);
      } finally {
        await target.release(database);
      }
    } finally {
      await target.dispose();
    }
  }, 300_000);
});
