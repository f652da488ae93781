import { rm } from 'node:fs/promises';
import { authMessages, capitalizeFirst, firstWord, notificationTexts, PENDING_ACTIONS } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { openCountingDatabase } from './support/db';
import { multipartFile, photo } from './support/fake-images';
import { createCustomer, type TestUser } from './support/users';
import { setKycTier } from './support/tiers';

let t: TestApp;
const uploadDir = `/tmp/wise-dashboard-test-${process.pid}-${Date.now()}`;
// A Monday in Lagos: collecting gems gives day 1's amount.
const clock = new ManualClock('2026-03-02T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ clock, env: { UPLOAD_DIR: uploadDir } });
});
afterAll(async () => {
  await t.close();
  await rm(uploadDir, { recursive: true, force: true });
});

interface Dashboard {
  full_name: string;
  photo: string;
  wallet: number;
  unread_notifications: number;
  pending_actions: string[];
}
const dashboard = async (c: TestUser) => {
  const r = await get(t.app, '/api/dashboard', c.cookie);
  expect(r.statusCode).toBe(200);
  return r.json<Dashboard>();
};

describe('GET /api/dashboard', () => {
  it('shows the name, default photo, gem balance, unread count and every pending action for a new customer', async () => {
    const c = await createCustomer(t);
    expect(await dashboard(c)).toEqual({
      full_name: c.full_name,
      photo: '',
      wallet: 0,
      unread_notifications: 0,
      pending_actions: [...PENDING_ACTIONS],
    });
    expect(firstWord(c.full_name)).toBe('Ada');
  });

  it('each pending action disappears once it is done', async () => {
    const c = await createCustomer(t);
    await post(t.app, '/api/pin', { pin: '1234', confirm_pin: '1234' }, c.cookie);
    expect((await dashboard(c)).pending_actions).toEqual(['upload_photo', 'add_bank_details', 'verify_identity']);
    const body = multipartFile(await photo('jpeg'));
    await t.app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      payload: body.payload,
      headers: { ...body.headers, cookie: c.cookie },
    });
    const afterPhoto = await dashboard(c);
    expect(afterPhoto.pending_actions).toEqual(['add_bank_details', 'verify_identity']);
    expect(afterPhoto.photo).toMatch(/^\/api\/profile\/photo\//);
    await t.app.inject({
      method: 'PUT',
      url: '/api/bank',
      payload: { bank_code: '058', bank_account: '0123456789', password: c.password },
      headers: { cookie: c.cookie },
    });
    expect((await dashboard(c)).pending_actions).toEqual(['verify_identity']);
    // Verified (tier 1, set by the verification screens): nothing is left to do.
    await setKycTier(t.database, c.id, 1);
    expect((await dashboard(c)).pending_actions).toEqual([]);
  });

  it('costs one statement, one round trip to the database, once the session is known (domain/profile/dashboard.ts)', async () => {
    const counted = await openCountingDatabase(t.database);
    const app = await createTestApp({ database: counted.database });
    try {
      const c = await createCustomer(app);
      expect((await get(app.app, '/api/dashboard', c.cookie)).statusCode).toBe(200);
      const before = counted.statements();
      const second = await get(app.app, '/api/dashboard', c.cookie);
      expect(second.statusCode).toBe(200);
      expect(second.json<Dashboard>().full_name).toBe(c.full_name);
      expect(counted.statements() - before).toBe(1);
    } finally {
      await app.close();
      await counted.database.close();
    }
  });

  it('wallet is the gem balance from the ledger', async () => {
    const c = await createCustomer(t);
    const collected = await post(t.app, '/api/gems/collect', {}, c.cookie);
    expect(collected.statusCode).toBe(200);
    const { total_points } = (await get(t.app, '/api/gems/balance', c.cookie)).json<{ total_points: number }>();
    expect(total_points).toBeGreaterThan(0);
    expect((await dashboard(c)).wallet).toBe(total_points);
  });
});

