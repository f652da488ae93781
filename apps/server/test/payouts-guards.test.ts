import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import { ManualClock } from '../src/lib/clock';
import { accrueReward } from '../src/domain/rewards/rewards';
import { createTestApp, type TestApp } from './support/app';
import { refusalOf } from './support/gem-users';
import { approveSale, insertStaff } from './support/payouts';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createCustomer } from './support/users';

/**
 * What the database refuses about payouts on its own (0011_back_office.sql), with raw SQL, so no
 * application bug can get past it: one live attempt per sale, only an approved sale paid out, at
 * its approved amount to its own account, statuses only forward, settled attempts frozen, a sale
 * paid only by a successful payout, nothing deleted.
 */

const clock = new ManualClock('2026-07-01T09:00:00Z');
let t: TestApp;
let staff: StaffPrincipal;

beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = await insertStaff(t.database);
});
afterAll(async () => {
  await t?.close();
});

let seed = 200;
async function submittedSale() {
  const customer = await createCustomer(t);
  await addBankDetails(t, customer);
  seed += 1;
  return sellGiftCard(t, customer, { seed });
}

/** An INSERT of an attempt for `saleId` copying the sale's terms, with overrides as SQL expressions. */
function insertAttempt(
  saleId: string,
  over: Partial<Record<'attempt' | 'reference' | 'method' | 'status' | 'amount' | 'account' | 'extra_cols' | 'extra_vals', string>> = {},
) {
  return `INSERT INTO payouts (sale_id, attempt, reference, method, status, amount_kobo, bank_code, account_number, account_name, created_by, created_at${over.extra_cols ?? ''})
    SELECT id, ${over.attempt ?? '2'}, ${over.reference ?? `'wpo_guard_${saleId.replace(/-/g, '')}_x'`}, ${over.method ?? "'transfer'"}, ${over.status ?? "'queued'"},
      ${over.amount ?? 'payout_amount_kobo'}, bank_code, ${over.account ?? 'account_number'}, account_name, '${staff.id}', now()${over.extra_vals ?? ''}
    FROM sales WHERE id = '${saleId}';`;
}

