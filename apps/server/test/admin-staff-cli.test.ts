import { describe, expect, it } from 'vitest';
import { verifySecret } from '../src/lib/passwords';
import { commandTarget, runServerProgram } from './support/cli';

/**
 * `npm run admin:create` (src/cli/admin-create.ts): the first admin from the command line, on the
 * embedded database (a DATA_DIR nobody started a server in yet) or on PostgreSQL (DATABASE_URL).
 */

const runCli = (args: string[], env: Record<string, string>, stdin?: string) => runServerProgram('admin-create', { args, env, stdin });

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
    const target = await commandTarget({ migrated: false });
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
      const chosen = await runCli(
        ['--email', 'kemi@example.org', '--name', 'Kemi Ade', '--role', 'reviewer', '--password-stdin'],
        target.env,
        `${ownPassword}\n`,
      );
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
        const rows = await database.query<StaffRow>(
          // The system approver (0055) is no person and no admin:create's doing.
          'SELECT id, email, name, role, password_hash, must_change_password, totp_secret FROM staff WHERE NOT system ORDER BY created_at, email',
        );
        expect(
          rows.map(({ email, name, role, must_change_password, totp_secret }) => ({
            email,
            name,
            role,
            must_change_password,
            totp_secret,
          })),
        ).toEqual([
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
