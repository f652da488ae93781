import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client';
import { insertStaff } from './payouts';

/**
 * Puts a customer at a verification tier the way the database allows it (docs/features.md, "Identity
 * verification"): tier 1 with the verified BVN record it needs, tier 2 with an approved ID document
 * review as well. For tests of what a tier allows, not of how a customer reaches it (identity-api,
 * identity-tier2 and identity-guards test that).
 */
export async function setKycTier(database: Database, userId: string, tier: 0 | 1 | 2 | number): Promise<void> {
  if (tier >= 1) {
    // One verified record per customer (a unique index): a second call keeps the first.
    await database.query(
      `INSERT INTO identity_checks (user_id, kind, outcome, number_hash, number_key_id, number_last4, number_sealed, provider, verified_name, verified_dob)
       VALUES ($1, 'bvn', 'verified', $2, 'test', '2222', 'test-sealed', 'sandbox', 'TEST CUSTOMER', '1994-02-10')
       ON CONFLICT DO NOTHING`,
      [userId, randomBytes(32).toString('hex')],
    );
  }
  if (tier >= 2) {
    const [approved] = await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM identity_document_reviews WHERE user_id = $1 AND status = 'approved'",
      [userId],
    );
    if (!approved?.n) {
      const staff = await insertStaff(database, 'reviewer');
      await database.query(
        `INSERT INTO identity_document_reviews (user_id, status, front_key, back_key, selfie_key, reviewed_by, reviewed_at)
         VALUES ($1, 'approved', 'identity/test-front.webp', 'identity/test-back.webp', 'identity/test-selfie.webp', $2, now())`,
        [userId, staff.id],
      );
    }
  }
  await database.query('UPDATE users SET kyc_tier = $2 WHERE id = $1', [userId, tier]);
}
