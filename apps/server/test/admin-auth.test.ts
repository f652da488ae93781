import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffMember } from '../src/domain/staff/management';
import { verifyStaffCode } from '../src/domain/staff/confirm';
import { decryptTotpSecret, encryptTotpSecret, newTotpSecret, totpAt } from '../src/domain/staff/totp';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { createStaff, staffCookie } from './support/staff';
import { createCustomer } from './support/users';

/**
 * Staff sign-in (docs/decisions.md §8): password, then the authenticator app (enrolled with a QR
 * code at the first sign-in), codes taken from a controlled clock; lockout, idle timeout, sign-out,
 * the first-login password change and disabled accounts.
 */
let t: TestApp;
// On a 30-second boundary, so "the same step" and "the next step" are plain arithmetic.
const clock = new ManualClock('2026-03-02T08:00:00Z');
const STEP = 30_000;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const cli = { id: null, email: 'cli' } as const;
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}${(seq += 1)}.${Date.now().toString(36)}@wise.test`;

/** A staff member as admin:create leaves them: a one-time password, no authenticator yet. */
async function newStaff(role: 'admin' | 'reviewer' = 'reviewer', password?: string) {
  const email = uniqueEmail(role);
  const created = await createStaffMember(t.database.db, clock, cli, { email, name: 'Kemi Ade', role, password });
  return { id: created.row.id, email, password: created.password };
}

const login = (email: string, password: string) => post(t.app, '/api/admin/auth/login', { email, password });

async function passwordStage(email: string, password: string): Promise<string> {
  const response = await login(email, password);
  expect(response.statusCode, response.body).toBe(200);
  return staffCookie(response);
}

async function enrol(email: string, password: string): Promise<{ cookie: string; secret: string }> {
  const cookie = await passwordStage(email, password);
  const { secret } = (await get(t.app, '/api/admin/auth/enrolment', cookie)).json<{ secret: string }>();
  const done = await post(t.app, '/api/admin/auth/enrolment', { code: totpAt(secret, clock.now()) }, cookie);
  expect(done.statusCode, done.body).toBe(200);
  return { cookie: staffCookie(done), secret };
}

async function auditActions(staffId: string): Promise<string[]> {
  const rows = await t.database.query<{ action: string }>(`SELECT action FROM staff_audit_log WHERE target_id = $1 ORDER BY id`, [staffId]);
  return rows.map((r) => r.action);
}

describe('the password step', () => {
  it('answers an unknown e-mail and a wrong password alike, and says what comes next', async () => {
    const kemi = await newStaff();
    const unknown = await login(uniqueEmail('nobody'), 'whatever password');
    const wrong = await login(kemi.email, 'not the password');
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Incorrect email or password', code: 'LOGIN_FAILED' });
      expect(response.cookies.find((c) => c.name === 'wise_staff')).toBeUndefined();
    }
    const right = await login(kemi.email.toUpperCase(), kemi.password);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ next: 'enrol' });
  });

  it('sets the staff cookie: httpOnly, SameSite=Strict, only for /api/admin', async () => {
    const kemi = await newStaff();
    const response = await login(kemi.email, kemi.password);
    const cookie = response.cookies.find((c) => c.name === 'wise_staff');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
    expect(response.cookies.find((c) => c.name === 'wise_session')).toBeUndefined();
  });

  it('locks the account for 15 minutes after 5 wrong passwords, even for the right one', async () => {
    const kemi = await newStaff();
    for (let i = 0; i < 5; i += 1) expect((await login(kemi.email, `wrong password ${i}`)).statusCode).toBe(401);
    const locked = await login(kemi.email, kemi.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED', error: 'Too many attempts. Try again in 15 minutes.' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    clock.advance(15 * MINUTE + 1000);
    expect((await login(kemi.email, kemi.password)).statusCode).toBe(200);
  });

  it('counts parallel wrong passwords each; the right one neither clears nor adds to the count', async () => {
    const kemi = await newStaff();
    // Counted before the check, without a row lock held over argon2: two at once both count.
    const pair = await Promise.all([login(kemi.email, 'wrong password a'), login(kemi.email, 'wrong password b')]);
    expect(pair.map((r) => r.statusCode)).toEqual([401, 401]);
    expect((await login(kemi.email, kemi.password)).statusCode).toBe(200);
    const [row] = await t.database.query<{ failed_logins: number }>('SELECT failed_logins FROM staff WHERE id = $1', [kemi.id]);
    expect(row!.failed_logins).toBe(2);
    // Eight at once with two already counted: three more wrong answers, the fifth locks, the rest are refused.
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => login(kemi.email, `wrong password ${i}`)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
    expect((await login(kemi.email, kemi.password)).statusCode).toBe(429);
    clock.advance(15 * MINUTE + 1000);
  });

  it('the right password on the fifth try lifts the lock it set, and a wrong one after it locks', async () => {
    const kemi = await newStaff();
    for (let i = 0; i < 4; i += 1) expect((await login(kemi.email, `wrong password ${i}`)).statusCode).toBe(401);
    expect((await login(kemi.email, kemi.password)).statusCode).toBe(200);
    expect((await login(kemi.email, 'wrong password 5')).statusCode).toBe(401);
    expect((await login(kemi.email, kemi.password)).statusCode).toBe(429);
    clock.advance(15 * MINUTE + 1000);
  });

  it('locks an unknown e-mail the same way, so a lockout tells nothing', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 5; i += 1) expect((await login(email, `wrong password ${i}`)).statusCode).toBe(401);
    expect((await login(email, 'another password')).statusCode).toBe(429);
    clock.advance(15 * MINUTE + 1000);
  });

  it('limits sign-in attempts per IP address', async () => {
    const strict = await createTestApp({ clock, rateLimitMultiplier: 1 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        codes.push(
          (await post(strict.app, '/api/admin/auth/login', { email: `someone${i}@wise.test`, password: 'wrong password' })).statusCode,
        );
      }
      expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
      expect(codes[30]).toBe(429);
    } finally {
      await strict.close();
      clock.advance(15 * MINUTE + 1000);
    }
  });
});

describe('enrolment with a QR code', () => {
  it('shows the secret, its otpauth URL and a server-made QR code; stores the secret encrypted', async () => {
    const kemi = await newStaff();
    const cookie = await passwordStage(kemi.email, kemi.password);
    const response = await get(t.app, '/api/admin/auth/enrolment', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ secret: string; otpauth_url: string; qr_svg: string }>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_url).toBe(
      `otpauth://totp/Wise%20back%20office:${encodeURIComponent(kemi.email)}?secret=${body.secret}&issuer=Wise%20back%20office`,
    );
    expect(body.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>\s*$/);
    // Asked again (a reload), the same secret: a QR code already scanned keeps working.
    expect((await get(t.app, '/api/admin/auth/enrolment', cookie)).json()).toMatchObject({ secret: body.secret });
    const [row] = await t.database.query<{ totp_secret: string; totp_enabled_at: Date | null }>(
      'SELECT totp_secret, totp_enabled_at FROM staff WHERE id = $1',
      [kemi.id],
    );
    expect(row!.totp_secret).toMatch(/^v1\./);
    expect(row!.totp_secret).not.toContain(body.secret);
    expect(row!.totp_enabled_at).toBeNull();
  });

  it('a password-stage session reaches only the second-factor routes', async () => {
    const kemi = await newStaff('admin');
    const cookie = await passwordStage(kemi.email, kemi.password);
    for (const url of ['/api/admin/auth/me', '/api/admin/staff']) {
      const response = await get(t.app, url, cookie);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    // Enrolled staff verify instead of enrolling again.
    expect((await post(t.app, '/api/admin/auth/verify', { code: '123456' }, cookie)).statusCode).toBe(409);
  });

  it('completes with the first code: a new, verified session; the old cookie is dead', async () => {
    const kemi = await newStaff();
    const cookie = await passwordStage(kemi.email, kemi.password);
    const { secret } = (await get(t.app, '/api/admin/auth/enrolment', cookie)).json<{ secret: string }>();
    const wrong = await post(
      t.app,
      '/api/admin/auth/enrolment',
      { code: totpAt(secret, new Date(clock.now().getTime() + 5 * STEP)) },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'OTP_INVALID' });
    expect((await post(t.app, '/api/admin/auth/enrolment', { code: '12345' }, cookie)).statusCode).toBe(400);
    const done = await post(t.app, '/api/admin/auth/enrolment', { code: totpAt(secret, clock.now()) }, cookie);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: kemi.id, email: kemi.email, role: 'reviewer', must_change_password: true });
    const verified = staffCookie(done);
    expect(verified).not.toBe(cookie);
    expect((await get(t.app, '/api/admin/auth/me', cookie)).statusCode).toBe(401);
    expect((await get(t.app, '/api/admin/auth/me', verified)).statusCode).toBe(200);
    // Enrolled: the set-up page is closed.
    const again = await passwordStage(kemi.email, kemi.password);
    expect((await get(t.app, '/api/admin/auth/enrolment', again)).statusCode).toBe(409);
    expect(await auditActions(kemi.id)).toEqual(['staff.create', 'staff.totp_enrol', 'staff.login']);
  });
});

