import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { refusalOf } from './support/gem-users';
import { insertStaff } from './support/payouts';
import { createCustomer } from './support/users';

/**
 * What the database refuses about identity verification on its own (0029_identity_verification.sql),
 * with raw SQL so no application bug gets past it: the tier rises only with a verified record, a
 * number verifies one account, a verified record carries its sealed number, and the trail of
 * attempts is never changed or deleted while its customer exists. Tier 2 (0031_identity_documents.sql):
 * the tier needs an approved document review, one open request per customer, a decision is final
 * and images are deleted only after it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);
const check = (userId: string, hash: string, outcome = 'verified', kind = 'bvn') =>
  outcome === 'verified'
    ? `INSERT INTO identity_checks (user_id, kind, outcome, number_hash, number_key_id, number_last4, number_sealed, provider, verified_name, verified_dob)
       VALUES ('${userId}', '${kind}', 'verified', '${hash}', 'dev', '2222', 'v1.x.y.z', 'sandbox', 'ADA OKAFOR', '1994-02-10');`
    : `INSERT INTO identity_checks (user_id, kind, outcome, number_hash, number_key_id, number_last4, provider)
       VALUES ('${userId}', '${kind}', '${outcome}', '${hash}', 'dev', '2222', 'sandbox');`;

describe('identity verification in the database', () => {
  it('raises the tier only with a verified BVN or NIN, and tier 2 not at all without a document review', async () => {
    const user = await createCustomer(t);
    expect(await refusalOf(t.database, `UPDATE users SET kyc_tier = 1 WHERE id = '${user.id}';`)).toMatch(
      /tier 1 needs a verified BVN or NIN/,
    );
    expect(
      await refusalOf(t.database, `${check(user.id, HASH_A, 'mismatch')} UPDATE users SET kyc_tier = 1 WHERE id = '${user.id}';`),
    ).toMatch(/tier 1 needs a verified/);
    expect(await refusalOf(t.database, `${check(user.id, HASH_A)} UPDATE users SET kyc_tier = 2 WHERE id = '${user.id}';`)).toMatch(
      /tier 2 needs an approved ID document review/,
    );
    expect(
      await refusalOf(
        t.database,
        `INSERT INTO users (full_name, username, email, phone, password_hash, kyc_tier) VALUES ('A B', 'tiered', 'tiered@wisetest.com', '+2348000000001', 'x', 1);`,
      ),
    ).toMatch(/starts at verification tier 0/);
    await t.database.exec(`${check(user.id, HASH_A)} UPDATE users SET kyc_tier = 1 WHERE id = '${user.id}';`);
    // Lowering stays possible (the limits feature, staff).
    await t.database.exec(`UPDATE users SET kyc_tier = 0 WHERE id = '${user.id}';`);
  });

  it('verifies one number for one account, and one number per account', async () => {
    const first = await createCustomer(t);
    const second = await createCustomer(t);
    await t.database.exec(check(first.id, HASH_B));
    expect(await refusalOf(t.database, check(second.id, HASH_B))).toMatch(/identity_checks_number_key/);
    expect(await refusalOf(t.database, check(first.id, 'c'.repeat(64), 'verified', 'nin'))).toMatch(/identity_checks_verified_user_key/);
    // Failed attempts with the same number are only a trail.
    await t.database.exec(`${check(second.id, HASH_B, 'in_use')} ${check(second.id, HASH_B, 'in_use')}`);
    await t.database.exec(check(second.id, HASH_B, 'verified', 'nin'));
  });

  it('keeps a verified record whole, and no number in clear', async () => {
    const user = await createCustomer(t);
    expect(
      await refusalOf(
        t.database,
        `INSERT INTO identity_checks (user_id, kind, outcome, number_hash, number_key_id, number_last4, provider) VALUES ('${user.id}', 'bvn', 'verified', '${'d'.repeat(64)}', 'dev', '2222', 'sandbox');`,
      ),
    ).toMatch(/identity_checks_verified_shape/);
    expect(await refusalOf(t.database, check(user.id, '22222222222', 'not_found'))).toMatch(/number_hash/);
    expect(await refusalOf(t.database, check(user.id, 'e'.repeat(64), 'not_found').replace("'2222'", "'22222222222'"))).toMatch(
      /number_last4/,
    );
  });

  it('never changes or deletes an attempt while its customer exists; deleting the customer removes them', async () => {
    const user = await createCustomer(t);
    await t.database.exec(`${check(user.id, 'f'.repeat(64), 'not_found')} ${check(user.id, 'f'.repeat(64))}`);
    expect(
      await refusalOf(
        t.database,
        `UPDATE identity_checks SET outcome = 'verified' WHERE user_id = '${user.id}' AND outcome = 'not_found';`,
      ),
    ).toMatch(/never changed/);
    expect(await refusalOf(t.database, `DELETE FROM identity_checks WHERE user_id = '${user.id}';`)).toMatch(/never deleted/);
    await t.database.exec(`DELETE FROM users WHERE id = '${user.id}';`);
    const rows = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM identity_checks WHERE user_id = $1`, [user.id]);
    expect(rows[0]?.n).toBe(0);
  });

  it('raises the tier to 2 only with an approved document review, and keeps a decision final', async () => {
    const user = await createCustomer(t);
    const staff = await insertStaff(t.database);
    const review = (status = 'pending') =>
      status === 'pending'
        ? `INSERT INTO identity_document_reviews (user_id, front_key, back_key, selfie_key) VALUES ('${user.id}', 'identity/a.webp', 'identity/b.webp', 'identity/c.webp');`
        : `INSERT INTO identity_document_reviews (user_id, status, front_key, back_key, selfie_key, reviewed_by, reviewed_at, reject_reason)
           VALUES ('${user.id}', '${status}', 'identity/a.webp', 'identity/b.webp', 'identity/c.webp', '${staff.id}', now(), ${status === 'rejected' ? "'Blurred'" : 'NULL'});`;
    await t.database.exec(`${check(user.id, '9'.repeat(64))} UPDATE users SET kyc_tier = 1 WHERE id = '${user.id}';`);
    expect(await refusalOf(t.database, `${review('rejected')} UPDATE users SET kyc_tier = 2 WHERE id = '${user.id}';`)).toMatch(
      /tier 2 needs an approved ID document review/,
    );
    expect(await refusalOf(t.database, `${review()} UPDATE users SET kyc_tier = 2 WHERE id = '${user.id}';`)).toMatch(
      /tier 2 needs an approved ID document review/,
    );
    // One open request per customer; a rejection carries its reason; images stay while pending.
    expect(await refusalOf(t.database, `${review()} ${review()}`)).toMatch(/identity_document_reviews_open_key/);
    expect(await refusalOf(t.database, review('rejected').replace("'Blurred'", 'NULL'))).toMatch(
      /identity_document_reviews_decision_shape/,
    );
    expect(
      await refusalOf(
        t.database,
        `${review()} UPDATE identity_document_reviews SET front_key = NULL, back_key = NULL, selfie_key = NULL, images_deleted_at = now() WHERE user_id = '${user.id}';`,
      ),
    ).toMatch(/identity_document_reviews_images_kept_while_pending/);

    await t.database.exec(`${review('approved')} UPDATE users SET kyc_tier = 2 WHERE id = '${user.id}';`);
    expect(
      await refusalOf(
        t.database,
        `UPDATE identity_document_reviews SET status = 'rejected', reject_reason = 'x' WHERE user_id = '${user.id}';`,
      ),
    ).toMatch(/decided request is never changed/);
    await t.database.exec(
      `UPDATE identity_document_reviews SET front_key = NULL, back_key = NULL, selfie_key = NULL, images_deleted_at = now() WHERE user_id = '${user.id}';`,
    );
    expect(
      await refusalOf(
        t.database,
        `UPDATE identity_document_reviews SET front_key = 'identity/a.webp', back_key = 'identity/b.webp', selfie_key = 'identity/c.webp', images_deleted_at = NULL WHERE user_id = '${user.id}';`,
      ),
    ).toMatch(/deleted images never come back/);
  });
});
