import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { refusalOf } from './support/gem-users';
import { createCustomer } from './support/users';

/**
 * What the database refuses on its own about a verified identity's binding
 * (0046_identity_binding.sql), with hand-written SQL on both engines: the verified name and date
 * of birth are locked, a verification is revoked only at tier 0 and only once, a pending attempt
 * takes its outcome once, and a sixth look-up in 24 hours is refused.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let hashes = 0;
const nextHash = () => {
  hashes += 1;
  return hashes.toString(16).padStart(64, '0');
};
const attempt = (userId: string, outcome: string, hash = nextHash(), at = 'now()') =>
  outcome === 'verified'
    ? `INSERT INTO identity_checks (user_id, kind, outcome, number_hash, number_key_id, number_last4, number_sealed, provider, verified_name, verified_dob, created_at)
       VALUES ('${userId}', 'bvn', 'verified', '${hash}', 'dev', '2222', 'v1.x.y.z', 'sandbox', 'ADA OBI-OKAFOR', '1994-02-10', ${at});`
    : `INSERT INTO identity_checks (user_id, kind, outcome, number_hash, number_key_id, number_last4, provider, created_at)
       VALUES ('${userId}', 'bvn', '${outcome}', '${hash}', 'dev', '2222', 'sandbox', ${at});`;

/** A customer at tier 1 with a verified number (the hash returned). */
async function verifiedCustomer(): Promise<{ id: string; hash: string }> {
  const user = await createCustomer(t);
  const hash = nextHash();
  await t.database.exec(
    `UPDATE users SET date_of_birth = '1994-02-10' WHERE id = '${user.id}'; ${attempt(user.id, 'verified', hash)} UPDATE users SET kyc_tier = 1 WHERE id = '${user.id}';`,
  );
  return { id: user.id, hash };
}
const revoke = (userId: string) => `UPDATE identity_checks SET revoked_at = now() WHERE user_id = '${userId}' AND outcome = 'verified';`;

describe('a verified identity in the database', () => {
  it('locks the name and date of birth while it binds the account; other fields and closing stay possible', async () => {
    const { id } = await verifiedCustomer();
    expect(await refusalOf(t.database, `UPDATE users SET full_name = 'Chidinma Ezeanya' WHERE id = '${id}';`)).toMatch(
      /name and date of birth are locked/,
    );
    expect(await refusalOf(t.database, `UPDATE users SET date_of_birth = '1988-03-14' WHERE id = '${id}';`)).toMatch(/locked/);
    expect(await refusalOf(t.database, `UPDATE users SET date_of_birth = NULL WHERE id = '${id}';`)).toMatch(/locked/);
    // Dropping the tier in the same statement does not unlock it: the verification still binds.
    expect(await refusalOf(t.database, `UPDATE users SET kyc_tier = 0, full_name = 'Chidinma Ezeanya' WHERE id = '${id}';`)).toMatch(
      /locked/,
    );
    await t.database.exec(`UPDATE users SET address = 'Lekki', full_name = full_name WHERE id = '${id}';`);
    await t.database.exec(`UPDATE users SET full_name = 'Closed account', date_of_birth = NULL, closed_at = now() WHERE id = '${id}';`);
  });

  it('is revoked only once, and only with the customer back at tier 0; then the profile is free and the tier needs a new verification', async () => {
    const { id, hash } = await verifiedCustomer();
    expect(await refusalOf(t.database, revoke(id))).toMatch(/revoked only once its customer is back at tier 0/);
    await t.database.exec(`UPDATE users SET kyc_tier = 0 WHERE id = '${id}'; ${revoke(id)}`);
    expect(
      await refusalOf(
        t.database,
        `UPDATE identity_checks SET revoked_at = now() + interval '1 day' WHERE user_id = '${id}' AND outcome = 'verified';`,
      ),
    ).toMatch(/never changed/);
    expect(
      await refusalOf(t.database, `UPDATE identity_checks SET revoked_at = NULL WHERE user_id = '${id}' AND outcome = 'verified';`),
    ).toMatch(/never changed/);
    expect(await refusalOf(t.database, `UPDATE users SET kyc_tier = 1 WHERE id = '${id}';`)).toMatch(/tier 1 needs a verified BVN or NIN/);
    await t.database.exec(`UPDATE users SET full_name = 'Ada Nkechi Obi-Okafor', date_of_birth = '1994-02-11' WHERE id = '${id}';`);
    // The number is free again: the same customer (or another) can verify it anew.
    await t.database.exec(`${attempt(id, 'verified', hash)} UPDATE users SET kyc_tier = 1 WHERE id = '${id}';`);
    expect(await refusalOf(t.database, `UPDATE users SET full_name = 'Someone Else' WHERE id = '${id}';`)).toMatch(/locked/);
    expect(
      await refusalOf(
        t.database,
        `INSERT INTO identity_checks (user_id, kind, outcome, number_hash, number_key_id, number_last4, provider, revoked_at) VALUES ('${id}', 'bvn', 'not_found', '${nextHash()}', 'dev', '2222', 'sandbox', now());`,
      ),
    ).toMatch(/identity_checks_revoked_shape/);
  });

  it('lets a pending attempt take its outcome once, and nothing else of it change', async () => {
    const user = await createCustomer(t);
    const hash = nextHash();
    await t.database.exec(attempt(user.id, 'pending', hash));
    const where = `WHERE user_id = '${user.id}'`;
    expect(await refusalOf(t.database, `UPDATE identity_checks SET outcome = 'not_found', number_last4 = '9999' ${where};`)).toMatch(
      /never changed/,
    );
    expect(await refusalOf(t.database, `UPDATE identity_checks SET outcome = 'verified' ${where};`)).toMatch(
      /identity_checks_verified_shape/,
    );
    await t.database.exec(`UPDATE identity_checks SET outcome = 'phone_mismatch' ${where};`);
    expect(
      await refusalOf(
        t.database,
        `UPDATE identity_checks SET outcome = 'verified', number_sealed = 'v1.x.y.z', verified_name = 'A B', verified_dob = '1994-02-10' ${where};`,
      ),
    ).toMatch(/never changed/);
    expect(await refusalOf(t.database, `UPDATE identity_checks SET outcome = 'pending' ${where};`)).toMatch(/never changed/);
  });

  it('refuses a sixth look-up in 24 hours; the provider being down and older attempts do not count', async () => {
    const user = await createCustomer(t);
    await t.database.exec(
      [
        attempt(user.id, 'not_found', nextHash(), "now() - interval '25 hours'"),
        attempt(user.id, 'unavailable'),
        attempt(user.id, 'unavailable'),
        attempt(user.id, 'pending'),
        attempt(user.id, 'mismatch'),
        attempt(user.id, 'in_use'),
        attempt(user.id, 'not_found'),
      ].join('\n'),
    );
    await t.database.exec(attempt(user.id, 'phone_mismatch'));
    expect(await refusalOf(t.database, attempt(user.id, 'not_found'))).toMatch(/five look-ups a day/);
    expect(await refusalOf(t.database, attempt(user.id, 'pending'))).toMatch(/five look-ups a day/);
    // The provider being down is never refused (it is not the customer's doing).
    await t.database.exec(attempt(user.id, 'unavailable'));
    // Another customer has their own budget.
    const other = await createCustomer(t);
    await t.database.exec(attempt(other.id, 'pending'));
  });
});