describe('verification with the authenticator code', () => {
  let kemi: { id: string; email: string; password: string };
  let secret: string;

  beforeAll(async () => {
    kemi = await newStaff('reviewer', 'kemi own password 1');
    secret = (await enrol(kemi.email, kemi.password)).secret;
  });

  const codeAt = (offsetMs: number) => totpAt(secret, new Date(clock.now().getTime() + offsetMs));

  it('refuses the code that was just used, accepts the next one and never the same one twice', async () => {
    const first = await passwordStage(kemi.email, kemi.password);
    expect((await login(kemi.email, kemi.password)).json()).toEqual({ next: 'verify' });
    const replay = await post(t.app, '/api/admin/auth/verify', { code: codeAt(0) }, first);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: 'OTP_INVALID',
      error: 'That code was already used. Wait for the next code in your authenticator app.',
    });

    clock.advance(STEP);
    const ok = await post(t.app, '/api/admin/auth/verify', { code: codeAt(0) }, first);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: kemi.id, must_change_password: false });
    expect((await get(t.app, '/api/admin/auth/me', staffCookie(ok))).statusCode).toBe(200);

    const second = await passwordStage(kemi.email, kemi.password);
    expect((await post(t.app, '/api/admin/auth/verify', { code: codeAt(0) }, second)).statusCode).toBe(400);
  });

  it('allows one step of clock drift either way, not two', async () => {
    clock.advance(5 * STEP);
    let cookie = await passwordStage(kemi.email, kemi.password);
    expect((await post(t.app, '/api/admin/auth/verify', { code: codeAt(-2 * STEP) }, cookie)).statusCode).toBe(400);
    expect((await post(t.app, '/api/admin/auth/verify', { code: codeAt(2 * STEP) }, cookie)).statusCode).toBe(400);
    const behind = await post(t.app, '/api/admin/auth/verify', { code: codeAt(-STEP) }, cookie);
    expect(behind.statusCode, behind.body).toBe(200);
    cookie = await passwordStage(kemi.email, kemi.password);
    const ahead = await post(t.app, '/api/admin/auth/verify', { code: codeAt(STEP) }, cookie);
    expect(ahead.statusCode, ahead.body).toBe(200);
    // The future step is now used: its code is refused when its time comes.
    clock.advance(STEP);
    cookie = await passwordStage(kemi.email, kemi.password);
    expect((await post(t.app, '/api/admin/auth/verify', { code: codeAt(0) }, cookie)).statusCode).toBe(400);
    clock.advance(STEP);
    expect((await post(t.app, '/api/admin/auth/verify', { code: codeAt(0) }, cookie)).statusCode).toBe(200);
  });

  it('ends the session and locks the account for 15 minutes after 5 wrong codes', async () => {
    clock.advance(STEP);
    const signedIn = await createStaff(t, { role: 'reviewer' });
    const cookie = await passwordStage(signedIn.email, signedIn.password);
    clock.advance(STEP);
    const wrong = () => String((Number(signedIn.code()) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i += 1) expect((await post(t.app, '/api/admin/auth/verify', { code: wrong() }, cookie)).statusCode).toBe(400);
    const fifth = await post(t.app, '/api/admin/auth/verify', { code: wrong() }, cookie);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ error: 'Too many wrong codes. Sign in again in 15 minutes.' });
    // The session is gone, the already signed-in one too, and the password alone is refused a while.
    expect((await post(t.app, '/api/admin/auth/verify', { code: signedIn.code() }, cookie)).statusCode).toBe(401);
    expect((await get(t.app, '/api/admin/auth/me', signedIn.cookie)).statusCode).toBe(401);
    expect((await login(signedIn.email, signedIn.password)).statusCode).toBe(429);
    clock.advance(15 * MINUTE + 1000);
    const again = await passwordStage(signedIn.email, signedIn.password);
    expect((await post(t.app, '/api/admin/auth/verify', { code: signedIn.code() }, again)).statusCode).toBe(200);
  });

  it('a password-stage session expires after 10 minutes', async () => {
    clock.advance(STEP);
    const cookie = await passwordStage(kemi.email, kemi.password);
    clock.advance(10 * MINUTE + 1000);
    expect((await post(t.app, '/api/admin/auth/verify', { code: codeAt(0) }, cookie)).statusCode).toBe(401);
  });
});

