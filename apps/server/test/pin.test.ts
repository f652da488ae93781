import { fieldMessages, notificationTexts, pinErrorCodes, pinMessages, PIN_LOCK_MS } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { createCustomer } from './support/users';

let t: TestApp;
const clock = new ManualClock('2026-03-02T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const status = async (cookie: string) => (await get(t.app, '/api/pin/status', cookie)).json<{ pin_status: string }>().pin_status;

describe('PIN status and set', () => {
  it('is pending until set, then set; the first set needs no current PIN and writes a notification', async () => {
    const c = await createCustomer(t);
    expect(await status(c.cookie)).toBe('pending');
    const set = await post(t.app, '/api/pin', { pin: '4821', confirm_pin: '4821' }, c.cookie);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: pinMessages.set });
    expect(await status(c.cookie)).toBe('set');
    const list = (await get(t.app, '/api/notifications', c.cookie)).json<{ notifications: { message: string }[] }>().notifications;
    expect(list.map((n) => n.message)).toContain(notificationTexts.pinSet);
    const rows = await t.database.query<{ pin_hash: string }>('SELECT pin_hash FROM transaction_pins WHERE user_id = $1', [c.id]);
    expect(rows[0]?.pin_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.pin_hash).not.toContain('4821');
  });

  it('answers docs/product.md §5 messages: required, invalid, mismatch', async () => {
    const c = await createCustomer(t);
    const empty = await post(t.app, '/api/pin', { pin: '', confirm_pin: '' }, c.cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { pin: fieldMessages.pinRequired, confirm_pin: fieldMessages.pinRequired } });
    for (const bad of ['123', '12345', '12a4', ' 1234x']) {
      const r = await post(t.app, '/api/pin', { pin: bad, confirm_pin: bad }, c.cookie);
      expect(r.json()).toMatchObject({ fields: { pin: fieldMessages.pinInvalid } });
    }
    const mismatch = await post(t.app, '/api/pin', { pin: '1234', confirm_pin: '1243' }, c.cookie);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ fields: { confirm_pin: fieldMessages.pinMismatch } });
    expect(await status(c.cookie)).toBe('pending');
  });

  it('changing an existing PIN needs the current one', async () => {
    const c = await createCustomer(t);
    await post(t.app, '/api/pin', { pin: '1111', confirm_pin: '1111' }, c.cookie);
    const without = await post(t.app, '/api/pin', { pin: '2222', confirm_pin: '2222' }, c.cookie);
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ fields: { current_pin: pinMessages.currentRequired } });
    const wrong = await post(t.app, '/api/pin', { pin: '2222', confirm_pin: '2222', current_pin: '9999' }, c.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: pinErrorCodes.wrong, fields: { current_pin: pinMessages.wrong(4) } });
    const right = await post(t.app, '/api/pin', { pin: '2222', confirm_pin: '2222', current_pin: '1111' }, c.cookie);
    expect(right.json()).toEqual({ message: pinMessages.changed });
    expect((await post(t.app, '/api/pin/verify', { pin: '2222' }, c.cookie)).statusCode).toBe(200);
    expect((await post(t.app, '/api/pin/verify', { pin: '1111' }, c.cookie)).statusCode).toBe(400);
    const list = (await get(t.app, '/api/notifications', c.cookie)).json<{ notifications: { message: string }[] }>().notifications;
    expect(list[0]?.message).toBe(notificationTexts.pinChanged);
  });

  it('two first-time sets racing: one wins, the other must give the current PIN', async () => {
    const c = await createCustomer(t);
    const [a, b] = await Promise.all([
      post(t.app, '/api/pin', { pin: '1357', confirm_pin: '1357' }, c.cookie),
      post(t.app, '/api/pin', { pin: '2468', confirm_pin: '2468' }, c.cookie),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });
});

