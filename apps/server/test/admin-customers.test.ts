import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, errorCodes, notificationTexts } from '@wise/shared';
import {
  adminCustomerMessages,
  pinResetEmail,
  type AdminCustomerDetail,
  type AdminCustomerPage,
  type CustomerLockState,
} from '@wise/shared/admin';
import { createSession } from '../src/domain/auth/sessions';
import { createTestApp, get, post, type TestApp } from './support/app';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

let t: TestApp;
let admin: TestStaff;
let reviewer: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t, { role: 'admin' });
  reviewer = await createStaff(t, { role: 'reviewer' });
});
afterAll(() => t.close());

const search = (cookie: string, query: string) => get(t.app, `/api/admin/customers${query}`, cookie);
const detailOf = async (userId: string, cookie = reviewer.cookie) => {
  const response = await get(t.app, `/api/admin/customers/${userId}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminCustomerDetail>();
};
const lock = (userId: string, body: Record<string, unknown>, cookie = admin.cookie) =>
  post(t.app, `/api/admin/customers/${userId}/lock`, body, cookie);
const unlock = (userId: string, body: Record<string, unknown>, cookie = admin.cookie) =>
  post(t.app, `/api/admin/customers/${userId}/unlock`, body, cookie);
const pinReset = (userId: string, body: Record<string, unknown>, cookie = admin.cookie) =>
  post(t.app, `/api/admin/customers/${userId}/pin-reset`, body, cookie);
const login = (user: TestUser, password = user.password) => post(t.app, '/api/auth/login', { email_or_phone: user.email, password });

async function auditLines(targetId: string) {
  return t.database.query<{ action: string; actor: string; staff_id: string; before: unknown; after: unknown; note: string | null }>(
    `SELECT action, actor, staff_id, before, after, note FROM staff_audit_log WHERE target_id = $1 ORDER BY id`,
    [targetId],
  );
}

describe('customer look-up', () => {
  let ada: TestUser;
  let bola: TestUser;
  let chidi: TestUser;
  beforeAll(async () => {
    ada = await createCustomer(t, { full_name: 'Adaeze Nwankwo', username: 'zebra_ada', phone: '+2348031110001' });
    bola = await createCustomer(t, { full_name: 'Bola Zebra-Ade', username: 'bolaade', phone: '+2348031110002' });
    chidi = await createCustomer(t, {
      full_name: 'Chidi Okeke',
      username: 'chidio',
      email: 'chidiunique@wisetest.com',
      phone: '+2349099990003',
    });
  });

  it('finds customers by part of a name, e-mail, username or phone, in any case, newest first', async () => {
    const byName = (await search(reviewer.cookie, '?q=ZEBRA')).json<AdminCustomerPage>();
    // "zebra" is in Ada's username and in Bola's name.
    expect(byName.items.map((c) => c.id)).toEqual([bola.id, ada.id]);
    expect(byName.items[0]).toMatchObject({ full_name: 'Bola Zebra-Ade', username: 'bolaade', email_verified: true, locked: false });

    const byEmail = (await search(reviewer.cookie, '?q=ChidiUnique@')).json<AdminCustomerPage>();
    expect(byEmail.items.map((c) => c.id)).toEqual([chidi.id]);

    // A local number (leading 0) finds the stored +234 form; so do the bare digits.
    const byLocalPhone = (await search(reviewer.cookie, '?q=09099990003')).json<AdminCustomerPage>();
    expect(byLocalPhone.items.map((c) => c.id)).toEqual([chidi.id]);
    const byDigits = (await search(reviewer.cookie, '?q=3111000')).json<AdminCustomerPage>();
    expect(byDigits.items.map((c) => c.id)).toEqual([bola.id, ada.id]);

    const byUsername = (await search(reviewer.cookie, '?q=chidio')).json<AdminCustomerPage>();
    expect(byUsername.items.map((c) => c.id)).toEqual([chidi.id]);

    // LIKE's wildcards are taken literally.
    expect((await search(reviewer.cookie, '?q=%25')).json<AdminCustomerPage>().items).toEqual([]);
    expect((await search(reviewer.cookie, '?q=nobody-here')).json<AdminCustomerPage>()).toEqual({
      items: [],
      next_cursor: null,
      sales: [],
    });
  });

  it('pages with a keyset cursor: every customer once, in order, then null', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const response = await search(reviewer.cookie, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<AdminCustomerPage>();
      seen.push(...body.items.map((c) => c.id));
      cursor = body.next_cursor;
      if (!cursor) break;
    }
    const all = (await search(reviewer.cookie, '?limit=100')).json<AdminCustomerPage>();
    expect(seen).toEqual(all.items.map((c) => c.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([ada.id, bola.id, chidi.id]));
  });

  it('refuses a forged cursor, an over-long query and a page over 100', async () => {
    expect((await search(reviewer.cookie, '?cursor=bm9wZQ')).statusCode).toBe(400);
    expect((await search(reviewer.cookie, `?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
    expect((await search(reviewer.cookie, '?limit=101')).statusCode).toBe(400);
  });

  it('is for staff only: no cookie and a customer cookie get 401', async () => {
    expect((await get(t.app, '/api/admin/customers')).statusCode).toBe(401);
    expect((await get(t.app, '/api/admin/customers', ada.cookie)).statusCode).toBe(401);
    expect((await get(t.app, `/api/admin/customers/${ada.id}`, ada.cookie)).statusCode).toBe(401);
  });

  it('shows a customer in full: profile, bank, gems, PIN, sales, gem lines and lock state', async () => {
    const dayo = await createCustomer(t, { full_name: 'Dayo Bello' });
    await addBankDetails(t, dayo);
    // Bank details exist: a first PIN needs the password confirmed in this session.
    await post(t.app, '/api/profile/password/confirm', { password: dayo.password }, dayo.cookie);
    expect((await post(t.app, '/api/pin', { pin: '1357', confirm_pin: '1357' }, dayo.cookie)).statusCode).toBe(200);
    expect((await post(t.app, '/api/gems/collect', undefined, dayo.cookie)).statusCode).toBe(200);
    const sale = await sellGiftCard(t, dayo, { comment: 'look-up test' });

    const detail = await detailOf(dayo.id);
    expect(detail.profile).toMatchObject({
      id: dayo.id,
      full_name: 'Dayo Bello',
      email: dayo.email,
      phone: dayo.phone,
      username: dayo.username,
      locked: false,
    });
    expect(detail.bank).toMatchObject({ bank_code: '058', account_number: '0123456789' });
    expect(detail.has_pin).toBe(true);
    expect(detail.lock).toBeNull();
    expect(detail.active_sessions).toBe(1);
    expect(detail.gems.balance).toBeGreaterThan(0);
    expect(detail.gems).toMatchObject({ held: 0, claimable_rewards: 0 });
    expect(detail.gem_lines).toEqual([
      expect.objectContaining({ reason: 'daily_collection', account: 'available', amount: detail.gems.balance }),
    ]);
    expect(detail.sales).toEqual([
      expect.objectContaining({ id: sale.id, kind: 'giftcard', status: 'submitted', rejection_reason: null, paid_at: null }),
    ]);
    expect(detail.bill_orders).toEqual([]);
  });

  it('answers 404 for an unknown customer and 400 for a malformed id', async () => {
    expect((await get(t.app, '/api/admin/customers/00000000-0000-4000-8000-000000000000', reviewer.cookie)).statusCode).toBe(404);
    expect((await get(t.app, '/api/admin/customers/not-a-uuid', reviewer.cookie)).statusCode).toBe(400);
  });
});