describe('a signed-in session', () => {
  it('ends after 30 idle minutes; use keeps it alive, but never past 12 hours', async () => {
    clock.advance(STEP);
    const session = await createStaff(t, { role: 'reviewer' });
    clock.advance(29 * MINUTE);
    expect((await get(t.app, '/api/admin/auth/me', session.cookie)).statusCode).toBe(200);
    clock.advance(29 * MINUTE);
    expect((await get(t.app, '/api/admin/auth/me', session.cookie)).statusCode).toBe(200);
    clock.advance(31 * MINUTE);
    expect((await get(t.app, '/api/admin/auth/me', session.cookie)).statusCode).toBe(401);

    clock.advance(STEP);
    const busy = await createStaff(t, { role: 'reviewer' });
    for (let elapsed = 0; elapsed < 12 * 60 - 25; elapsed += 25) {
      clock.advance(25 * MINUTE);
      expect((await get(t.app, '/api/admin/auth/me', busy.cookie)).statusCode, `after ${elapsed + 25} min`).toBe(200);
    }
    clock.advance(25 * MINUTE);
    expect((await get(t.app, '/api/admin/auth/me', busy.cookie)).statusCode).toBe(401);
  });

  it('honours STAFF_SESSION_IDLE_MINUTES', async () => {
    const short = await createTestApp({ clock, env: { STAFF_SESSION_IDLE_MINUTES: '5' } });
    try {
      clock.advance(STEP);
      const session = await createStaff(short, { role: 'reviewer' });
      clock.advance(4 * MINUTE);
      expect((await get(short.app, '/api/admin/auth/me', session.cookie)).statusCode).toBe(200);
      clock.advance(5 * MINUTE + 1000);
      expect((await get(short.app, '/api/admin/auth/me', session.cookie)).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('signs out: the cookie is cleared and refused afterwards; audited', async () => {
    clock.advance(STEP);
    const staff = await createStaff(t, { role: 'reviewer' });
    const response = await post(t.app, '/api/admin/auth/logout', {}, staff.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Signed out.' });
    expect(response.cookies.find((c) => c.name === 'wise_staff')).toMatchObject({ value: '', path: '/api/admin' });
    expect((await get(t.app, '/api/admin/auth/me', staff.cookie)).statusCode).toBe(401);
    expect((await post(t.app, '/api/admin/auth/logout', {}, staff.cookie)).statusCode).toBe(401);
    expect(await auditActions(staff.id)).toEqual(['staff.create', 'staff.totp_enrol', 'staff.login', 'staff.logout']);
  });

  it('a password-stage session can sign out too', async () => {
    const kemi = await newStaff();
    const cookie = await passwordStage(kemi.email, kemi.password);
    expect((await post(t.app, '/api/admin/auth/logout', {}, cookie)).statusCode).toBe(200);
    expect((await get(t.app, '/api/admin/auth/enrolment', cookie)).statusCode).toBe(401);
  });

  it("is never a customer's session, nor the reverse", async () => {
    clock.advance(STEP);
    const reviewer = await createStaff(t, { role: 'reviewer' });
    const customer = await createCustomer(t);
    expect((await get(t.app, '/api/dashboard', reviewer.cookie)).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/me', reviewer.cookie.replace('wise_staff=', 'wise_session='))).statusCode).toBe(401);
    expect((await get(t.app, '/api/admin/auth/me', customer.cookie)).statusCode).toBe(401);
    expect((await get(t.app, '/api/admin/auth/me', customer.cookie.replace('wise_session=', 'wise_staff='))).statusCode).toBe(401);
  });
});

describe('the first sign-in with a one-time password', () => {
  it('allows only me, password and logout until the password is changed; the change ends other sessions', async () => {
    clock.advance(STEP);
    const ada = await newStaff('admin');
    const { cookie, secret } = await enrol(ada.email, ada.password);
    const blocked = await get(t.app, '/api/admin/staff', cookie);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ code: 'PASSWORD_CHANGE_REQUIRED', error: 'Choose a new password before you continue.' });
    expect((await get(t.app, '/api/admin/auth/me', cookie)).json()).toMatchObject({ must_change_password: true, role: 'admin' });

    // A second session (another tab, another device) that the change must end.
    clock.advance(STEP);
    const other = await passwordStage(ada.email, ada.password);
    const otherVerified = staffCookie(await post(t.app, '/api/admin/auth/verify', { code: totpAt(secret, clock.now()) }, other));

    const change = (body: Record<string, string>) => post(t.app, '/api/admin/auth/password', body, cookie);
    const wrongCurrent = await change({ current_password: 'not my password', new_password: 'a brand new password' });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json()).toMatchObject({ fields: { current_password: 'Your current password is not right.' } });
    const tooShort = await change({ current_password: ada.password, new_password: 'short pw 1' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({ fields: { new_password: 'Use at least 12 characters.' } });
    const same = await change({ current_password: ada.password, new_password: ada.password });
    expect(same.statusCode).toBe(400);

    const done = await change({ current_password: ada.password, new_password: 'a brand new password' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await get(t.app, '/api/admin/staff', cookie)).statusCode).toBe(200);
    expect((await get(t.app, '/api/admin/auth/me', cookie)).json()).toMatchObject({ must_change_password: false });
    expect((await get(t.app, '/api/admin/auth/me', otherVerified)).statusCode).toBe(401);
    expect((await login(ada.email, ada.password)).statusCode).toBe(401);
    expect((await login(ada.email, 'a brand new password')).statusCode).toBe(200);
    expect(await auditActions(ada.id)).toContain('staff.password_change');
  });
});

describe('disabled staff', () => {
  it('are signed out at once and refused at the next sign-in (a wrong password still reads as wrong)', async () => {
    clock.advance(STEP);
    const admin = await createStaff(t, { role: 'admin' });
    const reviewer = await createStaff(t, { role: 'reviewer' });
    const disable = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${reviewer.id}`,
      payload: { disabled: true, confirm_code: admin.code() },
      headers: { cookie: admin.cookie },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    expect((await get(t.app, '/api/admin/auth/me', reviewer.cookie)).statusCode).toBe(401);
    const refused = await login(reviewer.email, reviewer.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'STAFF_DISABLED', error: 'This staff account is disabled. Ask an admin to re-enable it.' });
    expect((await login(reviewer.email, 'a wrong password')).statusCode).toBe(401);
  });
});

describe('verifyStaffCode', () => {
  it('accepts the current code (again within its step), refuses others; 5 wrong in a row sign the staff member out', async () => {
    clock.advance(STEP);
    const admin = await createStaff(t, { role: 'admin' });
    const deps = { db: t.database.db, clock, secret: 'dev-only-secret-not-for-production-use-0000' };
    await verifyStaffCode(deps, admin.id, admin.code());
    await verifyStaffCode(deps, admin.id, admin.code());
    await verifyStaffCode(deps, admin.id, totpAt(admin.secret, new Date(clock.now().getTime() - STEP)));
    const wrong = totpAt(admin.secret, new Date(clock.now().getTime() + 3 * STEP));
    await expect(verifyStaffCode(deps, admin.id, wrong)).rejects.toMatchObject({
      status: 403,
      code: 'CONFIRMATION_INVALID',
      message: 'That authenticator code is not right. Enter the current 6-digit code and try again.',
    });
    // A right code clears the count: mistakes spread over a day lock nobody out.
    await verifyStaffCode(deps, admin.id, admin.code());
    for (let i = 0; i < 4; i += 1)
      await expect(verifyStaffCode(deps, admin.id, wrong)).rejects.toMatchObject({ code: 'CONFIRMATION_INVALID' });
    expect((await get(t.app, '/api/admin/auth/me', admin.cookie)).statusCode).toBe(200);
    await expect(verifyStaffCode(deps, admin.id, wrong)).rejects.toMatchObject({
      code: 'CONFIRMATION_INVALID',
      message: 'Too many wrong authenticator codes: you were signed out for 15 minutes.',
    });
    expect((await get(t.app, '/api/admin/auth/me', admin.cookie)).statusCode).toBe(401);
    clock.advance(15 * MINUTE + 1000);
  });

  it('refuses a staff member without an authenticator', async () => {
    const kemi = await newStaff();
    const deps = { db: t.database.db, clock, secret: 'dev-only-secret-not-for-production-use-0000' };
    await expect(verifyStaffCode(deps, kemi.id, '123456')).rejects.toMatchObject({ code: 'CONFIRMATION_INVALID' });
  });
});

describe('the stored authenticator secret', () => {
  it('opens only with the same SESSION_SECRET and for the same staff row', () => {
    const key = 'a-session-secret-of-at-least-32-characters';
    const secret = newTotpSecret();
    const stored = encryptTotpSecret(key, 'staff-1', secret);
    expect(stored).not.toContain(secret);
    expect(encryptTotpSecret(key, 'staff-1', secret)).not.toBe(stored);
    expect(decryptTotpSecret(key, 'staff-1', stored)).toBe(secret);
    expect(decryptTotpSecret(`${key}x`, 'staff-1', stored)).toBeUndefined();
    expect(decryptTotpSecret(key, 'staff-2', stored)).toBeUndefined();
    const [format, iv, body, tag] = stored.split('.');
    const flipped = `${body!.slice(0, -2)}${body!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(decryptTotpSecret(key, 'staff-1', [format, iv, flipped, tag].join('.'))).toBeUndefined();
    expect(decryptTotpSecret(key, 'staff-1', 'garbage')).toBeUndefined();
  });
});