describe('PIN verify and lockout', () => {
  it('verifies the right PIN; a PIN never set is refused', async () => {
    const c = await createCustomer(t);
    const notSet = await post(t.app, '/api/pin/verify', { pin: '1234' }, c.cookie);
    expect(notSet.statusCode).toBe(400);
    expect(notSet.json()).toMatchObject({ code: pinErrorCodes.notSet, error: pinMessages.notSet });
    await post(t.app, '/api/pin', { pin: '1234', confirm_pin: '1234' }, c.cookie);
    const ok = await post(t.app, '/api/pin/verify', { pin: '1234' }, c.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: pinMessages.verified });
    const invalid = await post(t.app, '/api/pin/verify', { pin: '12' }, c.cookie);
    expect(invalid.json()).toMatchObject({ fields: { pin: fieldMessages.pinInvalid } });
  });

  it('5 wrong PINs lock PIN use for 15 minutes, even for the right PIN; then it works again', async () => {
    const c = await createCustomer(t);
    await post(t.app, '/api/pin', { pin: '7777', confirm_pin: '7777' }, c.cookie);
    for (let i = 1; i <= 4; i += 1) {
      const r = await post(t.app, '/api/pin/verify', { pin: '0000' }, c.cookie);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: pinErrorCodes.wrong, error: pinMessages.wrong(5 - i) });
    }
    const fifth = await post(t.app, '/api/pin/verify', { pin: '0000' }, c.cookie);
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ code: pinErrorCodes.locked, error: pinMessages.locked(15) });
    expect(fifth.headers['retry-after']).toBe(String(PIN_LOCK_MS / 1000));

    clock.advance(5 * 60_000);
    const right = await post(t.app, '/api/pin/verify', { pin: '7777' }, c.cookie);
    expect(right.statusCode).toBe(423);
    expect(right.json()).toMatchObject({ error: pinMessages.locked(10) });
    // Changing the PIN is locked too: the current PIN can't be tried while locked.
    const change = await post(t.app, '/api/pin', { pin: '1212', confirm_pin: '1212', current_pin: '7777' }, c.cookie);
    expect(change.statusCode).toBe(423);

    clock.advance(10 * 60_000);
    expect((await post(t.app, '/api/pin/verify', { pin: '7777' }, c.cookie)).statusCode).toBe(200);
    // The count started over.
    const again = await post(t.app, '/api/pin/verify', { pin: '0000' }, c.cookie);
    expect(again.json()).toMatchObject({ error: pinMessages.wrong(4) });
  });

  it('a right PIN resets the count of wrong ones', async () => {
    const c = await createCustomer(t);
    await post(t.app, '/api/pin', { pin: '5555', confirm_pin: '5555' }, c.cookie);
    for (let i = 0; i < 3; i += 1) await post(t.app, '/api/pin/verify', { pin: '0000' }, c.cookie);
    expect((await post(t.app, '/api/pin/verify', { pin: '5555' }, c.cookie)).statusCode).toBe(200);
    const next = await post(t.app, '/api/pin/verify', { pin: '0000' }, c.cookie);
    expect(next.json()).toMatchObject({ error: pinMessages.wrong(4) });
  });

  it('two parallel wrong PINs both count', async () => {
    const c = await createCustomer(t);
    await post(t.app, '/api/pin', { pin: '4646', confirm_pin: '4646' }, c.cookie);
    const pair = await Promise.all(['0001', '0002'].map((pin) => post(t.app, '/api/pin/verify', { pin }, c.cookie)));
    expect(pair.map((r) => r.json<{ error: string }>().error).sort()).toEqual([pinMessages.wrong(3), pinMessages.wrong(4)].sort());
    const third = await post(t.app, '/api/pin/verify', { pin: '0003' }, c.cookie);
    expect(third.json()).toMatchObject({ error: pinMessages.wrong(2) });
  });

  it('parallel wrong guesses cannot get past the limit', async () => {
    const c = await createCustomer(t);
    await post(t.app, '/api/pin', { pin: '8642', confirm_pin: '8642' }, c.cookie);
    const guesses = await Promise.all(
      ['0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008'].map((pin) => post(t.app, '/api/pin/verify', { pin }, c.cookie)),
    );
    const codes = guesses.map((g) => g.statusCode).sort();
    // Counted under a row lock: exactly 4 "wrong" answers, then the 5th locks and the rest are refused.
    expect(codes).toEqual([400, 400, 400, 400, 423, 423, 423, 423]);
    expect((await post(t.app, '/api/pin/verify', { pin: '8642' }, c.cookie)).statusCode).toBe(423);
  });
});
