import { bankMessages, type Bank } from '@wise/shared';
import { bankAdminMessages, type AdminBank } from '@wise/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, type TestApp } from './support/app';
import { addBankDetails } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/** The bank list (docs/decisions.md §8): admins add banks and switch them on and off; customers' list follows. */
let t: TestApp;
let admin: TestStaff;
let reviewer: TestStaff;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t, { role: 'admin' });
  reviewer = await createStaff(t, { role: 'reviewer' });
  customer = await createCustomer(t);
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>, cookie = admin.cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie } });
const adminBanks = async () => (await get(t.app, '/api/admin/banks', admin.cookie)).json<{ banks: AdminBank[] }>().banks;
const customerBanks = async () => (await get(t.app, '/api/banks', customer.cookie)).json<Bank[]>();
const auditLines = (code: string) =>
  t.database.query<{ staff_id: string; action: string; before: unknown; after: unknown }>(
    "SELECT staff_id, action, before, after FROM staff_audit_log WHERE target_type = 'bank' AND target_id = $1 ORDER BY id",
    [code],
  );

describe('the bank list', () => {
  it('is admins only', async () => {
    expect((await get(t.app, '/api/admin/banks')).statusCode).toBe(401);
    expect((await get(t.app, '/api/admin/banks', customer.cookie)).statusCode).toBe(401);
    expect((await get(t.app, '/api/admin/banks', reviewer.cookie)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/banks', { code: '999', name: 'Reviewer Bank' }, reviewer.cookie)).statusCode).toBe(403);
    expect((await send('PATCH', '/api/admin/banks/058', { active: false }, reviewer.cookie)).statusCode).toBe(403);
  });

  it("lists every bank by name with how many customers' accounts use it", async () => {
    await addBankDetails(t, customer);
    const banks = await adminBanks();
    expect(banks.length).toBeGreaterThan(20);
    expect(banks.map((b) => b.name)).toEqual([...banks.map((b) => b.name)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(banks.find((b) => b.code === '058')).toMatchObject({ active: true, accounts: 1 });
  });

  it('refuses an invalid bank with a message per field, and a code or name already listed with 409', async () => {
    const bad = await send('POST', '/api/admin/banks', { code: '12', name: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ code: bankAdminMessages.codeInvalid, name: bankAdminMessages.nameInvalid });
    const code = await send('POST', '/api/admin/banks', { code: '058', name: 'Another Bank' });
    expect(code.statusCode).toBe(409);
    expect(code.json().fields).toEqual({ code: bankAdminMessages.codeTaken });
    const existing = (await adminBanks()).find((b) => b.code === '058');
    const name = await send('POST', '/api/admin/banks', { code: '999001', name: existing?.name.toUpperCase() ?? '' });
    expect(name.statusCode).toBe(409);
    expect(name.json().fields).toEqual({ name: bankAdminMessages.nameTaken });
  });

  it('adds a bank customers can then choose; audited', async () => {
    const response = await send('POST', '/api/admin/banks', { code: '090999', name: 'Wise Test Microfinance Bank' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ bank: { code: '090999', name: 'Wise Test Microfinance Bank', active: true, accounts: 0 } });
    expect(await customerBanks()).toContainEqual({ code: '090999', name: 'Wise Test Microfinance Bank' });
    expect(await auditLines('090999')).toEqual([
      {
        staff_id: admin.id,
        action: 'bank.create',
        before: null,
        after: { code: '090999', name: 'Wise Test Microfinance Bank', active: true },
      },
    ]);
  });

  it("deactivates a bank: it leaves the customers' list and can't be chosen; reactivating brings it back; both audited", async () => {
    const off = await send('PATCH', '/api/admin/banks/090999', { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ bank: AdminBank }>().bank.active).toBe(false);
    expect((await customerBanks()).some((b) => b.code === '090999')).toBe(false);
    const choose = await t.app.inject({
      method: 'PUT',
      url: '/api/bank',
      payload: { bank_code: '090999', bank_account: '0123456789' },
      headers: { cookie: customer.cookie },
    });
    expect(choose.statusCode).toBe(400);
    expect(choose.json().fields).toEqual({ bank_code: bankMessages.unknownBank });
    // Listed for staff still, and the same answer twice writes one line.
    expect((await adminBanks()).find((b) => b.code === '090999')?.active).toBe(false);
    expect((await send('PATCH', '/api/admin/banks/090999', { active: false })).statusCode).toBe(200);

    expect((await send('PATCH', '/api/admin/banks/090999', { active: true })).json<{ bank: AdminBank }>().bank.active).toBe(true);
    expect((await customerBanks()).some((b) => b.code === '090999')).toBe(true);
    expect((await auditLines('090999')).slice(1)).toEqual([
      { staff_id: admin.id, action: 'bank.deactivate', before: { active: true }, after: { active: false } },
      { staff_id: admin.id, action: 'bank.activate', before: { active: false }, after: { active: true } },
    ]);
  });

  it('answers an unknown or malformed code and a bad body', async () => {
    expect((await send('PATCH', '/api/admin/banks/123456', { active: false })).statusCode).toBe(404);
    expect((await send('PATCH', '/api/admin/banks/abc', { active: false })).statusCode).toBe(400);
    const body = await send('PATCH', '/api/admin/banks/058', { active: 'no' });
    expect(body.statusCode).toBe(400);
    expect(body.json().fields).toEqual({ active: bankAdminMessages.activeInvalid });
  });
});