describe('payouts in the database', () => {
  it('only an approved sale is paid out, at its approved amount, to the account snapshotted with it', async () => {
    const sale = await submittedSale();
    expect(await refusalOf(t.database, insertAttempt(sale.id, { attempt: '1', amount: 'value_kobo' }))).toMatch(/only an approved sale/);
    const approved = await submittedSale();
    await approveSale(t.database, clock, approved.id, staff.id);
    await t.database.query("UPDATE payouts SET status = 'sending' WHERE sale_id = $1", [approved.id]);
    await t.database.query("UPDATE payouts SET status = 'failed', failure_reason = 'test', settled_at = now() WHERE sale_id = $1", [
      approved.id,
    ]);
    expect(await refusalOf(t.database, insertAttempt(approved.id, { amount: 'payout_amount_kobo + 1' }))).toMatch(
      /approved amount to the account snapshotted/,
    );
    expect(await refusalOf(t.database, insertAttempt(approved.id, { account: "'9876543210'" }))).toMatch(
      /approved amount to the account snapshotted/,
    );
    expect(await refusalOf(t.database, insertAttempt(approved.id, { status: "'success'" }))).toMatch(/a transfer starts queued/);
  });

  it('allows one attempt per sale that has not failed, and never two successes', async () => {
    const sale = await submittedSale();
    await approveSale(t.database, clock, sale.id, staff.id);
    expect(await refusalOf(t.database, insertAttempt(sale.id))).toMatch(/payouts_one_live_per_sale/);
    expect(
      await refusalOf(
        t.database,
        insertAttempt(sale.id, {
          method: "'manual'",
          status: "'success'",
          extra_cols: ', provider_reference, note, settled_at',
          extra_vals: ", 'REF-1', 'by hand', now()",
        }),
      ),
    ).toMatch(/payouts_one_live_per_sale/);
    expect(await refusalOf(t.database, insertAttempt(sale.id, { attempt: '1', reference: "'wpo_other_reference_0001'" }))).toMatch(
      /payouts_attempt_key|payouts_one_live_per_sale/,
    );
  });

  it("moves statuses only forward and freezes a settled attempt and every attempt's terms", async () => {
    const sale = await submittedSale();
    const { payoutId } = await approveSale(t.database, clock, sale.id, staff.id);
    const where = `WHERE id = '${payoutId}'`;
    expect(await refusalOf(t.database, `UPDATE payouts SET status = 'success', settled_at = now() ${where};`)).toMatch(
      /cannot go from queued to success/,
    );
    expect(await refusalOf(t.database, `UPDATE payouts SET status = 'pending' ${where};`)).toMatch(/cannot go from queued to pending/);
    expect(await refusalOf(t.database, `UPDATE payouts SET amount_kobo = amount_kobo + 100 ${where};`)).toMatch(/terms never change/);
    expect(await refusalOf(t.database, `UPDATE payouts SET reference = 'wpo_changed_reference_01' ${where};`)).toMatch(
      /terms never change/,
    );
    expect(await refusalOf(t.database, `UPDATE payouts SET status = 'failed', settled_at = now() ${where};`)).toMatch(
      /payouts_failed_reason/,
    );
    await t.database.query(`UPDATE payouts SET status = 'sending', sent_at = now() ${where}`);
    await t.database.query(`UPDATE payouts SET status = 'pending', provider_reference = 'TRF_1' ${where}`);
    expect(await refusalOf(t.database, `UPDATE payouts SET status = 'sending' ${where};`)).toMatch(/cannot go from pending to sending/);
    await t.database.query(`UPDATE payouts SET status = 'success', settled_at = now() ${where}`);
    expect(
      await refusalOf(t.database, `UPDATE payouts SET status = 'failed', failure_reason = 'late', settled_at = now() ${where};`),
    ).toMatch(/is paid: it can only be reversed/);
    expect(await refusalOf(t.database, `UPDATE payouts SET provider_reference = 'TRF_2' ${where};`)).toMatch(
      /is paid: it can only be reversed/,
    );
    expect(await refusalOf(t.database, `DELETE FROM payouts ${where};`)).toMatch(/records are kept/);
    expect(await refusalOf(t.database, 'TRUNCATE payouts CASCADE;')).toMatch(/records are kept/);
  });

  it('pays a sale only by a successful payout of its approved amount, and keeps its reference', async () => {
    const sale = await submittedSale();
    const { payoutId } = await approveSale(t.database, clock, sale.id, staff.id);
    const pay = `UPDATE sales SET status = 'paid', paid_at = decided_at, status_changed_at = status_changed_at, payout_reference = 'TRF_x' WHERE id = '${sale.id}';`;
    expect(await refusalOf(t.database, pay)).toMatch(/paid only by a successful payout/);
    await t.database.query("UPDATE payouts SET status = 'sending' WHERE id = $1", [payoutId]);
    expect(await refusalOf(t.database, pay)).toMatch(/paid only by a successful payout/);
    await t.database.query("UPDATE payouts SET status = 'success', settled_at = now() WHERE id = $1", [payoutId]);
    await t.database.query(pay);
    expect(await refusalOf(t.database, `UPDATE sales SET payout_reference = 'TRF_other' WHERE id = '${sale.id}';`)).toMatch(
      /keeps its payout reference/,
    );
    expect(await refusalOf(t.database, `UPDATE sales SET payout_amount_kobo = payout_amount_kobo + 1 WHERE id = '${sale.id}';`)).toMatch(
      /never rewritten/,
    );
  });

  it('keeps a failed payout with its approved sale (no going back to review)', async () => {
    const sale = await submittedSale();
    const { payoutId } = await approveSale(t.database, clock, sale.id, staff.id);
    await t.database.query("UPDATE payouts SET status = 'failed', failure_reason = 'declined', settled_at = now() WHERE id = $1", [
      payoutId,
    ]);
    expect(await refusalOf(t.database, `UPDATE sales SET status = 'under_review' WHERE id = '${sale.id}';`)).toMatch(/stays approved/);
  });

  it('a manual payment needs its reference and a note; a transfer has our reference format', async () => {
    const sale = await submittedSale();
    const { payoutId } = await approveSale(t.database, clock, sale.id, staff.id);
    await t.database.query("UPDATE payouts SET status = 'failed', failure_reason = 'declined', settled_at = now() WHERE id = $1", [
      payoutId,
    ]);
    expect(
      await refusalOf(
        t.database,
        insertAttempt(sale.id, {
          method: "'manual'",
          status: "'success'",
          extra_cols: ', provider_reference, settled_at',
          extra_vals: ", 'REF-1', now()",
        }),
      ),
    ).toMatch(/payouts_manual_shape/);
    expect(await refusalOf(t.database, insertAttempt(sale.id, { reference: "'Bad Reference!'" }))).toMatch(
      /payouts_reference_check|violates check constraint/,
    );
  });

  it("holds a success only from sending/pending, and settles a held one only by staff's resolution", async () => {
    const sale = await submittedSale();
    const { payoutId } = await approveSale(t.database, clock, sale.id, staff.id);
    const where = `WHERE id = '${payoutId}'`;
    const hold = `UPDATE payouts SET status = 'needs_review', review_reason = 'Held: amount differs', reported_amount_kobo = 1 ${where};`;
    expect(await refusalOf(t.database, hold)).toMatch(
      /cannot go from queued to needs_review|figures are written only when a payout is held/,
    );
    await t.database.query(`UPDATE payouts SET status = 'sending', sent_at = now() ${where}`);
    expect(await refusalOf(t.database, `UPDATE payouts SET status = 'needs_review' ${where};`)).toMatch(/payouts_held/);
    await t.database.query(hold);
    // Held is live: no second attempt; the sale cannot be paid by it.
    expect(await refusalOf(t.database, insertAttempt(sale.id))).toMatch(/payouts_one_live_per_sale/);
    expect(
      await refusalOf(
        t.database,
        `UPDATE sales SET status = 'paid', paid_at = decided_at, payout_reference = 'TRF_x' WHERE id = '${sale.id}';`,
      ),
    ).toMatch(/paid only by a successful payout/);
    expect(await refusalOf(t.database, `UPDATE payouts SET reported_amount_kobo = 2 ${where};`)).toMatch(
      /figures are written only when a payout is held/,
    );
    expect(await refusalOf(t.database, `UPDATE payouts SET status = 'success', settled_at = now() ${where};`)).toMatch(
      /settled only by staff's resolution/,
    );
    expect(await refusalOf(t.database, `UPDATE payouts SET status = 'pending' ${where};`)).toMatch(
      /cannot go from needs_review to pending/,
    );
    expect(
      await refusalOf(
        t.database,
        `UPDATE payouts SET status = 'reversed', failure_reason = 'x', settled_at = now(), reversed_at = now() ${where};`,
      ),
    ).toMatch(/cannot go from needs_review to reversed/);
    await t.database.query(
      `UPDATE payouts SET status = 'success', settled_at = now(), resolved_by = '${staff.id}', resolution_note = 'Checked the statement' ${where}`,
    );
    expect(await refusalOf(t.database, `UPDATE payouts SET resolution_note = 'rewritten' ${where};`)).toMatch(/can only be reversed/);
  });

  it('reverses only a success, once; a reversed attempt never changes and frees the sale for a new one', async () => {
    const sale = await submittedSale();
    const { payoutId } = await approveSale(t.database, clock, sale.id, staff.id);
    const where = `WHERE id = '${payoutId}'`;
    const reverse = `UPDATE payouts SET status = 'reversed', failure_reason = 'reversed by the bank', reversed_at = now() + interval '1 second' ${where};`;
    expect(await refusalOf(t.database, reverse)).toMatch(/cannot go from queued to reversed|payouts_settled/);
    await t.database.query(`UPDATE payouts SET status = 'sending', sent_at = now() ${where}`);
    await t.database.query(`UPDATE payouts SET status = 'success', settled_at = now(), provider_reference = 'TRF_rev' ${where}`);
    await t.database.query(
      `UPDATE sales SET status = 'paid', paid_at = decided_at, payout_reference = 'TRF_rev', status_changed_at = status_changed_at + interval '1 second' WHERE id = '${sale.id}'`,
    );
    // A paid sale goes back to approved only once its latest payout is reversed.
    const reopen = `UPDATE sales SET status = 'approved', paid_at = NULL, payout_reference = NULL, status_changed_at = status_changed_at + interval '2 seconds' WHERE id = '${sale.id}';`;
    expect(await refusalOf(t.database, reopen)).toMatch(/reopened only when its payout was reversed/);
    expect(await refusalOf(t.database, `UPDATE payouts SET status = 'reversed', failure_reason = 'x' ${where};`)).toMatch(
      /payouts_reversed/,
    );
    expect(
      await refusalOf(
        t.database,
        `UPDATE payouts SET status = 'reversed', failure_reason = 'x', reversed_at = now() + interval '1 second', provider_reference = 'TRF_other' ${where};`,
      ),
    ).toMatch(/can only be reversed/);
    await t.database.query(reverse);
    expect(await refusalOf(t.database, `UPDATE payouts SET status = 'success' ${where};`)).toMatch(/is settled \(reversed\)/);
    expect(await refusalOf(t.database, `UPDATE payouts SET failure_reason = 'other' ${where};`)).toMatch(/is settled \(reversed\)/);
    // Reopening keeps the decision; the reference goes only with the reopening itself.
    expect(await refusalOf(t.database, `UPDATE sales SET payout_reference = 'TRF_changed' WHERE id = '${sale.id}';`)).toMatch(
      /keeps its payout reference/,
    );
    await t.database.query(reopen);
    const [row] = await t.database.query<{ status: string; payout_reference: string | null }>(
      'SELECT status, payout_reference FROM sales WHERE id = $1',
      [sale.id],
    );
    expect(row).toEqual({ status: 'approved', payout_reference: null });
    const events = await t.database.query<{ status: string }>('SELECT status FROM sale_status_events WHERE sale_id = $1 ORDER BY id', [
      sale.id,
    ]);
    expect(events.map((e) => e.status)).toEqual(['submitted', 'under_review', 'approved', 'paid', 'approved']);
    // A new attempt may start (the reversed one is dead).
    await t.database.query(insertAttempt(sale.id));
  });

  it('a manual payment is never reversed', async () => {
    const sale = await submittedSale();
    const { payoutId } = await approveSale(t.database, clock, sale.id, staff.id);
    await t.database.query("UPDATE payouts SET status = 'failed', failure_reason = 'declined', settled_at = now() WHERE id = $1", [
      payoutId,
    ]);
    await t.database.query(
      insertAttempt(sale.id, {
        method: "'manual'",
        status: "'success'",
        extra_cols: ', provider_reference, note, settled_at',
        extra_vals: ", 'REF-9', 'by hand', now()",
      }),
    );
    expect(
      await refusalOf(
        t.database,
        `UPDATE payouts SET status = 'reversed', failure_reason = 'x', reversed_at = now() + interval '1 second' WHERE sale_id = '${sale.id}' AND attempt = 2;`,
      ),
    ).toMatch(/payouts_manual_shape/);
  });

  it("pays an account only when it is the sale's snapshot or the customer's current bank details", async () => {
    const customer = await createCustomer(t);
    await addBankDetails(t, customer, '0123456789');
    seed += 1;
    const sale = await sellGiftCard(t, customer, { seed });
    const { payoutId } = await approveSale(t.database, clock, sale.id, staff.id);
    await t.database.query("UPDATE payouts SET status = 'failed', failure_reason = 'declined', settled_at = now() WHERE id = $1", [
      payoutId,
    ]);
    const other = await createCustomer(t);
    await addBankDetails(t, other, '4555555555');
    // Another customer's account: refused.
    expect(await refusalOf(t.database, insertAttempt(sale.id, { account: "'4555555555'" }))).toMatch(
      /payouts_sale_terms|customer's current bank details/,
    );
    // The customer's own new details (as a bank change writes them): accepted, started by the customer.
    await t.database.query("UPDATE bank_details SET account_number = '0123450000' WHERE user_id = $1", [customer.id]);
    const customerStarted = `INSERT INTO payouts (sale_id, attempt, reference, method, status, amount_kobo, bank_code, account_number, account_name, created_by, started_by, created_at)
      SELECT s.id, 2, 'wpo_guard_${sale.id.replace(/-/g, '')}_c', 'transfer', 'queued', s.payout_amount_kobo, b.bank_code, b.account_number, b.account_name, NULL, 'customer', now()
      FROM sales s JOIN bank_details b ON b.user_id = s.user_id WHERE s.id = '${sale.id}';`;
    expect(await refusalOf(t.database, customerStarted.replace("NULL, 'customer'", `'${staff.id}', 'customer'`))).toMatch(
      /payouts_started_by/,
    );
    await t.database.query(customerStarted);
    expect(
      await refusalOf(
        t.database,
        `UPDATE payouts SET started_by = 'staff', created_by = '${staff.id}' WHERE sale_id = '${sale.id}' AND attempt = 2;`,
      ),
    ).toMatch(/terms never change/);
  });

  it('takes back an unclaimed reward once; a claimed reward never', async () => {
    const customer = await createCustomer(t);
    await accrueReward(t.database.db, clock, {
      userId: customer.id,
      source: `guard:${customer.id}`,
      amount: 3,
      description: 'Test reward',
    });
    const [reward] = await t.database.query<{ id: string; accrual_entry_id: string }>(
      'SELECT id, accrual_entry_id FROM gem_rewards WHERE user_id = $1',
      [customer.id],
    );
    expect(
      await refusalOf(t.database, `UPDATE gem_rewards SET clawback_entry_id = '${reward!.accrual_entry_id}' WHERE id = '${reward!.id}';`),
    ).toMatch(/gem_rewards_clawback_shape|violates check/);
    expect(await refusalOf(t.database, `UPDATE gem_rewards SET amount = 1 WHERE id = '${reward!.id}';`)).toMatch(
      /claimed once, taken back once or forfeited once/,
    );
  });
});

