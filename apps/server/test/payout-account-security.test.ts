import { bankErrorCodes, bankMessages, errorCodes, pinErrorCodes, pinMessages } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSaleForReview } from '../src/domain/admin/review/detail';
import { SEND_EMAIL_JOB } from '../src/domain/notifications/email';
import { ratePolicies } from '../src/plugins/rate-limits';
import { createTestApp, get, post, sessionCookie, type TestApp } from './support/app';
import { startFakePaystack, type FakePaystack } from './support/fake-paystack';
import { sellGiftCard } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/**
 * Payouts go only to the customer's own account, and a stolen session cookie alone can't point
 * them anywhere else (domain/bank/README.md): a first PIN set once bank details exist needs the
 * password; a changed PIN or payout account ends the customer's other sessions and is e-mailed;
 * an account in a stranger's name is refused, a partial fit flagged on each sale; and the PIN
 * limits hold one account back from any address without locking out everyone behind one address.
 */

let t: TestApp;
beforeAll(async () => {
  // The real limits, as production has them.
  t = await createTestApp({ rateLimitMultiplier: 1 });
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
};
const from = (ip: string) => ({ remoteAddress: ip });
const put = (payload: Record<string, unknown>, cookie: string, ip = '192.0.2.1') =>
  t.app.inject({ method: 'PUT', url: '/api/bank', payload, headers: { cookie }, remoteAddress: ip });
const details = async (c: TestUser) => (await get(t.app, '/api/bank', c.cookie)).json<Record<string, unknown>>();
const pinStatus = async (c: TestUser) => (await get(t.app, '/api/pin/status', c.cookie)).json<{ pin_status: string }>().pin_status;
const confirmPassword = (c: TestUser, cookie = c.cookie) => post(t.app, '/api/profile/password/confirm', { password: c.password }, cookie);

/** Another device signing in to the same account: its own session cookie. */
async function secondSession(c: TestUser): Promise<string> {
  const login = await post(t.app, '/api/auth/login', { email_or_phone: c.email, password: c.password });
  expect(login.statusCode).toBe(200);
  return sessionCookie(login);
}
const signedIn = async (cookie: string) => (await get(t.app, '/api/auth/me', cookie)).statusCode === 200;

const queuedEmails = (to: string) =>
  t.database.query<{ payload: { to: string; subject: string; text: string } }>(
    "SELECT payload FROM jobs WHERE name = $1 AND payload->>'to' = $2 ORDER BY id",
    [SEND_EMAIL_JOB, to],
  );

async function withBankDetails(): Promise<TestUser> {
  const c = await createCustomer(t);
  const saved = await put({ bank_code: '058', bank_account: '0123456789', password: c.password }, c.cookie);
  expect(saved.statusCode, saved.body).toBe(200);
  return c;
}

describe('a stolen cookie cannot redirect payouts', () => {
  it('setting a first PIN once bank details exist needs the password confirmed in this session', async () => {
    const c = await withBankDetails();
    // The cookie alone: refused, so it can't then be used to replace the bank account.
    const refused = await post(t.app, '/api/pin', { pin: '2468', confirm_pin: '2468' }, c.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: pinErrorCodes.reauthRequired, error: pinMessages.reauthRequired });
    expect(await pinStatus(c)).toBe('pending');
    const hijack = await put({ bank_code: '057', bank_account: '1234567890', pin: '2468' }, c.cookie);
    expect(hijack.statusCode).toBe(400);
    expect(await details(c)).toMatchObject({ bank_code: '058', bank_account: '0123456789' });

    // A wrong password opens nothing; the right one lets this session set it.
    expect((await post(t.app, '/api/profile/password/confirm', { password: 'not the password' }, c.cookie)).statusCode).toBe(400);
    expect((await post(t.app, '/api/pin', { pin: '2468', confirm_pin: '2468' }, c.cookie)).statusCode).toBe(403);
    const other = await secondSession(c);
    expect((await confirmPassword(c)).statusCode).toBe(200);
    const set = await post(t.app, '/api/pin', { pin: '2468', confirm_pin: '2468' }, c.cookie);
    expect(set.statusCode, set.body).toBe(200);
    expect(await pinStatus(c)).toBe('set');
    // The PIN now guards payouts: the other device is signed out, this one is not, and an e-mail says so.
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(c.cookie)).toBe(true);
    expect((await queuedEmails(c.email)).map((row) => row.payload.subject)).toContain(pinMessages.changedEmailSubject);
  });

  it('another session’s password confirmation does not count', async () => {
    const c = await withBankDetails();
    const other = await secondSession(c);
    expect((await confirmPassword(c, other)).statusCode).toBe(200);
    expect((await post(t.app, '/api/pin', { pin: '1357', confirm_pin: '1357' }, c.cookie)).statusCode).toBe(403);
  });

  it('a first PIN without bank details needs no password and ends no session', async () => {
    const c = await createCustomer(t);
    const other = await secondSession(c);
    expect((await post(t.app, '/api/pin', { pin: '2468', confirm_pin: '2468' }, c.cookie)).statusCode).toBe(200);
    expect(await signedIn(other)).toBe(true);
  });

  it('changing the PIN ends the other sessions and e-mails the customer', async () => {
    const c = await createCustomer(t);
    await post(t.app, '/api/pin', { pin: '2468', confirm_pin: '2468' }, c.cookie);
    const other = await secondSession(c);
    const changed = await post(t.app, '/api/pin', { pin: '8642', confirm_pin: '8642', current_pin: '2468' }, c.cookie);
    expect(changed.statusCode).toBe(200);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(c.cookie)).toBe(true);
    const mail = (await queuedEmails(c.email)).find((row) => row.payload.subject === pinMessages.changedEmailSubject);
    expect(mail?.payload.text).toBe(pinMessages.changedEmailText);
  });

  it('changing the bank account ends the other sessions and e-mails the customer', async () => {
    const c = await createCustomer(t);
    await post(t.app, '/api/pin', { pin: '2468', confirm_pin: '2468' }, c.cookie);
    expect((await put({ bank_code: '058', bank_account: '0123456789', password: c.password }, c.cookie)).statusCode).toBe(200);
    // Adding the first account ends nothing.
    const other = await secondSession(c);
    expect(await signedIn(other)).toBe(true);
    const changed = await put({ bank_code: '057', bank_account: '1234567890', pin: '2468' }, c.cookie);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(c.cookie)).toBe(true);
    const mail = (await queuedEmails(c.email)).find((row) => row.payload.subject === bankMessages.changedEmailSubject);
    expect(mail?.payload.text).toBe(bankMessages.changedEmailText('Zenith Bank', '******7890'));
  });
});

