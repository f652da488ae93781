import { expect, test } from '@playwright/test';
import { apiCustomer } from './support/account';
import { axeViolations, settle, sidewaysOverflow } from './support/a11y';
import { e2eDatabase } from './support/database';
import { approveAndPay, expectPaid } from './support/payouts';
import { setBankDetails } from './support/giftcards';
import { sellGiftCardByApi, signInNewStaff } from './support/staff';

/**
 * Reward levels (docs/features.md, "Reward levels"): a customer's paid volume over 30 days sets the rate
 * their next sale earns. Two sales are approved and paid the way the back office does it (the
 * approval, then `startPayout`; the server's sandbox pays them): a ₦450,000 sale seeded in the
 * database (a card sale through the API is at most $100) leaves the customer under Silver
 * (₦500,000), and a $100 card sold through the API takes them over it. The default levels are
 * used, so other journeys' rewards are untouched.
 */

test.use({ viewport: { width: 360, height: 780 } });

const NAIRA = 100;
const SILVER_KOBO = 500_000 * NAIRA;

const SEEDED_KOBO = 450_000 * NAIRA;

/** A submitted ₦450,000 Amazon sale of the customer's, in one statement with its image (as in payout-limits.spec.ts). */
async function seedSubmittedSale(userId: string): Promise<string> {
  const database = e2eDatabase();
  const [sub] = await database.query<{ id: string; gift_card_id: string }>(
    "SELECT s.id, s.gift_card_id FROM gift_card_subcategories s JOIN gift_cards c ON c.id = s.gift_card_id WHERE c.slug = 'amazon' ORDER BY s.position LIMIT 1",
  );
  const [sale] = await database.query<{ id: string }>(
    `WITH sale AS (
       INSERT INTO sales (user_id, kind, status, status_changed_at, created_at, gift_card_id, subcategory_id, title, subcategory_label, currency,
         currency_amount, exchange_rate, value_kobo, bank_code, bank_name, account_number, account_name, idempotency_key, request_hash)
       VALUES ($1, 'giftcard', 'submitted', now() - interval '2 minutes', now() - interval '2 minutes', $2, $3, 'Amazon · USA physical', 'USA physical',
         'USD', '450.00', '1000.00', $4, '058', 'Guaranty Trust Bank', '0123456789', 'SEEDED CUSTOMER', $5, $6) RETURNING id),
     upload AS (
       INSERT INTO uploads (user_id, storage_key, purpose, content_type, size_bytes) VALUES ($1, $7, 'sale_image', 'image/webp', 1000) RETURNING id)
     INSERT INTO sale_images (sale_id, user_id, position, upload_id) SELECT sale.id, $1, 0, upload.id FROM sale, upload RETURNING sale_id AS id`,
    [userId, sub?.gift_card_id, sub?.id, SEEDED_KOBO, `levels-${userId}`, 'b'.repeat(64), `sales/levels-${userId}.webp`],
  );
  if (!sale) throw new Error('the seeded sale was not written');
  return sale.id;
}

test('a customer sells past ₦500,000 in 30 days and reaches Silver on /rewards', async ({ page }) => {
  test.setTimeout(120_000);
  const customer = await apiCustomer(page);
  await setBankDetails(page);
  const first = { id: await seedSubmittedSale(customer.id), value_kobo: SEEDED_KOBO };
  await approveAndPay(first.id);
  await expectPaid(page, first.id);

  await page.goto('/rewards');
  const card = page.getByRole('region', { name: 'Your reward level' });
  await expect(card.getByTestId('reward-level-name')).toHaveText('Bronze');
  await expect(card).toContainText('1 gem per ₦1,000');
  await expect(card.getByRole('progressbar', { name: 'Progress to Silver' })).toBeVisible();
  await expect(card).toContainText(/Sell ₦[\d,]+\.\d{2} more in 30 days to reach Silver/);

  const second = await sellGiftCardByApi(page, '100');
  expect(first.value_kobo + second.value_kobo).toBeGreaterThanOrEqual(SILVER_KOBO);
  await approveAndPay(second.id);
  await expectPaid(page, second.id);

  await page.goto('/rewards');
  await expect(card.getByTestId('reward-level-name')).toHaveText('Silver');
  await expect(card).toContainText('2 gems per ₦1,000');
  await expect(card).toContainText(/Sell ₦[\d,]+\.\d{2} more in 30 days to reach Gold/);
  // The second sale was paid at Bronze's rate: the level counts the volume before it.
  const total = (await (await page.request.get('/api/rewards/total')).json()) as { claimable: number };
  expect(total.claimable).toBe(Math.floor(first.value_kobo / 100_000) + Math.floor(second.value_kobo / 100_000));

  await settle(page);
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('rewards-360.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.screenshot({ path: test.info().outputPath('rewards-390.png'), fullPage: true });
});

test('an admin reads the levels and a wrong authenticator code changes nothing', async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await signInNewStaff(browser, 'admin');
  await admin.page.getByRole('link', { name: 'Reward levels' }).click();
  await expect(admin.page).toHaveURL(/\/admin\/reward-levels$/);
  const table = admin.page.getByRole('table', { name: 'Reward levels' });
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(table).toContainText('Diamond');
  await expect(table).toContainText('10 gems per ₦1,000');

  await admin.page.getByRole('button', { name: 'Edit levels' }).click();
  const dialog = admin.page.getByRole('dialog');
  await dialog.getByLabel('Note (why the change)').fill('Checking the form');
  await dialog.getByLabel('Authenticator code').fill(admin.code() === '000000' ? '111111' : '000000');
  await settle(admin.page);
  expect(await axeViolations(admin.page)).toEqual([]);
  await admin.page.screenshot({ path: test.info().outputPath('admin-reward-levels.png') });
  await dialog.getByRole('button', { name: 'Save levels' }).click();
  // Refused: the code field is cleared and marked wrong, the dialog stays, nothing was saved.
  await expect(dialog.getByLabel('Authenticator code')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Authenticator code')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(table).toContainText('Silver');
  await expect(table).toContainText('2 gems per ₦1,000');
});