describe('notifications', () => {
  it('are written on real events, listed newest first with dates, and opening the list marks them read', async () => {
    const c = await createCustomer(t);
    expect((await get(t.app, '/api/notifications', c.cookie)).json<{ notifications: unknown[] }>().notifications).toEqual([]);
    await post(t.app, '/api/pin', { pin: '1234', confirm_pin: '1234' }, c.cookie);
    await t.app.inject({
      method: 'PUT',
      url: '/api/bank',
      payload: { bank_code: '057', bank_account: '1234567890' },
      headers: { cookie: c.cookie },
    });
    expect((await dashboard(c)).unread_notifications).toBe(2);
    const list = (await get(t.app, '/api/notifications', c.cookie)).json<{
      notifications: { id: string; message: string; date_created: string; read: boolean }[];
    }>().notifications;
    expect(list.map((n) => n.message)).toEqual([notificationTexts.bankDetailsAdded('Zenith Bank', '******7890'), notificationTexts.pinSet]);
    expect(list.every((n) => !n.read && !Number.isNaN(Date.parse(n.date_created)))).toBe(true);
    expect(Date.parse(list[0]?.date_created ?? '')).toBeGreaterThanOrEqual(Date.parse(list[1]?.date_created ?? ''));
    expect(capitalizeFirst(list[1]?.message ?? '')).toMatch(/^Your transaction PIN/);

    const read = await post(t.app, '/api/notifications/read', {}, c.cookie);
    expect(read.json()).toEqual({ unread_count: 0 });
    expect((await dashboard(c)).unread_notifications).toBe(0);
    expect(
      (await get(t.app, '/api/notifications', c.cookie)).json<{ notifications: { read: boolean }[] }>().notifications.every((n) => n.read),
    ).toBe(true);
  });

  it('a password reset writes one', async () => {
    const c = await createCustomer(t);
    await post(t.app, '/api/auth/password-reset', { email: c.email });
    const mail = t.outbox.list().find((m) => m.to === c.email && m.text.includes('token='));
    const token = decodeURIComponent(mail?.text.match(/token=([^\s&]+)/)?.[1] ?? '');
    const reset = await post(t.app, '/api/auth/password-reset/confirm', {
      token,
      new_password: 'a new password 2',
      confirm_password: 'a new password 2',
    });
    expect(reset.json()).toEqual({ message: authMessages.passwordChanged });
    const login = await post(t.app, '/api/auth/login', { email_or_phone: c.email, password: 'a new password 2' });
    const cookie = `wise_session=${login.cookies.find((k) => k.name === 'wise_session')?.value}`;
    const list = (await get(t.app, '/api/notifications', cookie)).json<{ notifications: { message: string }[] }>().notifications;
    expect(list.map((n) => n.message)).toEqual([notificationTexts.passwordChanged]);
  });
});

describe('transactions list', () => {
  // The list reads sales since 0007_giftcards_sales.sql; pages and status search: transactions-list.test.ts.
  it('is empty for a new customer and refuses an unknown status', async () => {
    const c = await createCustomer(t);
    expect((await get(t.app, '/api/transactions', c.cookie)).json()).toEqual({ transactions: [], next_cursor: null });
    expect((await get(t.app, '/api/transactions?status=', c.cookie)).json()).toEqual({ transactions: [], next_cursor: null });
    expect((await get(t.app, '/api/transactions?status=lost', c.cookie)).statusCode).toBe(400);
  });
});

describe('support contacts', () => {
  it('come from SUPPORT_WHATSAPP and SUPPORT_EMAIL', async () => {
    const c = await createCustomer(t);
    expect((await get(t.app, '/api/support', c.cookie)).json()).toEqual({
      whatsapp_url: 'https://wa.me/2348000000000',
      whatsapp_number: '+2348000000000',
      email: 'support@wise.ng',
      email_url: 'mailto:support@wise.ng',
    });
  });
});