describe('payout accounts in the customer’s own name', () => {
  it('an account in a stranger’s name is refused with the reason, and not saved', async () => {
    const c = await createCustomer(t);
    // The sandbox: accounts starting with 5 are someone else's.
    const resolved = await post(t.app, '/api/bank/resolve', { bank_code: '058', bank_account: '5123456789' }, c.cookie);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ name_match: 'mismatch' });
    const refused = await put({ bank_code: '058', bank_account: '5123456789', password: c.password }, c.cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: bankErrorCodes.nameMismatch,
      error: bankMessages.nameMismatch,
      fields: { bank_account: bankMessages.nameMismatch },
    });
    expect(await details(c)).toMatchObject({ bank_account: null });

    // Nor as a change, even with the right PIN.
    await post(t.app, '/api/pin', { pin: '2468', confirm_pin: '2468' }, c.cookie);
    await put({ bank_code: '058', bank_account: '0123456789', password: c.password }, c.cookie);
    const change = await put({ bank_code: '057', bank_account: '5000000001', pin: '2468' }, c.cookie);
    expect(change.statusCode).toBe(422);
    expect(await details(c)).toMatchObject({ bank_code: '058', bank_account: '0123456789' });
  });

  it('the customer’s own account is saved as a match, and each sale carries the verdict to the reviewer', async () => {
    const c = await createCustomer(t);
    await put({ bank_code: '058', bank_account: '0123456789', password: c.password }, c.cookie);
    const [row] = await t.database.query<{ name_match: string }>('SELECT name_match FROM bank_details WHERE user_id = $1', [c.id]);
    expect(row?.name_match).toBe('match');
    const sale = await sellGiftCard(t, c, { seed: 7 });
    const detail = await getSaleForReview({ db: t.database.db, clock: t.clock }, sale.id);
    expect(detail.bank.name_match).toBe('match');
  });

  it('the database refuses an account saved without its verdict, and a sale’s verdict never changes', async () => {
    const c = await withBankDetails();
    await expect(t.database.query('UPDATE bank_details SET name_match = NULL WHERE user_id = $1', [c.id])).rejects.toThrow(/name_match/);
    const sale = await sellGiftCard(t, c, { seed: 8 });
    await expect(t.database.query("UPDATE sales SET account_name_match = 'partial' WHERE id = $1", [sale.id])).rejects.toThrow(
      /account_name_match/,
    );
  });

  describe('with a real bank lookup (a fake Paystack)', () => {
    let fake: FakePaystack;
    let live: TestApp;
    beforeAll(async () => {
      fake = await startFakePaystack();
      live = await createTestApp({ env: { BANK_LOOKUP_SECRET_KEY: fake.secretKey, BANK_LOOKUP_BASE_URL: fake.url } });
    });
    afterAll(async () => {
      await live?.close();
      await fake?.close();
    });
    const livePut = (payload: Record<string, unknown>, cookie: string) =>
      live.app.inject({ method: 'PUT', url: '/api/bank', payload, headers: { cookie } });

    it('tolerates how banks write names: order, case, middle names, short forms', async () => {
      fake.accounts.set('044:0690000051', 'ADEYEMI OLUWASEUN TITILAYO');
      const c = await createCustomer(live, { full_name: 'Seun Adeyemi' });
      const saved = await livePut({ bank_code: '044', bank_account: '0690000051', password: c.password }, c.cookie);
      expect(saved.statusCode, saved.body).toBe(200);
      const [row] = await live.database.query<{ name_match: string }>('SELECT name_match FROM bank_details WHERE user_id = $1', [c.id]);
      expect(row?.name_match).toBe('match');
    });

    it('a partial fit is saved but flagged: the sale shows it to the reviewer', async () => {
      fake.accounts.set('044:0690000052', 'OKAFOR NGOZI');
      const c = await createCustomer(live, { full_name: 'Ada Okafor' });
      const resolved = await post(live.app, '/api/bank/resolve', { bank_code: '044', bank_account: '0690000052' }, c.cookie);
      expect(resolved.json()).toEqual({ account_name: 'OKAFOR NGOZI', name_match: 'partial' });
      expect((await livePut({ bank_code: '044', bank_account: '0690000052', password: c.password }, c.cookie)).statusCode).toBe(200);
      const sale = await sellGiftCard(live, c, { seed: 9 });
      const [row] = await live.database.query<{ account_name_match: string }>('SELECT account_name_match FROM sales WHERE id = $1', [
        sale.id,
      ]);
      expect(row?.account_name_match).toBe('partial');
      const detail = await getSaleForReview({ db: live.database.db, clock: live.clock }, sale.id);
      expect(detail.bank).toMatchObject({ account_name: 'OKAFOR NGOZI', name_match: 'partial' });
    });

    it('a stranger’s name is refused', async () => {
      fake.accounts.set('044:0690000053', 'TUNDE BALOGUN');
      const c = await createCustomer(live, { full_name: 'Ada Okafor' });
      const refused = await livePut({ bank_code: '044', bank_account: '0690000053', password: c.password }, c.cookie);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: bankErrorCodes.nameMismatch });
    });
  });
});

