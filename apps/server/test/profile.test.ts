import { authMessages, errorCodes, fieldMessages, maskPhone, notificationTexts, profileMessages } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, sessionCookie, type TestApp } from './support/app';
import { createCustomer, latestCode, newSignup, type TestUser } from './support/users';

let t: TestApp;
const clock = new ManualClock('2026-03-02T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const put = (url: string, payload: unknown, cookie: string) =>
  t.app.inject({ method: 'PUT', url, payload: payload as Record<string, unknown>, headers: { cookie } });
const profile = async (c: TestUser) => (await get(t.app, '/api/profile', c.cookie)).json<Record<string, unknown>>();
/** A second device: the same customer logged in again, with its own session. */
const secondSession = async (c: TestUser) =>
  sessionCookie(await post(t.app, '/api/auth/login', { email_or_phone: c.email, password: c.password }));
const confirmPassword = (c: TestUser) => post(t.app, '/api/profile/password/confirm', { password: c.password }, c.cookie);
const messages = async (c: TestUser) =>
  (await get(t.app, '/api/notifications', c.cookie)).json<{ notifications: { message: string }[] }>().notifications.map((n) => n.message);

describe('GET /api/profile', () => {
  it("returns the session user's details, with nulls for what is not filled in and '' for the default photo", async () => {
    const c = await createCustomer(t);
    const response = await get(t.app, '/api/profile', c.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      full_name: c.full_name,
      email: c.email,
      phone: c.phone,
      gender: null,
      address: null,
      date_of_birth: null,
      photo: '',
      language: 'en',
      identity_locked: false,
    });
    expect((await get(t.app, '/api/profile/contact', c.cookie)).json()).toEqual({ email: c.email });
  });
});

describe('modify full name', () => {
  it('joins first, optional middle and surname', async () => {
    const c = await createCustomer(t);
    const r = await put(
      '/api/profile/full-name',
      { first_name: 'Chiamaka', middle_name: 'Ada', surname: 'Obi-Okafor', password: c.password },
      c.cookie,
    );
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ message: profileMessages.fullNameUpdated });
    expect((await profile(c)).full_name).toBe('Chiamaka Ada Obi-Okafor');
    await put('/api/profile/full-name', { first_name: 'Chiamaka', middle_name: '', surname: 'Obi', password: c.password }, c.cookie);
    expect((await profile(c)).full_name).toBe('Chiamaka Obi');
    await put('/api/profile/full-name', { first_name: 'Tobi', surname: 'Eze', password: c.password }, c.cookie);
    expect((await profile(c)).full_name).toBe('Tobi Eze');
  });

  it('answers docs/product.md §5 messages', async () => {
    const c = await createCustomer(t);
    const missing = await put('/api/profile/full-name', { first_name: '', surname: '  ' }, c.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      fields: { first_name: fieldMessages.firstNameRequired, surname: fieldMessages.surnameRequired },
    });
    const bad = await put('/api/profile/full-name', { first_name: 'Ada1', middle_name: 'N-go', surname: 'Obi 2' }, c.cookie);
    expect(bad.json()).toMatchObject({
      fields: {
        first_name: fieldMessages.nameAlphabetsOnly,
        middle_name: fieldMessages.nameAlphabetsOnly,
        surname: fieldMessages.nameAlphabetsOnly,
      },
    });
    const long = await put('/api/profile/full-name', { first_name: 'A'.repeat(21), surname: 'Obi' }, c.cookie);
    expect(long.json()).toMatchObject({ fields: { first_name: fieldMessages.nameAlphabetsOnly } });
    expect((await profile(c)).full_name).toBe(c.full_name);
  });
});

