import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSaleDetailResponseSchema, staffRequestSchema, type StaffRequest } from '@wise/shared/admin';
import { SEND_EMAIL_JOB } from '../src/domain/notifications/email';
import { totpAt } from '../src/domain/staff/totp';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createStaff, staffCookie, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * Separation of duties (docs/separation-of-duties.md), over HTTP on PostgreSQL: one admin alone no
 * longer mints an admin, takes over an account, moves a rate far or raises a limit past tier 2; no
 * answer carries a password; a member whose sign-in is under a day old gives no second approval;
 * a confirmation is bound to the request and value the admin was shown.
 */
const NAIRA = 100;
const clock = new ManualClock('2026-09-01T08:00:00Z');
let t: TestApp;
let dir: string;
let ada: TestStaff;
let bayo: TestStaff;
let seller: TestUser;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-duties-'));
  // Tier 2's configured daily limit (the test default lifts every tier out of the way).
  const tiers = {
    TIER0_DAILY_PAYOUT_NAIRA: '5000000',
    TIER0_TOTAL_PAYOUT_NAIRA: '50000000',
    TIER1_DAILY_PAYOUT_NAIRA: '8000000',
    TIER2_DAILY_PAYOUT_NAIRA: '10000000',
  };
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir, ...tiers } });
  ada = await createStaff(t, { role: 'admin', name: 'Ada Admin' });
  bayo = await createStaff(t, { role: 'admin', name: 'Bayo Admin' });
  seller = await createCustomer(t, { full_name: 'Chika Obi' });
  await addBankDetails(t, seller, '0123456789');
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const send = (method: InjectOptions['method'], url: string, payload: unknown, who: TestStaff) =>
  t.app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: { cookie: who.cookie } });

const confirm = (request: Pick<StaffRequest, 'id' | 'value'>, who: TestStaff, value = request.value) =>
  send('POST', `/api/admin/requests/${request.id}/confirm`, { value, confirm_code: who.code() }, who);

/** No answer may carry anything that signs someone in. */
function expectNoPassword(body: string): void {
  expect(body).not.toMatch(/password"\s*:\s*"/);
  expect(body).not.toMatch(/\b[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}\b/);
}

/** The invitation link e-mailed to `email` (the newest), as the dev outbox would show it. */
async function invitationToken(email: string): Promise<string> {
  const rows = await t.database.query<{ payload: { to: string; text: string } }>(
    "SELECT payload FROM jobs WHERE name = $1 AND payload->>'to' = $2 ORDER BY id DESC LIMIT 1",
    [SEND_EMAIL_JOB, email],
  );
  const link = /\/admin\/invitation#([A-Za-z0-9_-]+)/.exec(rows[0]?.payload.text ?? '');
  if (!link?.[1]) throw new Error(`no invitation e-mailed to ${email}`);
  return link[1];
}

/** The invitee sets their password from the link and enrols the authenticator; returns a signed-in member. */
async function acceptInvitation(email: string, password: string): Promise<{ cookie: string; code: () => string }> {
  const token = await invitationToken(email);
  expect((await post(t.app, '/api/admin/auth/invitation/check', { token })).json()).toMatchObject({ email });
  const accepted = await post(t.app, '/api/admin/auth/invitation', { token, password });
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect(accepted.json()).toEqual({ next: 'enrol' });
  const stage = staffCookie(accepted);
  const { secret } = (await get(t.app, '/api/admin/auth/enrolment', stage)).json<{ secret: string }>();
  const enrolled = await post(t.app, '/api/admin/auth/enrolment', { code: totpAt(secret, clock.now()) }, stage);
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  // Used once: the same link is refused afterwards.
  expect((await post(t.app, '/api/admin/auth/invitation', { token, password })).statusCode).toBe(410);
  return { cookie: staffCookie(enrolled), code: () => totpAt(secret, clock.now()) };
}

const staffRow = async (email: string) =>
  (
    await t.database.query<{ id: string; role: string; disabled_at: Date | null; totp_enabled_at: Date | null }>(
      'SELECT id, role, disabled_at, totp_enabled_at FROM staff WHERE email = $1',
      [email],
    )
  )[0];

