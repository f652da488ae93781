import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authMessages, DATA_EXPORT_LINK_TTL_MS, dataExportEmail, privacyMessages } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/domain/gems/audit';
import { getUserAccountBalance } from '../src/domain/gems/ledger';
import { dataRightsJobs } from '../src/domain/privacy/export';
import { accrueReward, claimRewards } from '../src/domain/rewards/rewards';
import { JobWorker } from '../src/jobs/worker';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { postCryptoSale, quoteFor, refreshPrices } from './support/crypto-sales';
import { addBankDetails, cardPhoto, multipartForm } from './support/sales';
import { insertStaff } from './support/payouts';
import { setKycTier } from './support/tiers';
import { createCustomer, newSignup, type TestUser } from './support/users';

/**
 * The customer's data rights (docs/features.md, "Your data (NDPA 2023)"), over HTTP on the real database: the
 * export is built by its job, e-mailed as a one-time link for its owner only and holds no secret;
 * the account closes only when no money is moving, erases what identifies the person, keeps the
 * records, forfeits the gems by a balanced entry and frees the e-mail and phone.
 */

const clock = new ManualClock('2026-06-01T12:00:00Z');
let t: TestApp;
let dir: string;
let worker: JobWorker;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-data-rights-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  worker = new JobWorker(t.database.db, { clock, pollIntervalMs: 10 });
  for (const job of dataRightsJobs({ messenger: t.outbox, appUrl: 'http://localhost:3000', clock }).jobs) worker.register(job);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const confirmPassword = (c: TestUser) => post(t.app, '/api/profile/password/confirm', { password: c.password }, c.cookie);