describe('modify gender, address, date of birth', () => {
  it('saves each and answers its required message', async () => {
    const c = await createCustomer(t);
    expect((await put('/api/profile/gender', { gender: 'female' }, c.cookie)).json()).toEqual({ message: profileMessages.genderUpdated });
    expect((await put('/api/profile/address', { address: '12 Admiralty Way, Lekki, Lagos' }, c.cookie)).statusCode).toBe(200);
    expect((await put('/api/profile/date-of-birth', { date_of_birth: '1994-07-21' }, c.cookie)).statusCode).toBe(200);
    expect(await profile(c)).toMatchObject({ gender: 'female', address: '12 Admiralty Way, Lekki, Lagos', date_of_birth: '1994-07-21' });

    expect((await put('/api/profile/gender', { gender: '' }, c.cookie)).json()).toMatchObject({
      fields: { gender: fieldMessages.genderRequired },
    });
    expect((await put('/api/profile/gender', { gender: 'other' }, c.cookie)).statusCode).toBe(400);
    expect((await put('/api/profile/address', { address: ' ' }, c.cookie)).json()).toMatchObject({
      fields: { address: fieldMessages.addressRequired },
    });
    expect((await put('/api/profile/address', { address: 'x'.repeat(201) }, c.cookie)).json()).toMatchObject({
      fields: { address: profileMessages.addressTooLong },
    });
    expect((await put('/api/profile/date-of-birth', {}, c.cookie)).json()).toMatchObject({
      fields: { date_of_birth: fieldMessages.dobRequired },
    });
  });

  it('refuses malformed, impossible and future dates of birth', async () => {
    const c = await createCustomer(t);
    // The server's clock says 2026-03-02 (Lagos).
    for (const bad of [
      '21-07-1994',
      '1994/07/21',
      '1994-7-21',
      '2023-02-30',
      '2023-13-01',
      '2021-02-29',
      '2026-03-03',
      '2099-01-01',
      '1899-12-31',
    ]) {
      const r = await put('/api/profile/date-of-birth', { date_of_birth: bad }, c.cookie);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json(), bad).toMatchObject({ fields: { date_of_birth: fieldMessages.dobInvalid } });
    }
    expect((await put('/api/profile/date-of-birth', { date_of_birth: '2024-02-29' }, c.cookie)).statusCode).toBe(200);
    expect((await put('/api/profile/date-of-birth', { date_of_birth: '2026-03-02' }, c.cookie)).statusCode).toBe(200);
    expect((await profile(c)).date_of_birth).toBe('2026-03-02');
  });
});

