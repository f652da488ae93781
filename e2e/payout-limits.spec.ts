import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiCustomer } from './support/account';
import { atEachPhone, axeViolations, settle, sidewaysOverflow } from './support/a11y';
import { e2eDatabase } from './support/database';
import { setBankDetails } from './support/giftcards';

/**
 * A tier-0 customer whose sale would pass their daily payout limit (docs/features.md, "Verification tiers
 * and limits") is told what is left today before filling the form, and the moment the typed card
 * would pass it (before picking photos), with the link to verify.
 * The journeys' server allows ₦1,000,000,000 a day at tier 0 and twice that at tier 1
 * (playwright.config.ts); an approved sale of ₦999,990,000 is seeded in the database, so ₦10,000
 * is left until the customer verifies a BVN in the sandbox, after which the same sale goes through.
 */

const SEEDED_KOBO = 99_999_000_000;

async function seedApprovedSale(userId: string): Promise<void> {
  const db = e2eDatabase();
  const [sub] = await db.query<{ id: string; gift_card_id: string }>(
    "SELECT s.id, s.gift_card_id FROM gift_card_subcategories s JOIN gift_cards c ON c.id = s.gift_card_id WHERE c.slug = 'amazon' ORDER BY s.position LIMIT 1",
  );
  const [staff] = await db.query<{ id: string }>(
    "INSERT INTO staff (email, name, role, password_hash, must_change_password, created_at, updated_at) VALUES ($1, 'Limit Seeder', 'reviewer', 'not-a-hash', false, now(), now()) RETURNING id",
    [`limits-${userId.slice(0, 8)}@wise.staff`],
  );
  // One statement: a gift-card sale must have its image by the end of the transaction.
  const [sale] = await db.query<{ id: string }>(
    `WITH sale AS (
       INSERT INTO sales (user_id, kind, status, status_changed_at, created_at, gift_card_id, subcategory_id, title, subcategory_label, currency,
         currency_amount, exchange_rate, value_kobo, bank_code, bank_name, account_number, account_name, idempotency_key, request_hash)
       VALUES ($1, 'giftcard', 'submitted', now() - interval '2 minutes', now() - interval '2 minutes', $2, $3, 'Amazon · USA physical', 'USA physical',
         'USD', '999990.00', '1000.00', $4, '058', 'Guaranty Trust Bank', '0123456789', 'SEEDED CUSTOMER', $5, $6) RETURNING id),
     upload AS (
       INSERT INTO uploads (user_id, storage_key, purpose, content_type, size_bytes) VALUES ($1, $7, 'sale_image', 'image/webp', 1000) RETURNING id)
     INSERT INTO sale_images (sale_id, user_id, position, upload_id) SELECT sale.id, $1, 0, upload.id FROM sale, upload RETURNING sale_id AS id`,
    [userId, sub?.gift_card_id, sub?.id, SEEDED_KOBO, `seed-${userId}`, 'a'.repeat(64), `sales/seed-${userId}.webp`],
  );
  await db.query("UPDATE sales SET status = 'under_review', status_changed_at = now() - interval '1 minute' WHERE id = $1", [sale?.id]);
  await db.query(
    "UPDATE sales SET status = 'approved', status_changed_at = now(), decided_at = now(), decided_by = $2, payout_amount_kobo = value_kobo WHERE id = $1",
    [sale?.id, staff?.id],
  );
}

test('the limit is told before the form is filled, and at once when the card would pass it', async ({ page }) => {
  const customer = await apiCustomer(page);
  await setBankDetails(page);
  await seedApprovedSale(customer.id);

  await page.goto('/profile');
  const card = page.getByTestId('selling-limit');
  await expect(card.getByTestId('left-today')).toHaveText('₦10,000.00');
  await expect(card.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute('href', '/profile/verification');

  // Before anything is typed, the sell form says what is left today.
  await page.goto('/sellgiftcards/giftcardscatalogue/amazon');
  await settle(page);
  await expect(page.getByTestId('limit-left')).toHaveText('You can sell up to ₦10,000.00 today. Verify your identity to raise it.');
  const { subcategories } = (await (await page.request.get('/api/giftcards/amazon')).json()) as {
    subcategories: { id: string; exchange_rate: string }[];
  };
  await page.getByLabel('Sub-category').selectOption(subcategories[0]?.id ?? '');
  // A $50 card is worth more than that: said at once, with the way up, before any photo is picked.
  await page.getByLabel('Amount ($)').fill('50');
  const over = page.getByTestId('limit-over');
  await expect(over).toContainText('more than the ₦10,000.00 you can sell today. Verify your identity to raise it.');
  await expect(over.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute('href', '/profile/verification');
  await expect(page.getByTestId('sale-images-input')).toHaveCount(1);
  await atEachPhone(page, async ({ width }) => {
    expect(await sidewaysOverflow(page), `at ${width} px`).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  // The way up: the sandbox's own-number BVN makes them tier 1 (₦2,000,000,000 a day on this
  // server), and the same sale goes through.
  expect((await page.request.put('/api/profile/date-of-birth', { data: { date_of_birth: '1993-05-17' } })).ok()).toBeTruthy();
  await over.getByRole('link', { name: 'Verify your identity' }).click();
  await page.getByRole('link', { name: 'Verify with BVN or NIN' }).click();
  await page.getByLabel('Your BVN').fill('22222222222');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('verification-result')).toHaveAttribute('data-outcome', 'verified');

  await page.goto('/sellgiftcards/giftcardscatalogue/amazon');
  await settle(page);
  await page.getByLabel('Sub-category').selectOption(subcategories[0]?.id ?? '');
  await page.getByLabel('Amount ($)').fill('50');
  await expect(page.getByTestId('limit-over')).toHaveCount(0);
  const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('sale-images-input').setInputFiles([{ name: 'card.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await expect(page.getByLabel('Preparing image')).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/sellgiftcards\/giftcardscatalogue\/success\?sale=/, { timeout: 60_000 });
});