const linkTokenOf = (email: string) => {
  const message = t.outbox.list().find((m) => m.to === email && m.subject === dataExportEmail.subject);
  const token = message?.text.match(/download\?token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no export link sent to ${email}`);
  return token;
};
const download = (cookie: string, token: string) => post(t.app, '/api/profile/data-export/download', { token }, cookie);
const rights = async (c: TestUser) =>
  (await get(t.app, '/api/profile/data-rights', c.cookie)).json<{
    export: { state: string };
    close: { blocked: string | null; gems: number };
  }>();

async function withGems(c: TestUser, gems: number) {
  await accrueReward(t.database.db, clock, { userId: c.id, source: `seed:${c.id}`, amount: gems, description: 'Seed' });
  await claimRewards(t.database.db, clock, c.id);
}

describe('Download my data', () => {
  it('asks for the password first, builds the file in a job and e-mails a link that works once', async () => {
    const c = await createCustomer(t);
    await addBankDetails(t, c, '0123456789');
    await withGems(c, 40);
    // A verified BVN (the sandbox's own-number input): the export lists the check, never the number.
    const dob = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/date-of-birth',
      payload: { date_of_birth: '1994-02-10' },
      headers: { cookie: c.cookie },
    });
    expect(dob.statusCode).toBe(200);
    const verified = await post(t.app, '/api/profile/verification/number', { kind: 'bvn', number: '22222222222' }, c.cookie);
    expect(verified.json()).toMatchObject({ outcome: 'verified' });

    const early = await post(t.app, '/api/profile/data-export', {}, c.cookie);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ error: privacyMessages.reauthRequiredExport });

    expect((await confirmPassword(c)).statusCode).toBe(200);
    const asked = await post(t.app, '/api/profile/data-export', {}, c.cookie);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: privacyMessages.exportRequested });
    expect((await rights(c)).export.state).toBe('building');

    // A second request while the first is built is refused politely.
    await confirmPassword(c);
    const again = await post(t.app, '/api/profile/data-export', {}, c.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: privacyMessages.exportInProgress });

    await worker.runDue();
    expect((await rights(c)).export.state).toBe('ready');
    const token = linkTokenOf(c.email);
    // Only its hash is stored, and the payload is sealed.
    const [row] = await t.database.query<{ token_hash: string; payload: string }>(
      'SELECT token_hash, payload FROM data_exports WHERE user_id = $1',
      [c.id],
    );
    expect(row?.token_hash).not.toContain(token);
    expect(Buffer.from(row?.payload ?? '', 'base64').toString('utf8')).not.toContain(c.email);

    // Someone else's session cannot use the link.
    const other = await createCustomer(t);
    expect((await download(other.cookie, token)).statusCode).toBe(404);

    const file = await download(c.cookie, token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="wise-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = JSON.parse(file.body) as Record<string, unknown>;
    expect(data.profile).toMatchObject({
      full_name: c.full_name,
      username: c.username,
      email: c.email,
      phone: c.phone,
      verification_tier: 1,
    });
    expect(data.identity_verification).toEqual([
      expect.objectContaining({ kind: 'bvn', number_ending: '2222', outcome: 'verified', date_of_birth_on_record: '1994-02-10' }),
    ]);
    expect(file.body).not.toContain('22222222222');
    expect(data.bank_details).toMatchObject({ account_number: '******6789' });
    expect(data.wise_gems).toMatchObject({ balances: { available: 40, rewards: 0 } });
    expect((data.sessions as unknown[]).length).toBeGreaterThan(0);
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['sales', 'payouts', 'bill_orders', 'notifications', 'notification_devices']));
    // No secret of any kind.
    const [secrets] = await t.database.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [c.id]);
    expect(file.body).not.toContain(secrets?.password_hash);
    expect(file.body).not.toContain('0123456789');
    expect(file.body).not.toMatch(/password|pin_hash|id_hash|token_hash|storage_key|ciphertext/i);
    expect(c.cookie.split('=')[1] && file.body.includes(c.cookie.split('=')[1]!)).toBe(false);

    // Once only.
    const second = await download(c.cookie, token);
    expect(second.statusCode).toBe(404);
    expect(second.json()).toMatchObject({ error: privacyMessages.exportLinkInvalid });
    const [after] = await t.database.query<{ status: string; payload: string | null }>(
      'SELECT status, payload FROM data_exports WHERE user_id = $1',
      [c.id],
    );
    expect(after).toEqual({ status: 'downloaded', payload: null });

    // One a day.
    await confirmPassword(c);
    const soon = await post(t.app, '/api/profile/data-export', {}, c.cookie);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ error: privacyMessages.exportTooSoon });
  });

  it('expires after 48 hours and the clean-up drops the payload', async () => {
    const c = await createCustomer(t);
    await confirmPassword(c);
    await post(t.app, '/api/profile/data-export', {}, c.cookie);
    await worker.runDue();
    const token = linkTokenOf(c.email);
    const { purgeExpiredExports } = await import('../src/domain/privacy/export');
    clock.advance(DATA_EXPORT_LINK_TTL_MS + 1000);
    expect((await download(c.cookie, token)).statusCode).toBe(404);
    expect(await purgeExpiredExports(t.database.db, clock.now(), 100)).toBeGreaterThan(0);
    const [row] = await t.database.query<{ status: string; payload: string | null }>(
      'SELECT status, payload FROM data_exports WHERE user_id = $1',
      [c.id],
    );
    expect(row).toEqual({ status: 'expired', payload: null });
  });
});

describe('Delete my account', () => {
  it('is refused while a sale is open, with a clear message', async () => {
    const c = await createCustomer(t);
    await addBankDetails(t, c, '0123456789');
    await refreshPrices(t);
    const quote = await quoteFor(t, c, 'btc', '0.0150');
    const sold = await postCryptoSale(t, {
      cookie: c.cookie,
      fields: { quote_id: quote.id },
      files: [{ data: await cardPhoto('png', 3, 240, 420) }],
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect((await rights(c)).close.blocked).toBe(privacyMessages.closeBlockedSale);
    await confirmPassword(c);
    const refused = await post(t.app, '/api/profile/close', { confirm: true }, c.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: privacyMessages.closeBlockedSale });
    expect((await get(t.app, '/api/profile', c.cookie)).statusCode).toBe(200);
  });

  it('needs the password and the PIN, erases the person, keeps the records, forfeits the gems and frees the e-mail and phone', async () => {
    const c = await createCustomer(t);
    const pin = await post(t.app, '/api/pin', { pin: '2580', confirm_pin: '2580' }, c.cookie);
    expect(pin.statusCode, pin.body).toBe(200);
    await addBankDetails(t, c, '0123456789');
    await withGems(c, 75);
    await accrueReward(t.database.db, clock, { userId: c.id, source: `unclaimed:${c.id}`, amount: 5, description: 'Unclaimed' });
    const form = multipartForm({}, [{ field: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: await cardPhoto('jpeg', 9) }]);
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      payload: form.payload,
      headers: { ...form.headers, cookie: c.cookie },
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const [stored] = await t.database.query<{ storage_key: string }>('SELECT storage_key FROM uploads WHERE user_id = $1', [c.id]);
    const photoFile = stored?.storage_key ?? '';
    expect(await readdir(dir)).toContain(photoFile);

    expect((await post(t.app, '/api/profile/close', { confirm: true, pin: '2580' }, c.cookie)).statusCode).toBe(403);
    await confirmPassword(c);
    expect((await post(t.app, '/api/profile/close', { pin: '2580' }, c.cookie)).statusCode).toBe(400);
    const noPin = await post(t.app, '/api/profile/close', { confirm: true }, c.cookie);
    expect(noPin.statusCode).toBe(400);
    const wrongPin = await post(t.app, '/api/profile/close', { confirm: true, pin: '1111' }, c.cookie);
    expect(wrongPin.statusCode).toBe(400);

    const closed = await post(t.app, '/api/profile/close', { confirm: true, pin: '2580' }, c.cookie);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ message: privacyMessages.closed });

    // The session is gone and the old credentials open nothing.
    expect((await get(t.app, '/api/profile', c.cookie)).statusCode).toBe(401);
    const login = await post(t.app, '/api/auth/login', { email_or_phone: c.email, password: c.password });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ error: authMessages.loginFailed });

    const [user] = await t.database.query<Record<string, unknown>>(
      'SELECT full_name, email, phone, username, address, date_of_birth, photo, password_hash, closed_at FROM users WHERE id = $1',
      [c.id],
    );
    expect(user).toMatchObject({ full_name: 'Closed account', address: null, date_of_birth: null, photo: '', password_hash: '!' });
    expect(user?.email).not.toBe(c.email);
    expect(user?.phone).not.toBe(c.phone);
    expect(user?.closed_at).not.toBeNull();
    const [left] = await t.database.query<{ sessions: number; pins: number; bank: number; notices: number }>(
      'SELECT (SELECT count(*)::int FROM sessions WHERE user_id = $1) AS sessions, (SELECT count(*)::int FROM transaction_pins WHERE user_id = $1) AS pins, (SELECT count(*)::int FROM bank_details WHERE user_id = $1) AS bank, (SELECT count(*)::int FROM notifications WHERE user_id = $1) AS notices',
      [c.id],
    );
    expect(left).toEqual({ sessions: 0, pins: 0, bank: 0, notices: 0 });
    expect(await readdir(dir)).not.toContain(photoFile);

    // Gems forfeited by a balanced entry; the ledger still audits clean; the history is kept.
    expect(await getUserAccountBalance(t.database.db, c.id, 'available')).toBe(0);
    expect(await getUserAccountBalance(t.database.db, c.id, 'rewards')).toBe(0);
    const [entries] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM gem_entries WHERE user_id = $1 AND reason = 'account_closure'",
      [c.id],
    );
    expect(entries?.n).toBe(2);
    expect((await auditLedger(t.database.db)).ok).toBe(true);

    // Audited.
    const [audit] = await t.database.query<{ action: string; after: { gems_forfeited: number } }>(
      "SELECT action, after FROM staff_audit_log WHERE target_id = $1 AND action = 'customer.close_account'",
      [c.id],
    );
    expect(audit?.after.gems_forfeited).toBe(75);

    // The same e-mail and phone sign up again.
    const again = await post(t.app, '/api/auth/signup', { ...newSignup(), email: c.email, phone: c.phone });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('waits for an ID review to be decided, then deletes its photos and keeps the decision', async () => {
    const c = await createCustomer(t);
    await setKycTier(t.database, c.id, 1);
    const [review] = await t.database.query<{ id: string }>(
      "INSERT INTO identity_document_reviews (user_id, front_key, back_key, selfie_key) VALUES ($1, 'identity/f.webp', 'identity/b.webp', 'identity/s.webp') RETURNING id",
      [c.id],
    );
    expect((await rights(c)).close.blocked).toBe(privacyMessages.closeBlockedIdReview);
    await confirmPassword(c);
    expect((await post(t.app, '/api/profile/close', { confirm: true }, c.cookie)).json()).toMatchObject({
      error: privacyMessages.closeBlockedIdReview,
    });

    const staff = await insertStaff(t.database, 'reviewer');
    await t.database.query(
      "UPDATE identity_document_reviews SET status = 'rejected', reject_reason = 'Blurred', reviewed_by = $2, reviewed_at = now() WHERE id = $1",
      [review?.id, staff.id],
    );
    expect((await rights(c)).close.blocked).toBeNull();
    const closed = await post(t.app, '/api/profile/close', { confirm: true }, c.cookie);
    expect(closed.statusCode, closed.body).toBe(200);
    const [after] = await t.database.query<{ status: string; front_key: string | null; images_deleted_at: Date | null }>(
      'SELECT status, front_key, images_deleted_at FROM identity_document_reviews WHERE id = $1',
      [review?.id],
    );
    expect(after).toMatchObject({ status: 'rejected', front_key: null });
    expect(after?.images_deleted_at).not.toBeNull();
    await expect(
      t.database.query('INSERT INTO identity_document_reviews (user_id, front_key, back_key, selfie_key) VALUES ($1, $2, $2, $2)', [
        c.id,
        'identity/x.webp',
      ]),
    ).rejects.toThrow(/closed/);
  });

  it('the database refuses a closed account a new session', async () => {
    const c = await createCustomer(t);
    await confirmPassword(c);
    expect((await post(t.app, '/api/profile/close', { confirm: true }, c.cookie)).statusCode).toBe(200);
    await expect(
      t.database.query("INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ('x', $1, now() + interval '1 day')", [c.id]),
    ).rejects.toThrow(/closed/);
  });
});
