import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/client';
import type { StartPayout } from '#server/domain/admin/review/decisions';
import type { StaffPrincipal } from '#server/domain/staff/principal';
import type { Clock } from '#server/lib/clock';
import type { TestApp } from './app';

/**
 * Helpers of the review tests (test/admin-review*.test.ts): staff rows written straight into the
 * table (the domain functions take a principal; the HTTP tests use support/staff.ts), and a stand-in
 * for the payouts helper's startPayout that queues attempt 1 the way the contract says.
 */

let counter = 0;

export async function insertStaff(t: TestApp, role: 'reviewer' | 'admin', name = 'Ada Reviewer'): Promise<StaffPrincipal> {
  counter += 1;
  const email = `reviewer${counter}-${randomBytes(3).toString('hex')}@wise.staff`;
  const at = t.clock.now().toISOString();
  const [row] = await t.database.query<{ id: string }>(
    // As admin:create does (the database adds an admin otherwise only on a second admin's request),
    // and long-standing: a sign-in under a day old gives no second approval (docs/separation-of-duties.md).
    `WITH cli AS (SELECT set_config('wise.staff_cli', 'on', true))
     INSERT INTO staff (email, name, role, password_hash, must_change_password, created_at, updated_at)
     SELECT $1, $2, $3, 'not-a-hash', false, $4, $4 FROM cli RETURNING id`,
    [email, name, role, at],
  );
  if (!row) throw new Error('staff insert returned nothing');
  await t.database.query("UPDATE staff SET credentials_at = created_at - interval '30 days' WHERE id = $1", [row.id]);
  return { id: row.id, email, name, role };
}

/** Queues attempt 1 of a sale's payout in the caller's transaction (the payouts table checks the terms). */
export const queuePayoutStub: StartPayout = async (tx: Db, clock: Clock, { saleId, staffId }) => {
  const reference = `wise_${randomBytes(10).toString('hex')}`;
  const { sql } = await import('drizzle-orm');
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO payouts (sale_id, attempt, reference, method, status, amount_kobo, bank_code, account_number, account_name, created_by, created_at)
    SELECT id, 1, ${reference}, 'transfer', 'queued', payout_amount_kobo, bank_code, account_number, account_name, ${staffId}::uuid, ${clock.now().toISOString()}::timestamptz
    FROM sales WHERE id = ${saleId}::uuid
    RETURNING id`);
  const id = (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
  if (!id) throw new Error('payout insert returned nothing');
  return { payoutId: id, reference };
};