describe('phone change: password, new number, SMS code', () => {
  const newPhone = () => newSignup().phone;

  it('changes the number only after the password and the code texted to the new number', async () => {
    const c = await createCustomer(t);
    const target = newPhone();
    const before = await post(t.app, '/api/profile/phone', { new_phone: target }, c.cookie);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ error: profileMessages.reauthRequired });

    const confirm = await post(t.app, '/api/profile/password/confirm', { password: c.password }, c.cookie);
    expect(confirm.json()).toEqual({ message: profileMessages.passwordConfirmed });
    const request = await post(t.app, '/api/profile/phone', { new_phone: target }, c.cookie);
    expect(request.json()).toEqual({ message: profileMessages.phoneOtpSent });
    const sms = t.outbox.list()[0];
    expect(sms).toMatchObject({ channel: 'sms', to: target });
    expect((await profile(c)).phone).toBe(c.phone);

    const verify = await post(t.app, '/api/profile/phone/verify', { new_phone: target, otp_code: latestCode(t, target) }, c.cookie);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ message: profileMessages.phoneUpdated });
    expect((await profile(c)).phone).toBe(target);
    expect(await messages(c)).toContain(notificationTexts.phoneChanged(maskPhone(target)));
    expect(t.outbox.list()[0]).toMatchObject({ channel: 'email', to: c.email });
    // The login now works with the new number.
    const login = await post(t.app, '/api/auth/login', { email_or_phone: target, password: c.password });
    expect(login.statusCode).toBe(200);
    // The password confirmation was used up.
    expect((await post(t.app, '/api/profile/phone', { new_phone: newPhone() }, c.cookie)).statusCode).toBe(403);
  });

  it("a changed number ends the customer's other sessions, and this one stays", async () => {
    const c = await createCustomer(t);
    const other = await secondSession(c);
    const target = newPhone();
    await confirmPassword(c);
    await post(t.app, '/api/profile/phone', { new_phone: target }, c.cookie);
    const verify = await post(t.app, '/api/profile/phone/verify', { new_phone: target, otp_code: latestCode(t, target) }, c.cookie);
    expect(verify.statusCode).toBe(200);
    expect((await get(t.app, '/api/auth/me', other)).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/me', c.cookie)).statusCode).toBe(200);
  });

  it('refuses a wrong password and keeps the phone change closed', async () => {
    const c = await createCustomer(t);
    const wrong = await post(t.app, '/api/profile/password/confirm', { password: 'not my password' }, c.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: profileMessages.passwordWrong, fields: { password: profileMessages.passwordWrong } });
    expect((await post(t.app, '/api/profile/phone', { new_phone: newPhone() }, c.cookie)).statusCode).toBe(403);
    const short = await post(t.app, '/api/profile/password/confirm', { password: 'short' }, c.cookie);
    expect(short.json()).toMatchObject({ fields: { password: fieldMessages.passwordTooShort } });
    const empty = await post(t.app, '/api/profile/password/confirm', { password: '' }, c.cookie);
    expect(empty.json()).toMatchObject({ fields: { password: fieldMessages.passwordRequired } });
  });

  it('refuses a number without a country code, the same number, or one another account uses', async () => {
    const c = await createCustomer(t);
    const other = await createCustomer(t);
    await post(t.app, '/api/profile/password/confirm', { password: c.password }, c.cookie);
    const local = await post(t.app, '/api/profile/phone', { new_phone: '08031234567' }, c.cookie);
    expect(local.json()).toMatchObject({ fields: { new_phone: fieldMessages.phoneNeedsCountryCode } });
    const same = await post(t.app, '/api/profile/phone', { new_phone: c.phone }, c.cookie);
    expect(same.json()).toMatchObject({ fields: { new_phone: profileMessages.samePhone } });
    const taken = await post(t.app, '/api/profile/phone', { new_phone: other.phone }, c.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: authMessages.phoneTaken });
  });

  it('refuses a wrong code, a code for another number, and an expired code', async () => {
    const c = await createCustomer(t);
    const target = newPhone();
    await post(t.app, '/api/profile/password/confirm', { password: c.password }, c.cookie);
    await post(t.app, '/api/profile/phone', { new_phone: target }, c.cookie);
    const code = latestCode(t, target);
    const wrongCode = code === '0000' ? '1111' : '0000';
    const wrong = await post(t.app, '/api/profile/phone/verify', { new_phone: target, otp_code: wrongCode }, c.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: errorCodes.otpInvalid, error: authMessages.otpWrong });
    const swapped = await post(t.app, '/api/profile/phone/verify', { new_phone: newPhone(), otp_code: code }, c.cookie);
    expect(swapped.statusCode).toBe(400);
    const badFormat = await post(t.app, '/api/profile/phone/verify', { new_phone: target, otp_code: '12' }, c.cookie);
    expect(badFormat.json()).toMatchObject({ fields: { otp_code: fieldMessages.otpInvalid } });
    clock.advance(9 * 60_000);
    // Keep the password window open so only the code's age matters.
    await post(t.app, '/api/profile/password/confirm', { password: c.password }, c.cookie);
    clock.advance(2 * 60_000);
    const expired = await post(t.app, '/api/profile/phone/verify', { new_phone: target, otp_code: code }, c.cookie);
    expect(expired.json()).toMatchObject({ code: errorCodes.otpExpired });
    expect((await profile(c)).phone).toBe(c.phone);
  });

  it('a number taken between code and entry is refused at the end', async () => {
    const c = await createCustomer(t);
    const target = newPhone();
    await post(t.app, '/api/profile/password/confirm', { password: c.password }, c.cookie);
    await post(t.app, '/api/profile/phone', { new_phone: target }, c.cookie);
    const code = latestCode(t, target);
    await createCustomer(t, { phone: target });
    const r = await post(t.app, '/api/profile/phone/verify', { new_phone: target, otp_code: code }, c.cookie);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ error: authMessages.phoneTaken });
  });
});

