import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../src/domain/staff/totp';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { createStaff, staffCookie, type TestStaff } from './support/staff';

/**
 * Staff management by admins (docs/decisions.md §8): add someone (one-time password), change a role, disable
 * and re-enable, reset a lost password or authenticator. Every write needs the admin's current
 * code, is audited with before and after, and the back office can never lose its last admin.
 */
let t: TestApp;
const clock = new ManualClock('2026-03-02T08:00:00Z');
let admin: TestStaff;
let second: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createStaff(t, { role: 'admin', name: 'Ada Admin', email: 'ada.admin@wise.test' });
  second = await createStaff(t, { role: 'admin', name: 'Sola Admin', email: 'sola.admin@wise.test' });
});

/** Another admin confirms what `admin` asked (docs/separation-of-duties.md). */
async function confirmedBySecond(response: { json: <T>() => T }) {
  const { request } = response.json<{ request: { id: string; value: string } }>();
  const confirmed = await post(
    t.app,
    `/api/admin/requests/${request.id}/confirm`,
    { value: request.value, confirm_code: second.code() },
    second.cookie,
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}
afterAll(async () => {
  await t.close();
});

function send(method: InjectOptions['method'], url: string, payload: unknown, cookie: string) {
  return t.app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: { cookie } });
}

interface AuditLine {
  staff_id: string | null;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  ip: string | null;
}
const auditOf = (targetId: string) =>
  t.database.query<AuditLine>(
    'SELECT staff_id, actor, action, target_type, target_id, before, after, ip FROM staff_audit_log WHERE target_id = $1 ORDER BY id',
    [targetId],
  );

async function addStaff(role: 'admin' | 'reviewer', email: string, name = 'Tunde Bello') {
  const response = await post(t.app, '/api/admin/staff', { email, name, role, confirm_code: admin.code() }, admin.cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ staff: { id: string; email: string } }>();
}