describe('one admin alone mints no admin', () => {
  it('adding an admin waits for another admin, who confirms the e-mail shown; the invitee sets their own password and authenticator', async () => {
    const asked = await send(
      'POST',
      '/api/admin/staff',
      { email: 'persona@wise.test', name: 'Persona', role: 'admin', confirm_code: ada.code() },
      ada,
    );
    expect(asked.statusCode, asked.body).toBe(202);
    expectNoPassword(asked.body);
    const { request, staff } = asked.json<{ request: StaffRequest; staff: null }>();
    expect(staff).toBeNull();
    expect(request).toMatchObject({ kind: 'staff_create', value: 'persona@wise.test', status: 'pending', requested_by: { id: ada.id } });
    expect(await staffRow('persona@wise.test')).toBeUndefined();

    const own = await confirm(request, ada);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'STAFF_REQUEST_OWN' });
    expect((await confirm(request, bayo, 'other@wise.test')).json()).toMatchObject({ code: 'REQUEST_CHANGED' });
    const confirmed = await confirm(request, bayo);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expectNoPassword(confirmed.body);
    expect(staffRequestSchema.parse(confirmed.json<{ request: unknown }>().request)).toMatchObject({
      status: 'confirmed',
      decided_by: { id: bayo.id },
    });
    expect(await staffRow('persona@wise.test')).toMatchObject({ role: 'admin', totp_enabled_at: null });

    const persona = await acceptInvitation('persona@wise.test', 'a password only persona knows');
    expect((await get(t.app, '/api/admin/auth/me', persona.cookie)).json()).toMatchObject({
      email: 'persona@wise.test',
      role: 'admin',
      must_change_password: false,
    });
    const audit = await t.database.query<{ action: string }>(
      "SELECT action FROM staff_audit_log WHERE target_type = 'staff_request' AND target_id = $1 ORDER BY id",
      [request.id],
    );
    expect(audit.map((line) => line.action)).toEqual(['staff_request.open', 'staff_request.confirm']);
  });

  it('a reviewer is added at once with an invitation, and no answer carries a password', async () => {
    const added = await send(
      'POST',
      '/api/admin/staff',
      { email: 'rev@wise.test', name: 'Rev', role: 'reviewer', confirm_code: ada.code() },
      ada,
    );
    expect(added.statusCode, added.body).toBe(201);
    expectNoPassword(added.body);
    expect(added.json()).toMatchObject({ staff: { email: 'rev@wise.test', role: 'reviewer', must_change_password: true }, request: null });
    const rev = await acceptInvitation('rev@wise.test', 'the reviewer chose this one');
    expect((await get(t.app, '/api/admin/auth/me', rev.cookie)).json()).toMatchObject({ role: 'reviewer' });
  });

  it('promoting to admin and re-enabling an admin wait for another admin', async () => {
    await send('POST', '/api/admin/staff', { email: 'promo@wise.test', name: 'Promo', role: 'reviewer', confirm_code: ada.code() }, ada);
    const promo = await staffRow('promo@wise.test');
    const promote = await send('PATCH', `/api/admin/staff/${promo!.id}`, { role: 'admin', confirm_code: ada.code() }, ada);
    expect(promote.statusCode, promote.body).toBe(200);
    const promoteRequest = promote.json<{ staff: { role: string }; request: StaffRequest }>();
    expect(promoteRequest.staff.role).toBe('reviewer');
    expect(promoteRequest.request).toMatchObject({ kind: 'staff_promote', status: 'pending' });
    expect((await confirm(promoteRequest.request, bayo)).statusCode).toBe(200);
    expect(await staffRow('promo@wise.test')).toMatchObject({ role: 'admin' });

    await send('PATCH', `/api/admin/staff/${promo!.id}`, { disabled: true, confirm_code: ada.code() }, ada);
    const enable = await send('PATCH', `/api/admin/staff/${promo!.id}`, { disabled: false, confirm_code: ada.code() }, ada);
    const enableRequest = enable.json<{ staff: { disabled: boolean }; request: StaffRequest }>();
    expect(enableRequest.staff.disabled).toBe(true);
    expect(enableRequest.request).toMatchObject({ kind: 'staff_enable' });
    const again = await send('PATCH', `/api/admin/staff/${promo!.id}`, { disabled: false, confirm_code: ada.code() }, ada);
    expect(again.json()).toMatchObject({ code: 'STAFF_REQUEST_OPEN' });
    const declined = await send('POST', `/api/admin/requests/${enableRequest.request.id}/decline`, { note: 'Not needed' }, bayo);
    expect(declined.json()).toMatchObject({ request: { status: 'declined' } });
    expect(await staffRow('promo@wise.test')).toMatchObject({ disabled_at: expect.any(Date) });
  });

  it('resetting a sign-in waits for another admin; the member, not the admin, gets the link', async () => {
    const femi = await createStaff(t, { role: 'reviewer', name: 'Femi' });
    const asked = await send('POST', `/api/admin/staff/${femi.id}/reset`, { confirm_code: ada.code() }, ada);
    expect(asked.statusCode, asked.body).toBe(200);
    expectNoPassword(asked.body);
    const { request } = asked.json<{ request: StaffRequest }>();
    expect(request).toMatchObject({ kind: 'staff_reset', value: femi.email });
    // Nothing changed yet: Femi is still signed in.
    expect((await get(t.app, '/api/admin/auth/me', femi.cookie)).statusCode).toBe(200);
    expect((await confirm(request, ada)).statusCode).toBe(403);
    const confirmed = await confirm(request, bayo);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expectNoPassword(confirmed.body);
    expect((await get(t.app, '/api/admin/auth/me', femi.cookie)).statusCode).toBe(401);
    expect((await post(t.app, '/api/admin/auth/login', { email: femi.email, password: femi.password })).statusCode).toBe(401);
    const back = await acceptInvitation(femi.email, 'femi chose a new one');
    expect((await get(t.app, '/api/admin/auth/me', back.cookie)).statusCode).toBe(200);
  });
});