describe('lock and unlock', () => {
  it('a locked customer is signed out everywhere, told why at login, and back in after unlock', async () => {
    const eve = await createCustomer(t);
    const secondDevice = await login(eve);
    expect(secondDevice.statusCode).toBe(200);

    const locked = await lock(eve.id, { reason: 'Suspected card fraud', confirm_code: admin.code() });
    expect(locked.statusCode, locked.body).toBe(200);
    const state = locked.json<CustomerLockState>();
    expect(state).toMatchObject({ id: eve.id, lock: { reason: 'Suspected card fraud' }, sessions_ended: 2 });

    // Every session is gone at once.
    expect((await get(t.app, '/api/auth/me', eve.cookie)).statusCode).toBe(401);
    expect((await t.database.query(`SELECT 1 FROM sessions WHERE user_id = $1`, [eve.id])).length).toBe(0);

    // The right password is told clearly; a wrong one learns nothing about the lock.
    const refused = await login(eve);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: errorCodes.accountLocked, error: authMessages.accountLocked });
    expect(refused.cookies.find((c) => c.name === 'wise_session')).toBeUndefined();
    const wrong = await login(eve, 'not the password 1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: errorCodes.loginFailed });

    // A session that slipped in (a login racing the lock) is refused too.
    const raced = await createSession(t.database.db, t.clock, eve.id);
    expect((await get(t.app, '/api/auth/me', `wise_session=${raced}`)).statusCode).toBe(401);

    const detail = await detailOf(eve.id);
    expect(detail.lock).toEqual({ locked_at: state.lock?.locked_at, reason: 'Suspected card fraud' });
    expect(detail.profile.locked).toBe(true);

    // Locking twice is refused and changes nothing.
    const again = await lock(eve.id, { reason: 'again', confirm_code: admin.code() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: adminCustomerMessages.alreadyLocked });

    const unlocked = await unlock(eve.id, { confirm_code: admin.code() });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json<CustomerLockState>()).toEqual({ id: eve.id, lock: null, sessions_ended: 0 });
    expect((await login(eve)).statusCode).toBe(200);
    expect((await unlock(eve.id, { confirm_code: admin.code() })).json()).toMatchObject({ error: adminCustomerMessages.notLocked });

    const lines = await auditLines(eve.id);
    expect(lines.map((l) => l.action)).toEqual(['customer.lock', 'customer.unlock']);
    expect(lines[0]).toMatchObject({
      actor: admin.email,
      staff_id: admin.id,
      before: { locked: false },
      after: { locked: true, reason: 'Suspected card fraud', sessions_ended: 2 },
      note: 'Suspected card fraud',
    });
    expect(lines[1]).toMatchObject({ before: { locked: true, reason: 'Suspected card fraud' }, after: { locked: false } });
  });

  it('a password reset does not unlock the account', async () => {
    const fola = await createCustomer(t);
    expect((await lock(fola.id, { reason: 'Chargeback', confirm_code: admin.code() })).statusCode).toBe(200);
    expect((await post(t.app, '/api/auth/password-reset', { email: fola.email })).statusCode).toBe(200);
    const link = t.outbox.list().find((m) => m.to === fola.email && m.text.includes('token='));
    const token = decodeURIComponent(link?.text.match(/token=([^\s]+)/)?.[1] ?? '');
    expect(token).not.toBe('');
    const reset = await post(t.app, '/api/auth/password-reset/confirm', {
      token,
      new_password: 'a brand new pass 2',
      confirm_password: 'a brand new pass 2',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const refused = await login(fola, 'a brand new pass 2');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: errorCodes.accountLocked });
    expect((await detailOf(fola.id)).lock?.reason).toBe('Chargeback');
  });

  it('two admins locking at once: one lock, one 409, one audit line', async () => {
    const second = await createStaff(t, { role: 'admin' });
    const jide = await createCustomer(t);
    const answers = await Promise.all([
      lock(jide.id, { reason: 'First admin', confirm_code: admin.code() }),
      lock(jide.id, { reason: 'Second admin', confirm_code: second.code() }, second.cookie),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const lines = await auditLines(jide.id);
    expect(lines).toHaveLength(1);
    expect((await detailOf(jide.id)).lock?.reason).toBe((lines[0]?.after as { reason: string }).reason);
  });

  it('needs an admin, a reason and the current authenticator code', async () => {
    const gbenga = await createCustomer(t);
    const byReviewer = await lock(gbenga.id, { reason: 'x', confirm_code: reviewer.code() }, reviewer.cookie);
    expect(byReviewer.statusCode).toBe(403);
    expect(byReviewer.json()).toMatchObject({ code: errorCodes.forbidden });
    expect((await unlock(gbenga.id, { confirm_code: reviewer.code() }, reviewer.cookie)).statusCode).toBe(403);
    expect((await pinReset(gbenga.id, { confirm_code: reviewer.code() }, reviewer.cookie)).statusCode).toBe(403);
    expect((await lock(gbenga.id, { reason: 'x', confirm_code: admin.code() }, gbenga.cookie)).statusCode).toBe(401);

    const wrongCode = await lock(gbenga.id, { reason: 'Fraud', confirm_code: admin.code() === '000000' ? '111111' : '000000' });
    expect(wrongCode.statusCode).toBe(403);
    expect(wrongCode.json()).toMatchObject({ code: 'CONFIRMATION_INVALID' });
    expect((await lock(gbenga.id, { reason: 'Fraud' })).statusCode).toBe(400);
    expect((await lock(gbenga.id, { reason: '  ', confirm_code: admin.code() })).statusCode).toBe(400);
    expect((await lock(gbenga.id, { reason: 'x'.repeat(301), confirm_code: admin.code() })).statusCode).toBe(400);
    expect((await lock('00000000-0000-4000-8000-000000000000', { reason: 'Fraud', confirm_code: admin.code() })).statusCode).toBe(404);

    // Nothing changed and nothing was written to the audit log.
    expect((await get(t.app, '/api/auth/me', gbenga.cookie)).statusCode).toBe(200);
    expect(await auditLines(gbenga.id)).toEqual([]);
  });
});

