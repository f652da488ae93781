import { authMessages, errorCodes, fieldMessages, httpMessages } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, sessionCookie, type TestApp } from './support/app';
import { createCustomer, latestCode, newSignup } from './support/users';

let t: TestApp;
const clock = new ManualClock('2026-03-02T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

async function userCount(email: string): Promise<number> {
  const rows = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
  return rows[0]?.n ?? -1;
}

describe('sign-up', () => {
  it('creates an unverified account and e-mails a 4-digit code', async () => {
    const form = newSignup();
    const response = await post(t.app, '/api/auth/signup', form);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email: form.email, message: authMessages.accountCreated });
    const [message] = t.outbox.list();
    expect(message).toMatchObject({ channel: 'email', to: form.email });
    expect(message?.text).toMatch(/\b\d{4}\b/);
    const rows = await t.database.query<{ email_verified_at: Date | null }>('SELECT email_verified_at FROM users WHERE email = $1', [
      form.email,
    ]);
    expect(rows).toEqual([{ email_verified_at: null }]);
  });

  it('answers every invalid field with its message from the product rules', async () => {
    const response = await post(t.app, '/api/auth/signup', {
      full_name: 'Ada 0bi',
      username: 'a'.repeat(21),
      email: 'ada@gmail.c',
      phone: '08031234567',
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: errorCodes.validation,
      fields: {
        full_name: fieldMessages.invalidEntry,
        username: fieldMessages.usernameTooLong,
        email: fieldMessages.invalidEntry,
        phone: fieldMessages.invalidEntry,
        password: fieldMessages.passwordTooShort,
      },
    });
  });

  it('reports missing fields as required', async () => {
    const response = await post(t.app, '/api/auth/signup', {});
    expect(response.statusCode).toBe(400);
    const { fields } = response.json<{ fields: Record<string, string> }>();
    expect(fields).toEqual({
      full_name: fieldMessages.required,
      username: fieldMessages.required,
      email: fieldMessages.required,
      phone: fieldMessages.required,
      password: fieldMessages.required,
    });
  });

  it('refuses a taken email, username (any case) or phone with field errors', async () => {
    const first = await createCustomer(t);
    const response = await post(t.app, '/api/auth/signup', {
      ...newSignup(),
      email: first.email.toUpperCase().replace('.COM', '.com'),
      username: first.username.toUpperCase(),
      phone: first.phone,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: errorCodes.conflict,
      fields: { email: authMessages.emailTaken, username: authMessages.usernameTaken, phone: authMessages.phoneTaken },
    });
  });

  it('creates exactly one account when identical sign-ups race', async () => {
    const form = newSignup();
    const responses = await Promise.all(Array.from({ length: 6 }, () => post(t.app, '/api/auth/signup', form)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await userCount(form.email)).toBe(1);
  });
});

