import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { insertStaff } from './support/review';
import { createCustomer } from './support/users';

/**
 * What the database refuses on its own about separation of duties (0045_separation_of_duties.sql),
 * whatever code or hand-typed SQL runs: an admin made, promoted, re-enabled or a sign-in reset
 * without a confirmed request naming it; a request decided by its asker or a reviewer, rewritten or
 * deleted; a second approval or limit raise by a member whose sign-in is under a day old; a rate
 * moved too far or a limit past tier 2 without a request; an invitation for a set-up account or
 * used twice. Raw SQL, on both engines.
 */

let t: TestApp;
let asker: string;
let confirmer: string;
let reviewer: string;

/** Runs the statements in one transaction (rolled back when one is refused). */
const run = (...statements: string[]) =>
  t.database.db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
/** The database's refusal, its message and constraint read through the driver's wrappers. */
async function refused(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'the statement was not refused').toBeDefined();
  const words: string[] = [];
  for (let at: unknown = error; at instanceof Object; at = (at as { cause?: unknown }).cause) {
    const { message, constraint } = at as { message?: unknown; constraint?: unknown };
    if (typeof message === 'string') words.push(message);
    if (typeof constraint === 'string') words.push(constraint);
  }
  expect(words.join(' | ')).toMatch(pattern);
}
const one = async <T>(query: string) => (await t.database.query<T & Record<string, unknown>>(query))[0]!;

const email = () => `guard-${randomBytes(4).toString('hex')}@wise.test`;
const insertReviewer = (address: string) =>
  `INSERT INTO staff (email, name, role, password_hash, must_change_password, created_at, updated_at) VALUES ('${address}', 'Guard', 'reviewer', 'x', false, now(), now())`;

/** A request by `asker`, confirmed by `confirmer`; returns its id. */
async function confirmedRequest(kind: string, target: { id?: string; email?: string }, value: string, by = confirmer): Promise<string> {
  const row = await one<{ id: string }>(
    `INSERT INTO staff_requests (kind, target_id, target_email, value, requested_by, created_at)
     VALUES ('${kind}', ${target.id ? `'${target.id}'` : 'NULL'}, ${target.email ? `'${target.email}'` : 'NULL'}, '${value}', '${asker}', now()) RETURNING id`,
  );
  await t.database.query(`UPDATE staff_requests SET status = 'confirmed', decided_by = $2, decided_at = now() WHERE id = $1`, [row.id, by]);
  return row.id;
}
const naming = (id: string) => `SELECT set_config('wise.staff_request', '${id}', true)`;

beforeAll(async () => {
  t = await createTestApp({ env: { TIER2_DAILY_PAYOUT_NAIRA: '10000000' } });
  asker = (await insertStaff(t, 'admin')).id;
  confirmer = (await insertStaff(t, 'admin')).id;
  reviewer = (await insertStaff(t, 'reviewer')).id;
});
afterAll(async () => {
  await t.close();
});