describe('email change: password, new address, e-mailed code', () => {
  it('refuses to send a code without a fresh password confirmation (docs/decisions.md §3: a cookie alone never moves the account)', async () => {
    const c = await createCustomer(t);
    const target = newSignup().email;
    const before = t.outbox.list().length;
    const request = await post(t.app, '/api/profile/email', { new_email: target }, c.cookie);
    expect(request.statusCode).toBe(403);
    expect(request.json()).toEqual({ error: profileMessages.reauthRequiredForEmail, code: 'REAUTH_REQUIRED' });
    expect(t.outbox.list().length).toBe(before);
    const wrong = await post(t.app, '/api/profile/password/confirm', { password: 'not my password' }, c.cookie);
    expect(wrong.statusCode).toBe(400);
    expect((await post(t.app, '/api/profile/email', { new_email: target }, c.cookie)).statusCode).toBe(403);
    // The window lasts 10 minutes.
    await confirmPassword(c);
    clock.advance(10 * 60_000 + 1000);
    expect((await post(t.app, '/api/profile/email', { new_email: target }, c.cookie)).statusCode).toBe(403);
  });

  it("another session's password confirmation opens nothing for this one", async () => {
    const c = await createCustomer(t);
    const other = await secondSession(c);
    await post(t.app, '/api/profile/password/confirm', { password: c.password }, other);
    const request = await post(t.app, '/api/profile/email', { new_email: newSignup().email }, c.cookie);
    expect(request.statusCode).toBe(403);
  });

  it('refuses the code step too once the password window has closed', async () => {
    const c = await createCustomer(t);
    const target = newSignup().email;
    await confirmPassword(c);
    await post(t.app, '/api/profile/email', { new_email: target }, c.cookie);
    const code = latestCode(t, target);
    clock.advance(10 * 60_000 + 1000);
    const verify = await post(t.app, '/api/profile/email/verify', { new_email: target, otp_code: code }, c.cookie);
    expect(verify.statusCode).toBe(403);
    expect(verify.json()).toMatchObject({ code: 'REAUTH_REQUIRED' });
    expect((await profile(c)).email).toBe(c.email);
  });

  it('changes the email only after the password and the code sent to the new address', async () => {
    const c = await createCustomer(t);
    const target = newSignup().email;
    expect((await confirmPassword(c)).json()).toEqual({ message: profileMessages.passwordConfirmed });
    const request = await post(t.app, '/api/profile/email', { new_email: target }, c.cookie);
    expect(request.json()).toEqual({ message: profileMessages.emailOtpSent });
    expect(t.outbox.list()[0]).toMatchObject({ channel: 'email', to: target });
    expect((await profile(c)).email).toBe(c.email);
    const verify = await post(t.app, '/api/profile/email/verify', { new_email: target, otp_code: latestCode(t, target) }, c.cookie);
    expect(verify.json()).toEqual({ message: profileMessages.emailUpdated });
    expect((await profile(c)).email).toBe(target);
    expect(await messages(c)).toContain(notificationTexts.emailChanged(target));
    expect(t.outbox.list()[0]).toMatchObject({ to: c.email, subject: expect.stringContaining('email address') });
    expect((await post(t.app, '/api/auth/login', { email_or_phone: target, password: c.password })).statusCode).toBe(200);
  });

  it("a changed address ends the customer's other sessions and uses up the password confirmation; this session stays", async () => {
    const c = await createCustomer(t);
    const other = await secondSession(c);
    const target = newSignup().email;
    await confirmPassword(c);
    await post(t.app, '/api/profile/email', { new_email: target }, c.cookie);
    const verify = await post(t.app, '/api/profile/email/verify', { new_email: target, otp_code: latestCode(t, target) }, c.cookie);
    expect(verify.statusCode).toBe(200);
    expect((await get(t.app, '/api/auth/me', other)).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/me', c.cookie)).statusCode).toBe(200);
    expect((await post(t.app, '/api/profile/email', { new_email: newSignup().email }, c.cookie)).statusCode).toBe(403);
  });

  it("answers 'Email is required' / 'Invalid entry', and refuses the same or a taken address", async () => {
    const c = await createCustomer(t);
    const other = await createCustomer(t);
    await confirmPassword(c);
    expect((await post(t.app, '/api/profile/email', { new_email: '' }, c.cookie)).json()).toMatchObject({
      fields: { new_email: fieldMessages.emailRequired },
    });
    expect((await post(t.app, '/api/profile/email', { new_email: 'ada@gmail.c' }, c.cookie)).json()).toMatchObject({
      fields: { new_email: fieldMessages.invalidEntry },
    });
    const same = await post(t.app, '/api/profile/email', { new_email: c.email.toUpperCase().replace('.COM', '.com') }, c.cookie);
    expect(same.json()).toMatchObject({ fields: { new_email: profileMessages.sameEmail } });
    const taken = await post(t.app, '/api/profile/email', { new_email: other.email }, c.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: authMessages.emailTaken });
  });

  it('refuses a wrong or expired code', async () => {
    const c = await createCustomer(t);
    const target = newSignup().email;
    await confirmPassword(c);
    await post(t.app, '/api/profile/email', { new_email: target }, c.cookie);
    const code = latestCode(t, target);
    const wrong = await post(
      t.app,
      '/api/profile/email/verify',
      { new_email: target, otp_code: code === '9999' ? '8888' : '9999' },
      c.cookie,
    );
    expect(wrong.json()).toMatchObject({ code: errorCodes.otpInvalid });
    clock.advance(9 * 60_000);
    // Keep the password window open so only the code's age matters.
    await confirmPassword(c);
    clock.advance(2 * 60_000);
    const expired = await post(t.app, '/api/profile/email/verify', { new_email: target, otp_code: code }, c.cookie);
    expect(expired.json()).toMatchObject({ code: errorCodes.otpExpired, error: authMessages.otpExpired });
    expect((await profile(c)).email).toBe(c.email);
  });
});