describe('a member whose sign-in is under a day old', () => {
  it('gives no second approval and raises no limit until a day has passed', async () => {
    const fresh = await createStaff(t, { role: 'admin', name: 'New Admin', fresh: true });
    const sale = await sellGiftCard(t, seller, { amount: '50', seed: 901 });
    const more = sale.value_kobo + 100 * NAIRA;
    const asked = await send(
      'POST',
      `/api/admin/sales/${sale.id}/approve`,
      { payout_amount_kobo: more, reason: 'other', note: 'Balance $50.10', confirm_code: ada.code() },
      ada,
    );
    const request = adminSaleDetailResponseSchema.parse(asked.json()).sale.approval_request;
    const body = () => ({ request_id: request?.id, amount_kobo: more, confirm_code: fresh.code() });
    const refused = await send('POST', `/api/admin/sales/${sale.id}/approval/confirm`, body(), fresh);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STAFF_TOO_NEW' });
    const raise = await send(
      'POST',
      `/api/admin/customers/${seller.id}/limits`,
      { daily_limit_naira: 3_000_000, note: 'Trusted seller', confirm_code: fresh.code() },
      fresh,
    );
    expect(raise.json()).toMatchObject({ code: 'STAFF_TOO_NEW' });

    // A day on (sessions last 12 hours at most, so the day is moved rather than waited for).
    await t.database.query("UPDATE staff SET credentials_at = credentials_at - interval '25 hours' WHERE id = $1", [fresh.id]);
    const paid = await send('POST', `/api/admin/sales/${sale.id}/approval/confirm`, body(), fresh);
    expect(paid.statusCode, paid.body).toBe(200);
  });
});

describe('a rate change', () => {
  const subcategory = async () =>
    (
      await t.database.query<{ id: string; exchange_rate: string }>(
        "SELECT s.id, s.exchange_rate::text FROM gift_card_subcategories s JOIN gift_cards c ON c.id = s.gift_card_id WHERE c.slug = 'amazon' ORDER BY s.position LIMIT 1",
      )
    )[0]!;

  it('needs the code, and beyond the percentage waits for another admin who confirms the rate shown', async () => {
    const sub = await subcategory();
    const url = `/api/admin/giftcards/subcategories/${sub.id}`;
    const tripled = (Number(sub.exchange_rate) * 3).toFixed(2);
    const noCode = await send('PATCH', url, { exchange_rate: tripled }, ada);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ fields: { confirm_code: expect.any(String) } });
    expect((await subcategory()).exchange_rate).toBe(sub.exchange_rate);

    const small = (Number(sub.exchange_rate) * 1.05).toFixed(2);
    const near = await send('PATCH', url, { exchange_rate: small, confirm_code: ada.code() }, ada);
    expect(near.statusCode, near.body).toBe(200);
    expect(near.json()).toMatchObject({ subcategory: { exchange_rate: small }, rate_request: null });

    const far = await send('PATCH', url, { exchange_rate: tripled, confirm_code: ada.code() }, ada);
    expect(far.statusCode, far.body).toBe(200);
    const { rate_request: request } = far.json<{ rate_request: StaffRequest }>();
    expect(request).toMatchObject({ kind: 'rate_change', value: tripled, details: { old_rate: small } });
    expect((await subcategory()).exchange_rate).toBe(small);
    expect((await confirm(request, ada)).statusCode).toBe(403);
    expect((await confirm(request, bayo, small)).json()).toMatchObject({ code: 'REQUEST_CHANGED' });
    expect((await confirm(request, bayo)).statusCode).toBe(200);
    expect((await subcategory()).exchange_rate).toBe(tripled);
  });
});

