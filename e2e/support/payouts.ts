import { expect, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { startPayout } from '../../apps/server/src/domain/payouts/payouts';
import { systemClock } from '../../apps/server/src/lib/clock';
import { e2eDatabase } from './database';

/**
 * Approves a sale at its quote by a seeded reviewer and starts its payout, as the review code does:
 * for journeys about what a paid sale earns, not about the review desk (review-desk.spec.ts).
 */
export async function approveAndPay(saleId: string): Promise<void> {
  const database = e2eDatabase();
  const [staff] = await database.query<{ id: string }>(
    "INSERT INTO staff (email, name, role, password_hash, must_change_password, created_at, updated_at) VALUES ($1, 'Payout Seeder', 'reviewer', 'not-a-hash', false, now(), now()) RETURNING id",
    [`seeder-${saleId.slice(0, 8)}@wise.staff`],
  );
  if (!staff) throw new Error('the seeding reviewer was not written');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE sales SET status = 'under_review', status_changed_at = now() WHERE id = ${saleId}`);
    await tx.execute(
      sql`UPDATE sales SET status = 'approved', status_changed_at = now(), decided_at = now(), decided_by = ${staff.id}, payout_amount_kobo = value_kobo WHERE id = ${saleId}`,
    );
    await startPayout(tx, systemClock, { saleId, staffId: staff.id });
  });
}

/** The server's job worker sends the payout and the sandbox settles it after its delay. */
export async function expectPaid(page: Page, saleId: string): Promise<void> {
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/transactions/${saleId}`)).json()) as { transaction?: { status?: string } }).transaction
          ?.status,
      {
        timeout: 30_000,
      },
    )
    .toBe('successful');
}