describe('power over staff', () => {
  it('no admin is added without a confirmed request for that e-mail, or admin:create', async () => {
    const address = email();
    const insertAdmin = `INSERT INTO staff (email, name, role, password_hash, created_at, updated_at) VALUES ('${address}', 'X', 'admin', 'x', now(), now())`;
    await refused(run(insertAdmin), /staff_four_eyes|second admin/);
    await refused(
      run(naming(await confirmedRequest('staff_create', { email: email() }, 'someone-else')), insertAdmin),
      /staff_four_eyes|second admin/,
    );
    await run(naming(await confirmedRequest('staff_create', { email: address }, address)), insertAdmin);
    await run("SELECT set_config('wise.staff_cli', 'on', true)", insertAdmin.replace(address, email()));
    // A request is used once.
    const id = await confirmedRequest('staff_create', { email: 'twice@wise.test' }, 'twice@wise.test');
    await run(naming(id), insertAdmin.replace(address, 'twice@wise.test'));
    await refused(
      run(naming(id), insertAdmin.replace(address, 'twice@wise.test').replace("'X'", "'Y'").replace('twice@', 'twice2@')),
      /staff_four_eyes|second admin/,
    );
  });

  it('no promotion, no admin re-enabled and no sign-in reset without a confirmed request naming that member', async () => {
    const address = email();
    await run(insertReviewer(address));
    const member = await one<{ id: string }>(`SELECT id FROM staff WHERE email = '${address}'`);
    const promote = `UPDATE staff SET role = 'admin', updated_at = now() WHERE id = '${member.id}'`;
    await refused(run(promote), /staff_four_eyes|second admin/);
    // A pending request, or a confirmed one of another kind, is not enough.
    const pending = await one<{ id: string }>(
      `INSERT INTO staff_requests (kind, target_id, value, requested_by, created_at) VALUES ('staff_promote', '${member.id}', '${address}', '${asker}', now()) RETURNING id`,
    );
    await refused(run(naming(pending.id), promote), /staff_four_eyes|second admin/);
    await refused(run(naming(await confirmedRequest('staff_enable', { id: member.id }, address)), promote), /staff_four_eyes|second admin/);
    await t.database.query(`UPDATE staff_requests SET status = 'declined', decided_by = $2, decided_at = now() WHERE id = $1`, [
      pending.id,
      confirmer,
    ]);
    await run(naming(await confirmedRequest('staff_promote', { id: member.id }, address)), promote);
    const promoted = await one<{ role: string; fresh: boolean }>(
      `SELECT role, credentials_at > now() - interval '1 minute' AS fresh FROM staff WHERE id = '${member.id}'`,
    );
    expect(promoted).toEqual({ role: 'admin', fresh: true });

    await t.database.query(`UPDATE staff SET disabled_at = now() WHERE id = $1`, [member.id]);
    const enable = `UPDATE staff SET disabled_at = NULL, updated_at = now() WHERE id = '${member.id}'`;
    await refused(run(enable), /staff_four_eyes|second admin/);
    await run(naming(await confirmedRequest('staff_enable', { id: member.id }, address)), enable);

    await t.database.query(`UPDATE staff SET totp_secret = 'an-encrypted-secret-of-some-length', totp_enabled_at = now() WHERE id = $1`, [
      member.id,
    ]);
    await refused(
      run(`UPDATE staff SET totp_secret = NULL, totp_enabled_at = NULL, updated_at = now() WHERE id = '${member.id}'`),
      /staff_four_eyes|second admin/,
    );
    await refused(
      run(`UPDATE staff SET password_hash = 'y', must_change_password = true, updated_at = now() WHERE id = '${member.id}'`),
      /staff_four_eyes|second admin/,
    );
    await run(
      naming(await confirmedRequest('staff_reset', { id: member.id }, address)),
      `UPDATE staff SET totp_secret = NULL, totp_enabled_at = NULL, password_hash = 'y', must_change_password = true, updated_at = now() WHERE id = '${member.id}'`,
    );
    // The member's own password and a reviewer re-enabled need no one else.
    await run(`UPDATE staff SET password_hash = 'z', must_change_password = false WHERE id = '${member.id}'`);
  });
});

describe('a staff request', () => {
  const pendingRequest = async (by = asker) =>
    (
      await one<{ id: string }>(
        `INSERT INTO staff_requests (kind, target_email, value, requested_by, created_at) VALUES ('staff_create', '${email()}', 'v', '${by}', now()) RETURNING id`,
      )
    ).id;

  it('is asked by an admin, decided by another enabled admin, never rewritten or deleted', async () => {
    await refused(pendingRequest(reviewer), /only an admin asks/);
    const id = await pendingRequest();
    await refused(
      run(`UPDATE staff_requests SET status = 'confirmed', decided_by = '${asker}', decided_at = now() WHERE id = '${id}'`),
      /staff_requests_four_eyes/,
    );
    await refused(
      run(`UPDATE staff_requests SET status = 'confirmed', decided_by = '${reviewer}', decided_at = now() WHERE id = '${id}'`),
      /only an enabled admin/,
    );
    await refused(
      run(`UPDATE staff_requests SET status = 'cancelled', decided_by = '${confirmer}', decided_at = now() WHERE id = '${id}'`),
      /staff_requests_withdrawn/,
    );
    await refused(run(`UPDATE staff_requests SET value = 'w' WHERE id = '${id}'`), /keeps its terms/);
    await refused(run(`DELETE FROM staff_requests WHERE id = '${id}'`), /records are kept/);
    await run(`UPDATE staff_requests SET status = 'declined', decided_by = '${confirmer}', decided_at = now() WHERE id = '${id}'`);
    await refused(run(`UPDATE staff_requests SET status = 'confirmed' WHERE id = '${id}'`), /never rewritten/);
    await refused(
      run(
        `INSERT INTO staff_requests (kind, target_email, value, requested_by, created_at, status, decided_by, decided_at) VALUES ('staff_create', 'x@wise.test', 'v', '${asker}', now(), 'confirmed', '${confirmer}', now())`,
      ),
      /starts pending/,
    );
    const open = await pendingRequest();
    const target = await one<{ target_email: string }>(`SELECT target_email FROM staff_requests WHERE id = '${open}'`);
    await refused(
      run(
        `INSERT INTO staff_requests (kind, target_email, value, requested_by, created_at) VALUES ('staff_create', '${target.target_email}', 'v', '${confirmer}', now())`,
      ),
      /staff_requests_one_open/,
    );
  });
});