describe('a limit raise above tier 2', () => {
  it('waits for another admin; below it is made at once', async () => {
    const customer = await createCustomer(t);
    const below = await send(
      'POST',
      `/api/admin/customers/${customer.id}/limits`,
      { daily_limit_naira: 9_000_000, note: 'Known trader', confirm_code: ada.code() },
      ada,
    );
    expect(below.statusCode, below.body).toBe(200);
    expect(below.json()).toMatchObject({ daily_limit_kobo: 9_000_000 * NAIRA });
    const above = await send(
      'POST',
      `/api/admin/customers/${customer.id}/limits`,
      { daily_limit_naira: 49_000_000, note: 'Big trader', confirm_code: ada.code() },
      ada,
    );
    expect(above.statusCode, above.body).toBe(200);
    const { request, daily_limit_kobo } = above.json<{ request: StaffRequest; daily_limit_kobo: number }>();
    expect(daily_limit_kobo).toBe(9_000_000 * NAIRA);
    expect(request).toMatchObject({ kind: 'limit_raise', value: String(49_000_000 * NAIRA) });
    clock.advance(60_000);
    expect((await confirm(request, bayo)).statusCode).toBe(200);
    expect((await get(t.app, `/api/admin/customers/${customer.id}/limits`, ada.cookie)).json()).toMatchObject({
      daily_limit_kobo: 49_000_000 * NAIRA,
    });
  });
});

describe('a second approval is bound to what the admin saw', () => {
  it('a confirm for the small request does not pay the large one asked after it was declined', async () => {
    const sale = await sellGiftCard(t, seller, { amount: '50', seed: 902 });
    const ask = async (amountKobo: number) => {
      const response = await send(
        'POST',
        `/api/admin/sales/${sale.id}/approve`,
        { payout_amount_kobo: amountKobo, reason: 'other', note: 'Balance checked', confirm_code: ada.code() },
        ada,
      );
      expect(response.statusCode, response.body).toBe(200);
      return adminSaleDetailResponseSchema.parse(response.json()).sale.approval_request!;
    };
    const small = sale.value_kobo + 1000 * NAIRA;
    const large = sale.value_kobo * 10;
    const first = await ask(small);
    const seen = { request_id: first.id, amount_kobo: small };
    expect((await send('POST', `/api/admin/sales/${sale.id}/approval/decline`, { note: 'Too much' }, bayo)).statusCode).toBe(200);
    clock.advance(60_000);
    const second = await ask(large);
    const stale = await send('POST', `/api/admin/sales/${sale.id}/approval/confirm`, { ...seen, confirm_code: bayo.code() }, bayo);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'REQUEST_CHANGED' });
    const wrongAmount = await send(
      'POST',
      `/api/admin/sales/${sale.id}/approval/confirm`,
      { request_id: second.id, amount_kobo: small, confirm_code: bayo.code() },
      bayo,
    );
    expect(wrongAmount.json()).toMatchObject({ code: 'REQUEST_CHANGED' });
    const payouts = await t.database.query('SELECT id FROM payouts WHERE sale_id = $1', [sale.id]);
    expect(payouts).toEqual([]);
    const right = await send(
      'POST',
      `/api/admin/sales/${sale.id}/approval/confirm`,
      { request_id: second.id, amount_kobo: large, confirm_code: bayo.code() },
      bayo,
    );
    expect(right.statusCode, right.body).toBe(200);
  });
});