describe('adding staff', () => {
  it('creates a reviewer with an invitation e-mailed to them, no password in the answer; audited', async () => {
    const response = await post(
      t.app,
      '/api/admin/staff',
      { email: ' Tunde@Wise.Test ', name: ' Tunde Bello ', role: 'reviewer', confirm_code: admin.code() },
      admin.cookie,
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ staff: Record<string, unknown>; request: null }>();
    expect(Object.keys(body).sort()).toEqual(['request', 'staff']);
    expect(body.staff).toEqual({
      id: expect.any(String),
      email: 'tunde@wise.test',
      name: 'Tunde Bello',
      role: 'reviewer',
      totp_enrolled: false,
      must_change_password: true,
      disabled: false,
      locked_until: null,
      created_at: clock.now().toISOString(),
      last_active_at: null,
    });
    const audit = await auditOf(body.staff.id as string);
    expect(audit).toEqual([
      {
        staff_id: admin.id,
        actor: admin.email,
        action: 'staff.create',
        target_type: 'staff',
        target_id: body.staff.id,
        before: null,
        after: { email: 'tunde@wise.test', name: 'Tunde Bello', role: 'reviewer' },
        ip: '127.0.0.1',
      },
    ]);
    const [mail] = await t.database.query<{ payload: { text: string } }>(
      "SELECT payload FROM jobs WHERE payload->>'to' = 'tunde@wise.test'",
    );
    expect(mail?.payload.text).toMatch(/\/admin\/invitation#[A-Za-z0-9_-]{40,}/);
  });

  it('refuses an e-mail already on staff (any case), a wrong code and a missing code; nothing is created', async () => {
    await addStaff('reviewer', 'dupe@wise.test');
    const dupe = await post(
      t.app,
      '/api/admin/staff',
      { email: 'DUPE@wise.test', name: 'X', role: 'admin', confirm_code: admin.code() },
      admin.cookie,
    );
    expect(dupe.statusCode).toBe(409);
    expect(dupe.json()).toMatchObject({ code: 'CONFLICT', error: 'A staff member with this e-mail already exists.' });

    const wrongCode = totpAt(admin.secret, new Date(clock.now().getTime() + 10 * 30_000));
    const refused = await post(
      t.app,
      '/api/admin/staff',
      { email: 'new1@wise.test', name: 'X', role: 'admin', confirm_code: wrongCode },
      admin.cookie,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CONFIRMATION_INVALID' });
    const missing = await post(t.app, '/api/admin/staff', { email: 'new2@wise.test', name: 'X', role: 'admin' }, admin.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { confirm_code: expect.any(String) } });
    const bad = await post(
      t.app,
      '/api/admin/staff',
      { email: 'not-an-email', name: '', role: 'owner', confirm_code: admin.code() },
      admin.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fields: object }>().fields).sort()).toEqual(['email', 'name', 'role']);
    const [{ n }] = (await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM staff WHERE email IN ('new1@wise.test', 'new2@wise.test', 'not-an-email')`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('lists everyone with their state', async () => {
    const response = await get(t.app, '/api/admin/staff', admin.cookie);
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: { email: string; role: string; totp_enrolled: boolean; last_active_at: string | null }[] }>();
    const ada = items.find((s) => s.email === admin.email);
    expect(ada).toMatchObject({ role: 'admin', totp_enrolled: true });
    expect(ada?.last_active_at).not.toBeNull();
    expect(items.map((s) => s.email)).toContain('tunde@wise.test');
  });
});

describe('changing a role, disabling, re-enabling', () => {
  it('promotes and demotes, one audit line per change with before and after', async () => {
    const { staff } = await addStaff('reviewer', 'bola@wise.test', 'Bola Ige');
    const promote = await send('PATCH', `/api/admin/staff/${staff.id}`, { role: 'admin', confirm_code: admin.code() }, admin.cookie);
    expect(promote.statusCode, promote.body).toBe(200);
    expect(promote.json()).toMatchObject({ staff: { id: staff.id, role: 'reviewer' }, request: { kind: 'staff_promote' } });
    await confirmedBySecond(promote);
    const both = await send(
      'PATCH',
      `/api/admin/staff/${staff.id}`,
      { role: 'reviewer', disabled: true, confirm_code: admin.code() },
      admin.cookie,
    );
    expect(both.json()).toMatchObject({ staff: { role: 'reviewer', disabled: true } });
    const enable = await send('PATCH', `/api/admin/staff/${staff.id}`, { disabled: false, confirm_code: admin.code() }, admin.cookie);
    expect(enable.json()).toMatchObject({ staff: { disabled: false } });
    const lines = (await auditOf(staff.id)).map(({ action, before, after, actor }) => ({ action, before, after, actor }));
    expect(lines).toEqual([
      { action: 'staff.create', before: null, after: { email: 'bola@wise.test', name: 'Bola Ige', role: 'reviewer' }, actor: admin.email },
      {
        action: 'staff.role_change',
        before: { role: 'reviewer' },
        after: { role: 'admin', request_id: expect.any(String) },
        actor: second.email,
      },
      { action: 'staff.role_change', before: { role: 'admin' }, after: { role: 'reviewer' }, actor: admin.email },
      { action: 'staff.disable', before: { disabled: false }, after: { disabled: true }, actor: admin.email },
      { action: 'staff.enable', before: { disabled: true }, after: { disabled: false }, actor: admin.email },
    ]);
  });

  it('a role change takes effect on the next request of a signed-in session', async () => {
    const chidi = await createStaff(t, { role: 'admin' });
    expect((await get(t.app, '/api/admin/staff', chidi.cookie)).statusCode).toBe(200);
    await send('PATCH', `/api/admin/staff/${chidi.id}`, { role: 'reviewer', confirm_code: admin.code() }, admin.cookie);
    expect((await get(t.app, '/api/admin/staff', chidi.cookie)).statusCode).toBe(403);
    expect((await get(t.app, '/api/admin/auth/me', chidi.cookie)).json()).toMatchObject({ role: 'reviewer' });
  });

  it('an admin cannot demote or disable themself', async () => {
    for (const change of [{ role: 'reviewer' }, { disabled: true }]) {
      const response = await send('PATCH', `/api/admin/staff/${admin.id}`, { ...change, confirm_code: admin.code() }, admin.cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'You cannot do this to your own account. Ask another admin.' });
    }
    expect((await get(t.app, '/api/admin/auth/me', admin.cookie)).json()).toMatchObject({ role: 'admin' });
  });

  it('two admins demoting each other at once: exactly one succeeds, an admin always remains', async () => {
    const fresh = await createTestApp({ clock });
    try {
      const a = await createStaff(fresh, { role: 'admin' });
      const b = await createStaff(fresh, { role: 'admin' });
      const demote = (actor: TestStaff, target: TestStaff) =>
        fresh.app.inject({
          method: 'PATCH',
          url: `/api/admin/staff/${target.id}`,
          payload: { role: 'reviewer', confirm_code: actor.code() },
          headers: { cookie: actor.cookie },
        });
      const results = await Promise.all([demote(a, b), demote(b, a)]);
      const codes = results.map((r) => r.statusCode).sort();
      // The loser is refused either as the last admin or, already demoted, as no admin at all.
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const admins = await fresh.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM staff WHERE role = 'admin' AND disabled_at IS NULL`,
      );
      expect(admins[0]!.n).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('404 for someone who is not on staff; 400 for an empty change', async () => {
    const unknown = await send(
      'PATCH',
      '/api/admin/staff/00000000-0000-4000-8000-000000000000',
      { role: 'admin', confirm_code: admin.code() },
      admin.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    const { staff } = await addStaff('reviewer', 'empty@wise.test');
    expect((await send('PATCH', `/api/admin/staff/${staff.id}`, { confirm_code: admin.code() }, admin.cookie)).statusCode).toBe(400);
    expect((await post(t.app, `/api/admin/staff/not-a-uuid/reset`, { confirm_code: admin.code() }, admin.cookie)).statusCode).toBe(400);
  });
});

describe('resetting a staff member', () => {
  it('once another admin confirms: authenticator to set up again, sessions ended, lockout cleared, an invitation e-mailed; audited', async () => {
    clock.advance(30_000);
    const femi = await createStaff(t, { role: 'reviewer' });
    // Locked out by wrong passwords.
    for (let i = 0; i < 5; i += 1) await post(t.app, '/api/admin/auth/login', { email: femi.email, password: `wrong password ${i}` });
    expect((await post(t.app, '/api/admin/auth/login', { email: femi.email, password: femi.password })).statusCode).toBe(429);

    const response = await post(t.app, `/api/admin/staff/${femi.id}/reset`, { confirm_code: admin.code() }, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json<object>()).sort()).toEqual(['request', 'staff']);
    await confirmedBySecond(response);
    expect(
      (await get(t.app, '/api/admin/staff', admin.cookie)).json<{ items: { id: string }[] }>().items.find((s) => s.id === femi.id),
    ).toMatchObject({
      totp_enrolled: false,
      must_change_password: true,
      locked_until: null,
    });
    expect((await get(t.app, '/api/admin/auth/me', femi.cookie)).statusCode).toBe(401);
    expect((await post(t.app, '/api/admin/auth/login', { email: femi.email, password: femi.password })).statusCode).toBe(401);
    const [mail] = await t.database.query<{ payload: { text: string } }>(
      "SELECT payload FROM jobs WHERE payload->>'to' = $1 ORDER BY id DESC LIMIT 1",
      [femi.email],
    );
    const token = /\/admin\/invitation#([A-Za-z0-9_-]+)/.exec(mail?.payload.text ?? '')?.[1] ?? '';
    const accepted = await post(t.app, '/api/admin/auth/invitation', { token, password: 'femi chose this one' });
    expect(accepted.json()).toEqual({ next: 'enrol' });
    const enrolment = await get(t.app, '/api/admin/auth/enrolment', staffCookie(accepted));
    expect(enrolment.json<{ secret: string }>().secret).not.toBe(femi.secret);
    expect((await auditOf(femi.id)).map((l) => l.action)).toEqual([
      'staff.create',
      'staff.totp_enrol',
      'staff.login',
      'staff.reset',
      'staff.invitation_accept',
    ]);
  });

  it('an admin cannot reset themself', async () => {
    const response = await post(t.app, `/api/admin/staff/${admin.id}/reset`, { confirm_code: admin.code() }, admin.cookie);
    expect(response.statusCode).toBe(409);
  });
});