describe('PIN limits: per account and per IP', () => {
  const verify = (c: TestUser, pin: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/pin/verify', payload: { pin }, headers: { cookie: c.cookie }, ...from(ip) });

  async function withPin(pin = '2468'): Promise<TestUser> {
    const c = await createCustomer(t);
    expect((await post(t.app, '/api/pin', { pin, confirm_pin: pin }, c.cookie)).statusCode).toBe(200);
    return c;
  }

  it('one account’s failures behind a shared address lock out nobody else there', async () => {
    const nat = freshIp();
    const guesser = await withPin();
    // Far more than the old per-IP limit of 30: the guesser is held back by their own account's limits.
    for (let i = 0; i < 40; i += 1) {
      const r = await verify(guesser, '0000', nat);
      expect([400, 423, 429]).toContain(r.statusCode);
    }
    // Every other customer behind the same address still uses their PIN.
    for (let i = 0; i < 5; i += 1) {
      const honest = await withPin('1357');
      const r = await verify(honest, '1357', nat);
      expect(r.statusCode, r.body).toBe(200);
    }
  });

  it('one account is limited whatever address the guesses come from', async () => {
    const c = await withPin();
    const { limit } = ratePolicies.pinFailuresPerUser;
    for (let i = 0; i < limit; i += 1) {
      const r = await verify(c, '0000', freshIp());
      expect(r.statusCode, `guess ${i + 1}`).not.toBe(429);
    }
    const over = await verify(c, '0000', freshIp());
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: errorCodes.rateLimited });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // The bank change and the PIN change count against the same account limit.
    const bank = await put({ bank_code: '057', bank_account: '1234567890', pin: '2468' }, c.cookie, freshIp());
    expect(bank.statusCode).toBe(429);
  });

  it('the per-IP budget still ends a flood from one address', async () => {
    const ip = freshIp();
    const { limit } = ratePolicies.pinVerifyPerIp;
    // Customers without a PIN: each check is refused at once (no hashing), and never counts per account.
    const customers = await Promise.all([createCustomer(t), createCustomer(t), createCustomer(t)]);
    for (let i = 0; i < limit; i += 1) {
      const r = await verify(customers[i % customers.length]!, '2468', ip);
      expect(r.json()).toMatchObject({ code: pinErrorCodes.notSet });
    }
    expect((await verify(customers[0]!, '2468', ip)).statusCode).toBe(429);
    expect((await verify(customers[0]!, '2468', freshIp())).json()).toMatchObject({ code: pinErrorCodes.notSet });
  });

  it('sign-up codes are limited per address as well as per IP', async () => {
    const c = { email: `nobody${Date.now()}@nowhere.com` };
    const { limit } = ratePolicies.otpVerifyPerAccount;
    for (let i = 0; i < limit; i += 1) {
      const r = await post(t.app, '/api/auth/otp/verify', { email: c.email, otp: '0000' }, undefined, from(freshIp()));
      expect(r.statusCode).not.toBe(429);
    }
    const over = await post(t.app, '/api/auth/otp/verify', { email: c.email, otp: '0000' }, undefined, from(freshIp()));
    expect(over.statusCode, over.body).toBe(429);
  });
});
