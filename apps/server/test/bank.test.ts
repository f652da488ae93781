import { bankMessages, fieldMessages, maskAccountNumber, matchAccountName, notificationTexts, pinErrorCodes } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxBankLookup } from '../src/providers/bank-lookup/sandbox';
import { PaystackBankLookup } from '../src/providers/bank-lookup/paystack';
import { BankLookupError } from '../src/providers/bank-lookup/types';
import { createTestApp, get, post, type TestApp } from './support/app';
import { startFakePaystack, type FakePaystack } from './support/fake-paystack';
import { createCustomer, type TestUser } from './support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const put = (app: TestApp, payload: unknown, cookie: string) =>
  app.app.inject({ method: 'PUT', url: '/api/bank', payload: payload as Record<string, unknown>, headers: { cookie } });
const details = async (c: TestUser, app = t) => (await get(app.app, '/api/bank', c.cookie)).json<Record<string, unknown>>();

describe('bank list', () => {
  it("lists Nigeria's banks with their CBN codes, by name", async () => {
    const c = await createCustomer(t);
    const banks = (await get(t.app, '/api/banks', c.cookie)).json<{ code: string; name: string }[]>();
    expect(banks.length).toBeGreaterThanOrEqual(30);
    expect(banks).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
    expect(banks).toContainEqual({ code: '057', name: 'Zenith Bank' });
    expect(banks).toContainEqual({ code: '011', name: 'First Bank of Nigeria' });
    const names = banks.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('bank details (sandbox lookup)', () => {
  it('are null until added; adding resolves the name on the server, needs no PIN, and notifies', async () => {
    const c = await createCustomer(t);
    expect(await details(c)).toEqual({ bank_name: null, bank_code: null, bank_account: null, account_name: null });
    const resolved = await post(t.app, '/api/bank/resolve', { bank_code: '058', bank_account: '0123456789' }, c.cookie);
    expect(resolved.statusCode).toBe(200);
    const { account_name } = resolved.json<{ account_name: string }>();
    // The sandbox's accounts are the asker's own: the name as a bank writes it, surname first.
    expect(resolved.json()).toEqual({ account_name: 'OBI-OKAFOR ADA', name_match: 'match' });
    // Deterministic: the same account always resolves to the same name.
    expect((await post(t.app, '/api/bank/resolve', { bank_code: '058', bank_account: '0123456789' }, c.cookie)).json()).toMatchObject({
      account_name,
    });

    const saved = await put(t, { bank_code: '058', bank_account: '0123456789', password: c.password }, c.cookie);
    expect(saved.statusCode).toBe(200);
    const expected = { bank_name: 'Guaranty Trust Bank', bank_code: '058', bank_account: '0123456789', account_name };
    expect(saved.json()).toEqual(expected);
    expect(await details(c)).toEqual(expected);
    const notes = (await get(t.app, '/api/notifications', c.cookie)).json<{ notifications: { message: string }[] }>().notifications;
    expect(notes[0]?.message).toBe(notificationTexts.bankDetailsAdded('Guaranty Trust Bank', maskAccountNumber('0123456789')));
  });

  it('answers the messages of the product rules: required and exactly 10 digits', async () => {
    const c = await createCustomer(t);
    const empty = await put(t, { bank_code: '', bank_account: '', password: c.password }, c.cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { bank_code: fieldMessages.required, bank_account: fieldMessages.required } });
    for (const bad of ['123456789', '12345678901', '01234abcde', '0123 45678']) {
      const r = await put(t, { bank_code: '058', bank_account: bad, password: c.password }, c.cookie);
      expect(r.json(), bad).toMatchObject({ fields: { bank_account: fieldMessages.invalidAccountNumber } });
    }
    const unknown = await put(t, { bank_code: '999', bank_account: '0123456789', password: c.password }, c.cookie);
    expect(unknown.json()).toMatchObject({ fields: { bank_code: bankMessages.unknownBank } });
    expect(await details(c)).toMatchObject({ bank_account: null });
  });

  it('refuses an account the bank does not know, and says so when the lookup is down', async () => {
    const c = await createCustomer(t);
    const missing = await post(t.app, '/api/bank/resolve', { bank_code: '058', bank_account: '0001234567' }, c.cookie);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ error: bankMessages.unresolved, fields: { bank_account: bankMessages.unresolved } });
    expect((await put(t, { bank_code: '058', bank_account: '0001234567', password: c.password }, c.cookie)).statusCode).toBe(422);
    const down = await post(t.app, '/api/bank/resolve', { bank_code: '058', bank_account: '9999999999' }, c.cookie);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: bankMessages.lookupUnavailable });
    expect(await details(c)).toMatchObject({ bank_account: null });
  });

  it('changing existing details needs a PIN, the right one, and counts toward the lockout', async () => {
    const c = await createCustomer(t);
    await put(t, { bank_code: '058', bank_account: '0123456789', password: c.password }, c.cookie);
    const noPinSet = await put(t, { bank_code: '057', bank_account: '1234567890', password: c.password }, c.cookie);
    expect(noPinSet.statusCode).toBe(400);
    expect(noPinSet.json()).toMatchObject({ error: bankMessages.pinNotSet });
    await post(t.app, '/api/profile/password/confirm', { password: c.password }, c.cookie);
    await post(t.app, '/api/pin', { pin: '2580', confirm_pin: '2580' }, c.cookie);
    const noPin = await put(t, { bank_code: '057', bank_account: '1234567890', password: c.password }, c.cookie);
    expect(noPin.json()).toMatchObject({ fields: { pin: bankMessages.pinRequired } });
    const wrong = await put(t, { bank_code: '057', bank_account: '1234567890', pin: '0000' }, c.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: pinErrorCodes.wrong });
    expect(await details(c)).toMatchObject({ bank_code: '058', bank_account: '0123456789' });
    const right = await put(t, { bank_code: '057', bank_account: '1234567890', pin: '2580' }, c.cookie);
    expect(right.statusCode).toBe(200);
    expect(await details(c)).toMatchObject({ bank_name: 'Zenith Bank', bank_account: '1234567890' });
    const notes = (await get(t.app, '/api/notifications', c.cookie)).json<{ notifications: { message: string }[] }>().notifications;
    expect(notes[0]?.message).toBe(notificationTexts.bankDetailsChanged('Zenith Bank', '******7890'));
  });

  it('never takes the account name from the browser', async () => {
    const c = await createCustomer(t);
    const r = await put(t, { bank_code: '058', bank_account: '0123456789', account_name: 'SOMEONE ELSE', password: c.password }, c.cookie);
    expect(r.statusCode).toBe(400);
  });
});