describe('PIN reset', () => {
  it('deletes the PIN, tells the customer in the app and by e-mail, and the usual screen sets a new one', async () => {
    const hadiza = await createCustomer(t);
    expect((await post(t.app, '/api/pin', { pin: '2468', confirm_pin: '2468' }, hadiza.cookie)).statusCode).toBe(200);

    const response = await pinReset(hadiza.id, { confirm_code: admin.code() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: adminCustomerMessages.pinReset });

    expect((await get(t.app, '/api/pin/status', hadiza.cookie)).json()).toEqual({ pin_status: 'pending' });
    expect((await detailOf(hadiza.id)).has_pin).toBe(false);
    const notices = (await get(t.app, '/api/notifications', hadiza.cookie)).json<{ notifications: { message: string }[] }>().notifications;
    expect(notices.map((n) => n.message.toLowerCase())).toContain(notificationTexts.pinResetBySupport.toLowerCase());
    // The e-mail is a durable job written in the same transaction.
    const mails = await t.database.query<{ payload: { to: string; subject: string } }>(
      `SELECT payload FROM jobs WHERE name = 'notifications.send_email' AND payload->>'to' = $1`,
      [hadiza.email],
    );
    expect(mails.map((m) => m.payload.subject)).toEqual([pinResetEmail.subject]);

    // No current PIN is asked for: the customer sets a new one as on first use.
    const again = await post(t.app, '/api/pin', { pin: '1122', confirm_pin: '1122' }, hadiza.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect((await post(t.app, '/api/pin/verify', { pin: '1122' }, hadiza.cookie)).statusCode).toBe(200);

    const lines = await auditLines(hadiza.id);
    expect(lines).toEqual([
      expect.objectContaining({
        action: 'customer.pin_reset',
        actor: admin.email,
        before: expect.objectContaining({ has_pin: true }),
        after: { has_pin: false },
      }),
    ]);
  });

  it('refuses a customer without a PIN (409) and a wrong code, writing nothing', async () => {
    const ife = await createCustomer(t);
    const none = await pinReset(ife.id, { confirm_code: admin.code() });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ error: adminCustomerMessages.noPin });

    expect((await post(t.app, '/api/pin', { pin: '9753', confirm_pin: '9753' }, ife.cookie)).statusCode).toBe(200);
    const wrong = await pinReset(ife.id, { confirm_code: admin.code() === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(403);
    expect((await get(t.app, '/api/pin/status', ife.cookie)).json()).toEqual({ pin_status: 'set' });
    expect(await auditLines(ife.id)).toEqual([]);
    const mails = await t.database.query(`SELECT 1 FROM jobs WHERE name = 'notifications.send_email' AND payload->>'to' = $1`, [ife.email]);
    expect(mails).toEqual([]);
  });
});