describe('sign-up OTP', () => {
  const codeRefused = { error: authMessages.signupCodeRefused, code: errorCodes.otpInvalid };

  async function pendingSignup() {
    const form = newSignup();
    await post(t.app, '/api/auth/signup', form);
    return form;
  }

  it('verifies with the e-mailed code, once', async () => {
    const form = await pendingSignup();
    const code = latestCode(t, form.email);
    const ok = await post(t.app, '/api/auth/otp/verify', { email: form.email, otp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: authMessages.verified });
    const again = await post(t.app, '/api/auth/otp/verify', { email: form.email, otp: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(codeRefused);
  });

  it('refuses a wrong code, and kills the code after 5 wrong tries', async () => {
    const form = await pendingSignup();
    const code = latestCode(t, form.email);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 1; i <= 5; i += 1) {
      const response = await post(t.app, '/api/auth/otp/verify', { email: form.email, otp: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(codeRefused);
    }
    const right = await post(t.app, '/api/auth/otp/verify', { email: form.email, otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(codeRefused);
  });

  it('expires a code after 10 minutes', async () => {
    const form = await pendingSignup();
    const code = latestCode(t, form.email);
    clock.advance(10 * 60 * 1000 + 1000);
    const response = await post(t.app, '/api/auth/otp/verify', { email: form.email, otp: code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(codeRefused);
  });

  it('answers verify the same for an unknown address, a verified account and a wrong code (no account enumeration)', async () => {
    const pending = await pendingSignup();
    const code = latestCode(t, pending.email);
    const verified = await createCustomer(t);
    const wrong = code === '0000' ? '1111' : '0000';
    const answers = await Promise.all([
      post(t.app, '/api/auth/otp/verify', { email: 'nobody77@nowhere.com', otp: code }),
      post(t.app, '/api/auth/otp/verify', { email: verified.email, otp: code }),
      post(t.app, '/api/auth/otp/verify', { email: pending.email, otp: wrong }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(codeRefused);
    }
  });

  it('answers resend the same for an unknown address, a verified account and a pending sign-up, sending only to the last', async () => {
    const pending = await pendingSignup();
    const verified = await createCustomer(t);
    clock.advance(61_000);
    const before = t.outbox.list().length;
    for (const email of ['nobody78@nowhere.com', verified.email, pending.email]) {
      const response = await post(t.app, '/api/auth/otp/resend', { email });
      expect(response.statusCode, email).toBe(200);
      expect(response.json()).toEqual({ message: authMessages.otpSent });
    }
    expect(t.outbox.list().length).toBe(before + 1);
    expect(t.outbox.list()[0]?.to).toBe(pending.email);
    // The 60-second cooldown holds back every address alike, so it reveals nothing either.
    for (const email of ['nobody78@nowhere.com', verified.email, pending.email]) {
      const again = await post(t.app, '/api/auth/otp/resend', { email });
      expect(again.statusCode, email).toBe(429);
      expect(again.json()).toEqual({ error: authMessages.otpResendWait, code: errorCodes.rateLimited });
    }
  });

  it('throttles resend to one per minute, and a resent code replaces the old one', async () => {
    const form = await pendingSignup();
    const oldCode = latestCode(t, form.email);
    const tooSoon = await post(t.app, '/api/auth/otp/resend', { email: form.email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBeDefined();
    expect(tooSoon.json().error).toBe(authMessages.otpResendWait);
    clock.advance(61_000);
    const resent = await post(t.app, '/api/auth/otp/resend', { email: form.email });
    expect(resent.statusCode).toBe(200);
    const newCode = latestCode(t, form.email);
    if (newCode !== oldCode) {
      const old = await post(t.app, '/api/auth/otp/verify', { email: form.email, otp: oldCode });
      expect(old.statusCode).toBe(400);
    }
    const ok = await post(t.app, '/api/auth/otp/verify', { email: form.email, otp: newCode });
    expect(ok.statusCode).toBe(200);
  });

  it('validates the OTP form', async () => {
    const missing = await post(t.app, '/api/auth/otp/verify', { email: 'ada@gmail.com' });
    expect(missing.json().fields).toEqual({ otp: fieldMessages.otpRequired });
    const short = await post(t.app, '/api/auth/otp/verify', { email: 'ada@gmail.com', otp: '12a' });
    expect(short.json().fields).toEqual({ otp: fieldMessages.otpInvalid });
  });
});

describe('login and logout', () => {
  it('logs in by email and by phone, and /me answers as that customer', async () => {
    const user = await createCustomer(t);
    for (const identifier of [user.email, user.phone]) {
      const response = await post(t.app, '/api/auth/login', { email_or_phone: identifier, password: user.password });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: { id: user.id, full_name: user.full_name, email: user.email, language: 'en' } });
      const cookie = response.cookies.find((c) => c.name === 'wise_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const me = await get(t.app, '/api/auth/me', sessionCookie(response));
      expect(me.json().user.id).toBe(user.id);
    }
  });

  it('says the same thing for an unknown account and a wrong password', async () => {
    const user = await createCustomer(t);
    const wrong = await post(t.app, '/api/auth/login', { email_or_phone: user.email, password: 'not the password' });
    const unknown = await post(t.app, '/api/auth/login', { email_or_phone: 'nobody1@nowhere.com', password: 'whatever123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ error: authMessages.loginFailed, code: errorCodes.loginFailed });
  });

  it('tells an unverified account to verify and sends it a fresh code', async () => {
    const form = newSignup();
    await post(t.app, '/api/auth/signup', form);
    clock.advance(61_000);
    const before = t.outbox.list().length;
    const response = await post(t.app, '/api/auth/login', { email_or_phone: form.phone, password: form.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: authMessages.unverified, code: errorCodes.unverified, meta: { email: form.email } });
    expect(response.cookies.find((c) => c.name === 'wise_session')).toBeUndefined();
    expect(t.outbox.list().length).toBe(before + 1);
  });

  it('rotates the session at login and deletes it at logout', async () => {
    const user = await createCustomer(t);
    const second = await post(t.app, '/api/auth/login', { email_or_phone: user.email, password: user.password }, user.cookie);
    const newCookie = sessionCookie(second);
    expect(newCookie).not.toBe(user.cookie);
    expect((await get(t.app, '/api/auth/me', user.cookie)).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/me', newCookie)).statusCode).toBe(200);
    const logout = await post(t.app, '/api/auth/logout', {}, newCookie);
    expect(logout.statusCode).toBe(200);
    const me = await get(t.app, '/api/auth/me', newCookie);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ error: authMessages.sessionExpired, code: errorCodes.unauthenticated });
  });

  it('refuses a request that names another user id', async () => {
    const user = await createCustomer(t);
    const other = await createCustomer(t);
    expect((await get(t.app, `/api/auth/me?user_id=${user.id}`, user.cookie)).statusCode).toBe(200);
    const response = await get(t.app, `/api/auth/me?user_id=${other.id}`, user.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(errorCodes.forbidden);
  });

  it('validates the login form with the messages of the product rules', async () => {
    const response = await post(t.app, '/api/auth/login', { email_or_phone: '', password: '' });
    expect(response.json().fields).toEqual({
      email_or_phone: fieldMessages.required,
      password: fieldMessages.passwordRequired,
    });
  });
});

describe('password reset', () => {
  const resetLink = (email: string) => {
    const message = t.outbox.list().find((m) => m.to === email && m.subject.includes('Reset'));
    const token = message?.text.match(/newpassword\?token=([\w%-]+)/)?.[1];
    if (!token) throw new Error('no reset link');
    return decodeURIComponent(token);
  };

  it('answers the same for unknown addresses and sends nothing', async () => {
    const before = t.outbox.list().length;
    const response = await post(t.app, '/api/auth/password-reset', { email: 'ghost1@nowhere.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: authMessages.resetLinkSent });
    expect(t.outbox.list().length).toBe(before);
  });

  it('resets with the e-mailed token once, ends other sessions, and the old password stops working', async () => {
    const user = await createCustomer(t);
    await post(t.app, '/api/auth/password-reset', { email: user.email });
    const token = resetLink(user.email);
    const payload = { token, new_password: 'brand new pass', confirm_password: 'brand new pass' };
    const response = await post(t.app, '/api/auth/password-reset/confirm', payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: authMessages.passwordChanged });
    expect((await get(t.app, '/api/auth/me', user.cookie)).statusCode).toBe(401);
    const reuse = await post(t.app, '/api/auth/password-reset/confirm', payload);
    expect(reuse.json()).toEqual({ error: authMessages.resetTokenInvalid, code: errorCodes.resetTokenInvalid });
    const oldLogin = await post(t.app, '/api/auth/login', { email_or_phone: user.email, password: user.password });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post(t.app, '/api/auth/login', { email_or_phone: user.email, password: 'brand new pass' });
    expect(newLogin.statusCode).toBe(200);
  });

  it('refuses an older token once a newer one was sent, and any token after 30 minutes', async () => {
    const user = await createCustomer(t);
    await post(t.app, '/api/auth/password-reset', { email: user.email });
    const older = resetLink(user.email);
    await post(t.app, '/api/auth/password-reset', { email: user.email });
    const newer = resetLink(user.email);
    expect(newer).not.toBe(older);
    const pair = { new_password: 'another pass 1', confirm_password: 'another pass 1' };
    const stale = await post(t.app, '/api/auth/password-reset/confirm', { token: older, ...pair });
    expect(stale.statusCode).toBe(400);
    clock.advance(30 * 60 * 1000 + 1000);
    const expired = await post(t.app, '/api/auth/password-reset/confirm', { token: newer, ...pair });
    expect(expired.json().code).toBe(errorCodes.resetTokenInvalid);
  });

  it('requires matching passwords', async () => {
    const response = await post(t.app, '/api/auth/password-reset/confirm', {
      token: 'x',
      new_password: 'abcdefgh',
      confirm_password: 'abcdefgi',
    });
    expect(response.json().fields).toEqual({ confirm_password: fieldMessages.passwordsDoNotMatch });
  });
});

describe('hostile requests', () => {
  it('answers malformed JSON, wrong content types, huge bodies and unknown fields with 4xx', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email_or_phone":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(httpMessages.malformedJson);

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error).toBe(httpMessages.unsupportedMediaType);

    const huge = await post(t.app, '/api/auth/login', { email_or_phone: 'a'.repeat(100_000), password: 'x' });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe(httpMessages.payloadTooLarge);

    const unknown = await post(t.app, '/api/auth/login', { email_or_phone: 'ada@gmail.com', password: 'abcdefgh', admin: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe(errorCodes.validation);

    const notObject = await post(t.app, '/api/auth/login', [1, 2, 3]);
    expect(notObject.statusCode).toBe(400);
  });

  it('refuses a state-changing request from another origin', async () => {
    const response = await post(t.app, '/api/auth/logout', {}, undefined, { headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(httpMessages.badOrigin);
    const same = await post(t.app, '/api/auth/logout', {}, undefined, { headers: { origin: 'http://localhost:3000' } });
    expect(same.statusCode).toBe(200);
  });

  it('sends security headers and a CSP, and unknown API paths get the error body', async () => {
    const response = await get(t.app, '/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: httpMessages.notFound, code: errorCodes.notFound });
    // A JSON answer loads nothing: the API's CSP allows nothing (the HTML's is in production-headers.test.ts).
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('hands back the request id it logs under, keeping a sane one the client sent', async () => {
    const generated = await get(t.app, '/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    const given = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers['x-request-id']).toBe('trace-123');
    const hostile = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'a b<script>' } });
    expect(hostile.headers['x-request-id']).not.toBe('a b<script>');
  });

  it('reports health and readiness', async () => {
    expect((await get(t.app, '/healthz')).json()).toEqual({ status: 'ok' });
    expect((await get(t.app, '/readyz')).json()).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI document generated from the schemas', async () => {
    const response = await get(t.app, '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/signup', '/api/auth/login']));
  });
});