describe('Paystack client against a fake Paystack', () => {
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

  it('is used when the key is set: the name shown and saved is the bank’s', async () => {
    fake.accounts.set('044:0690000031', 'ADAEZE NGOZI OKAFOR');
    const c = await createCustomer(live, { full_name: 'Adaeze Okafor' });
    const resolved = await post(live.app, '/api/bank/resolve', { bank_code: '044', bank_account: '0690000031' }, c.cookie);
    expect(resolved.json()).toEqual({ account_name: 'ADAEZE NGOZI OKAFOR', name_match: 'match' });
    const last = fake.requests.at(-1);
    expect(last?.url).toBe('/bank/resolve?account_number=0690000031&bank_code=044');
    expect(last?.authorization).toBe(`Bearer ${fake.secretKey}`);
    await put(live, { bank_code: '044', bank_account: '0690000031', password: c.password }, c.cookie);
    expect(await details(c, live)).toMatchObject({ bank_name: 'Access Bank', account_name: 'ADAEZE NGOZI OKAFOR' });
    const unknown = await post(live.app, '/api/bank/resolve', { bank_code: '044', bank_account: '0690000032' }, c.cookie);
    expect(unknown.statusCode).toBe(422);
  });

  it('maps failures: 422 → not found, 5xx and bad keys → unavailable', async () => {
    const client = new PaystackBankLookup(fake.secretKey, fake.url);
    await expect(client.resolveAccount('044', '1111111111')).rejects.toMatchObject({ kind: 'not_found' });
    fake.failWith = 500;
    await expect(client.resolveAccount('044', '0690000031')).rejects.toMatchObject({ kind: 'unavailable' });
    fake.failWith = undefined;
    await expect(new PaystackBankLookup('sk_wrong', fake.url).resolveAccount('044', '0690000031')).rejects.toBeInstanceOf(BankLookupError);
    await expect(new PaystackBankLookup('sk', 'http://127.0.0.1:9').resolveAccount('044', '0690000031')).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });

  it('the sandbox is deterministic and has its documented failure cases', async () => {
    const sandbox = new SandboxBankLookup();
    const asker = { fullName: 'Chinedu Kelechi Eze' };
    expect(await sandbox.resolveAccount('058', '0123456789', asker)).toEqual({ accountName: 'EZE CHINEDU KELECHI' });
    // Starting with 5: someone else's account, the same stranger every time, sharing no name with the asker.
    const stranger = await sandbox.resolveAccount('058', '5123456789', asker);
    expect(await sandbox.resolveAccount('058', '5123456789', asker)).toEqual(stranger);
    expect(matchAccountName(asker.fullName, stranger.accountName)).toBe('mismatch');
    for (const name of ['Oluwaseun Okafor', 'Adaeze Ngozi Bello', 'Tunde Musa']) {
      for (const account of ['5000000000', '5123456789', '5999999999']) {
        expect(
          matchAccountName(name, (await sandbox.resolveAccount('044', account, { fullName: name })).accountName),
          `${name} ${account}`,
        ).toBe('mismatch');
      }
    }
    await expect(sandbox.resolveAccount('058', '0001112223', asker)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(sandbox.resolveAccount('058', '9999999999', asker)).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
