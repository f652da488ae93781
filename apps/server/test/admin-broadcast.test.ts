import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@wise/shared';
import { adminCustomerMessages } from '@wise/shared/admin';
import { createTestApp, get, post, type TestApp } from './support/app';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, newSignup, type TestUser } from './support/users';

let t: TestApp;
let admin: TestStaff;
let reviewer: TestStaff;
let customers: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t, { role: 'admin' });
  reviewer = await createStaff(t, { role: 'reviewer' });
  customers = [await createCustomer(t), await createCustomer(t), await createCustomer(t)];
  // An account that never verified its e-mail cannot sign in: a broadcast to everyone skips it.
  expect((await post(t.app, '/api/auth/signup', newSignup())).statusCode).toBe(201);
});
afterAll(() => t.close());

const send = (body: Record<string, unknown>, cookie = admin.cookie) => post(t.app, '/api/admin/broadcast', body, cookie);
const messagesOf = async (user: TestUser) =>
  (await get(t.app, '/api/notifications', user.cookie))
    .json<{ notifications: { message: string }[] }>()
    .notifications.map((n) => n.message);
const wrongCode = () => (admin.code() === '000000' ? '111111' : '000000');

describe('broadcast', () => {
  it('notifies every verified customer at once and answers how many', async () => {
    const response = await send({
      audience: 'all',
      message: 'Scheduled maintenance tonight from 1 am to 2 am.',
      confirm_code: admin.code(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ recipients: customers.length });
    for (const customer of customers) expect(await messagesOf(customer)).toContain('Scheduled maintenance tonight from 1 am to 2 am.');
    const [written] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE message = 'Scheduled maintenance tonight from 1 am to 2 am.'`,
    );
    expect(written?.n).toBe(customers.length);

    const [line] = await t.database.query<{ action: string; actor: string; target_type: string; target_id: string; after: unknown }>(
      `SELECT action, actor, target_type, target_id, after FROM staff_audit_log WHERE action = 'broadcast.send' ORDER BY id DESC LIMIT 1`,
    );
    expect(line).toEqual({
      action: 'broadcast.send',
      actor: admin.email,
      target_type: 'customers',
      target_id: 'all',
      after: { audience: 'all', message: 'Scheduled maintenance tonight from 1 am to 2 am.', recipients: customers.length },
    });
  });

  it('notifies one customer only', async () => {
    const [first, second] = customers as [TestUser, TestUser];
    const response = await send({
      audience: 'one',
      user_id: first.id,
      message: '  Your card sale is taking longer, sorry!  ',
      confirm_code: admin.code(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ recipients: 1 });
    expect(await messagesOf(first)).toContain('Your card sale is taking longer, sorry!');
    expect(await messagesOf(second)).not.toContain('Your card sale is taking longer, sorry!');
    const lines = await t.database.query(
      `SELECT 1 FROM staff_audit_log WHERE action = 'broadcast.send' AND target_type = 'customer' AND target_id = $1`,
      [first.id],
    );
    expect(lines).toHaveLength(1);
  });

  it('refuses a bad audience, an empty or over-long message, an unknown customer, a reviewer and a wrong code', async () => {
    const code = admin.code();
    const [first] = customers as [TestUser];
    expect((await send({ audience: 'one', message: 'hi', confirm_code: code })).statusCode).toBe(400);
    expect((await send({ audience: 'all', user_id: first.id, message: 'hi', confirm_code: code })).statusCode).toBe(400);
    expect((await send({ audience: 'some', message: 'hi', confirm_code: code })).statusCode).toBe(400);
    expect((await send({ audience: 'all', message: '   ', confirm_code: code })).statusCode).toBe(400);
    expect((await send({ audience: 'all', message: 'x'.repeat(501), confirm_code: code })).statusCode).toBe(400);
    expect((await send({ audience: 'all', message: 'bad\u0000text', confirm_code: code })).statusCode).toBe(400);
    expect((await send({ audience: 'all', message: 'hi' })).statusCode).toBe(400);

    const unknown = await send({ audience: 'one', user_id: '00000000-0000-4000-8000-000000000000', message: 'hi', confirm_code: code });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: adminCustomerMessages.notFound });

    const byReviewer = await send({ audience: 'all', message: 'from a reviewer', confirm_code: reviewer.code() }, reviewer.cookie);
    expect(byReviewer.statusCode).toBe(403);
    expect(byReviewer.json()).toMatchObject({ code: errorCodes.forbidden });
    expect((await send({ audience: 'all', message: 'from a customer', confirm_code: code }, first.cookie)).statusCode).toBe(401);

    const wrong = await send({ audience: 'all', message: 'with a wrong code', confirm_code: wrongCode() });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'CONFIRMATION_INVALID' });

    // Nothing refused was written: neither notifications nor audit lines.
    const written = await t.database.query(
      `SELECT 1 FROM notifications WHERE message IN ('hi', 'from a reviewer', 'from a customer', 'with a wrong code')`,
    );
    expect(written).toEqual([]);
    const [sends] = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_audit_log WHERE action = 'broadcast.send'`);
    expect(sends?.n).toBe(2);
  });
});