describe('a provider outage on an attempt (0049)', () => {
  it('keeps one delay notice per sale, never moved, and a reason only with its time', async () => {
    const sale = await submittedSale();
    const { payoutId } = await approveSale(t.database, clock, sale.id, staff.id);
    await t.database.query(
      "UPDATE payouts SET unreachable_since = now(), unreachable_reason = 'HTTP 500', delay_noticed_at = now() WHERE id = $1",
      [payoutId],
    );
    expect(await refusalOf(t.database, `UPDATE payouts SET delay_noticed_at = NULL WHERE id = '${payoutId}';`)).toMatch(/sent already/);
    expect(
      await refusalOf(t.database, `UPDATE payouts SET delay_noticed_at = now() + interval '1 minute' WHERE id = '${payoutId}';`),
    ).toMatch(/sent already/);
    expect(await refusalOf(t.database, `UPDATE payouts SET unreachable_reason = NULL WHERE id = '${payoutId}';`)).toMatch(
      /payouts_unreachable_reason_with_since/,
    );
    expect(await refusalOf(t.database, `UPDATE payouts SET unreachable_reason = repeat('x', 301) WHERE id = '${payoutId}';`)).toMatch(
      /payouts_unreachable_reason_length/,
    );
    // A later attempt of the same sale cannot carry a second notice.
    await t.database.query("UPDATE payouts SET status = 'sending', sent_at = now() WHERE id = $1", [payoutId]);
    await t.database.query("UPDATE payouts SET status = 'failed', settled_at = now(), failure_reason = 'declined' WHERE id = $1", [
      payoutId,
    ]);
    expect(
      await refusalOf(
        t.database,
        `${insertAttempt(sale.id, { extra_cols: ', unreachable_since, unreachable_reason, delay_noticed_at', extra_vals: ", now(), 'HTTP 500', now()" })}`,
      ),
    ).toMatch(/payouts_one_delay_notice/);
  });
});