describe('a member whose sign-in is under a day old', () => {
  it('confirms no limit raise, gives no second approval and raises no limit', async () => {
    const fresh = (
      await one<{ id: string }>(
        `WITH cli AS (SELECT set_config('wise.staff_cli', 'on', true)) INSERT INTO staff (email, name, role, password_hash, created_at, updated_at) SELECT '${email()}', 'Fresh', 'admin', 'x', now(), now() FROM cli RETURNING id`,
      )
    ).id;
    const customer = await createCustomer(t);
    const raise = await one<{ id: string }>(
      `INSERT INTO staff_requests (kind, target_id, value, requested_by, created_at) VALUES ('limit_raise', '${customer.id}', '100', '${asker}', now()) RETURNING id`,
    );
    await refused(
      run(`UPDATE staff_requests SET status = 'confirmed', decided_by = '${fresh}', decided_at = now() WHERE id = '${raise.id}'`),
      /under a day old/,
    );
    await refused(
      run(
        `INSERT INTO payout_limit_raises (user_id, daily_limit_kobo, note, created_by, created_at) VALUES ('${customer.id}', 100, 'n', '${fresh}', now())`,
      ),
      /under a day old/,
    );
    await run(
      `INSERT INTO payout_limit_raises (user_id, daily_limit_kobo, note, created_by, created_at) VALUES ('${customer.id}', 100, 'n', '${confirmer}', now())`,
    );
    // A day later the same member may.
    await run(
      `UPDATE staff_requests SET status = 'confirmed', decided_by = '${fresh}', decided_at = now() + interval '25 hours' WHERE id = '${raise.id}'`,
    );
  });
});

describe('money beyond one admin', () => {
  it('a limit above tier 2 needs a confirmed request for that customer and amount', async () => {
    const customer = await createCustomer(t);
    const above = 20_000_000 * 100;
    const insert = `INSERT INTO payout_limit_raises (user_id, daily_limit_kobo, note, created_by, created_at) VALUES ('${customer.id}', ${above}, 'n', '${confirmer}', now())`;
    await refused(run(insert), /payout_limit_raises_four_eyes|tier 2/);
    await refused(run(naming(await confirmedRequest('limit_raise', { id: customer.id }, String(above - 1))), insert), /tier 2/);
    await run(naming(await confirmedRequest('limit_raise', { id: customer.id }, String(above))), insert);
  });

  it('a rate moved by more than the percentage needs a confirmed request for that rate', async () => {
    const sub = await one<{ id: string; rate: string }>(
      'SELECT id, exchange_rate::text AS rate FROM gift_card_subcategories ORDER BY id LIMIT 1',
    );
    const set = (rate: string) =>
      `UPDATE gift_card_subcategories SET exchange_rate = ${rate}, rate_updated_at = now() WHERE id = '${sub.id}'`;
    const near = (Number(sub.rate) * 1.1).toFixed(2);
    const far = (Number(sub.rate) * 3).toFixed(2);
    // Exactly the percentage is one admin's to make, and so is the way back.
    await run(set(near));
    await run(set(sub.rate));
    await refused(run(set(far)), /gift_card_rate_four_eyes|second admin/);
    await refused(run(naming(await confirmedRequest('rate_change', { id: sub.id }, near)), set(far)), /second admin/);
    await run(naming(await confirmedRequest('rate_change', { id: sub.id }, far)), set(far));
  });
});

describe('an invitation', () => {
  it('is never issued for a member whose sign-in is set up, and is used once', async () => {
    const address = email();
    await run(insertReviewer(address));
    const member = await one<{ id: string }>(`SELECT id FROM staff WHERE email = '${address}'`);
    const invite = (hash: string) =>
      `INSERT INTO staff_invitations (staff_id, token_hash, created_at, expires_at) VALUES ('${member.id}', '${hash}', now(), now() + interval '1 day')`;
    await refused(run(invite('a'.repeat(64))), /staff_invitations_unclaimed|has not set up/);
    await t.database.query(`UPDATE staff SET must_change_password = true WHERE id = $1`, [member.id]);
    await run(invite('b'.repeat(64)));
    await refused(run(invite('c'.repeat(64)).replace("interval '1 day'", "interval '30 days'")), /staff_invitations_lifetime/);
    await run(`UPDATE staff_invitations SET used_at = now() WHERE token_hash = '${'b'.repeat(64)}'`);
    await refused(
      run(`UPDATE staff_invitations SET used_at = now() + interval '1 minute' WHERE token_hash = '${'b'.repeat(64)}'`),
      /used once/,
    );
  });
});
