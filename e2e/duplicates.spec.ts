import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiCustomer } from './support/account';
import { setBankDetails } from './support/giftcards';
import { signInNewStaff } from './support/staff';

/**
 * One card, one sale (domain/sales/README.md "Duplicates"): a second customer sending a card code
 * that is already in a pending sale reads why under the field; once staff reject the first sale the
 * code may come back, and the reviewer sees it flagged with a link to the first sale.
 */

test.use({ viewport: { width: 390, height: 844 } });

const USED = 'This card code has already been submitted in another sale. Check the code, or contact support if this card is yours';

interface SubCategory {
  id: string;
  kind: string;
  exchange_rate: string;
}

test('a card code sold twice: refused with the reason, accepted after a rejection and flagged for the reviewer', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const raw = randomBytes(6).toString('hex').toUpperCase();
  const code = `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
  const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#1f2937' } })
    .jpeg()
    .toBuffer();

  // The first customer sells the e-code (through the API, in their own browser context).
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await apiCustomer(owner);
  await setBankDetails(owner);
  const { subcategories } = (await (await owner.request.get('/api/giftcards/amazon')).json()) as { subcategories: SubCategory[] };
  const ecode = subcategories.find((sub) => sub.kind === 'ecode');
  if (!ecode) throw new Error('seeded Amazon e-code missing');
  const sold = await owner.request.post('/api/giftcards/sales', {
    headers: { 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` },
    multipart: {
      subcategory_id: ecode.id,
      amount: '30',
      expected_rate: ecode.exchange_rate,
      card_code: code,
      images: { name: 'card.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  });
  expect(sold.status(), await sold.text()).toBe(201);
  const first = ((await sold.json()) as { sale: { id: string } }).sale;

  // A second customer types the same code their own way: refused, the reason under the field.
  await apiCustomer(page);
  await setBankDetails(page);
  await page.goto('/sellgiftcards/giftcardscatalogue/amazon');
  await page.getByLabel('Sub-category').selectOption(ecode.id);
  await page.getByLabel('Amount ($)').fill('30');
  await page.getByLabel('Card code (optional)').fill(code.toLowerCase().replaceAll('-', ' '));
  await page.getByTestId('sale-images-input').setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByLabel('Preparing image')).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(USED)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Card code (optional)')).toHaveAttribute('aria-invalid', 'true');

  // Staff reject the first sale: the code may be sold again.
  const staff = await signInNewStaff(browser);
  const rejected = await staff.page.request.post(`/api/admin/sales/${first.id}/reject`, { data: { reason: 'unclear_images' } });
  expect(rejected.status(), await rejected.text()).toBe(200);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/success\?sale=[0-9a-f-]{36}$/, { timeout: 60_000 });
  const saleId = new URL(page.url()).searchParams.get('sale') ?? '';

  // The reviewer sees why to look twice, and the first sale one click away.
  await staff.page.goto(`/admin/sales/${saleId}`);
  const flags = staff.page.getByRole('list', { name: 'Risk flags' });
  await expect(flags).toContainText('Card code used before');
  await expect(flags).toContainText('New account');
  await staff.page.screenshot({ path: test.info().outputPath('review-risk-flags.png'), fullPage: true });
  // The same picture is flagged too (another customer, the same photo): both link the first sale.
  await expect(flags).toContainText('Photo seen before');
  await flags.locator(`a[href$="/admin/sales/${first.id}"]`).first().click();
  await expect(staff.page).toHaveURL(new RegExp(`/admin/sales/${first.id}$`));

  // The queue filters by the flag.
  await staff.page.goto('/admin/sales?flag=duplicate_card_code');
  await expect(staff.page.locator(`a[href$="/admin/sales/${saleId}"]`).first()).toBeVisible();
  await expect(staff.page.getByLabel('Risk flag', { exact: true })).toHaveValue('duplicate_card_code');
  await ownerContext.close();
});
