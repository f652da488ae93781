import { expect, test } from '@playwright/test';
import { axeViolations } from './support/a11y';
import { apiCustomer } from './support/account';
import { cameraPhoto, naira, recordUploads, sentFiles, setBankDetails, throttleUploads } from './support/giftcards';
import { passwordOf } from './support/credentials';

test.use({ viewport: { width: 390, height: 844 } });

interface SubCategory {
  id: string;
  subcategory: string;
  exchange_rate: string;
  kind: string;
  currency: string;
  min_amount: string;
}

test('sell a gift card: search, card, bank, sub-category, exact value, two photos with progress, success, Pending in history, detail with photos', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await apiCustomer(page);
  await setBankDetails(page);
  await recordUploads(page);

  // The dashboard's action card leads to the catalogue.
  await page.goto('/homepage');
  await page.getByRole('link', { name: /Sell Gift Cards/ }).click();
  await expect(page).toHaveURL(/\/sellgiftcards\/giftcardscatalogue$/);
  await expect(page.getByTestId('gift-cards').getByRole('link')).not.toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search gift cards' }).fill('amaz');
  await expect(page.getByTestId('gift-cards').getByRole('link')).toHaveCount(1);
  await page.getByRole('link', { name: 'Amazon' }).click();

  // Confirm account: the bank details and their resolved name; the step survives a reload.
  await expect(page).toHaveURL(/\/sellgiftcards\/giftcardscatalogue\/confirmaccount\?card=amazon$/);
  await page.reload();
  const bank = page.getByTestId('bank-confirm');
  await expect(bank).toContainText('Guaranty Trust Bank');
  await expect(bank).toContainText('0123456789');
  await expect(bank.getByText(/^[A-Z]+( [A-Z]+)+$/)).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/sellgiftcards\/giftcardscatalogue\/amazon$/);

  // The sub-category with its real rate; the value is amount × rate, exactly.
  const { subcategories } = (await (await page.request.get('/api/giftcards/amazon')).json()) as { subcategories: SubCategory[] };
  const usa = subcategories.find((sub) => sub.kind === 'physical' && sub.currency === 'USD' && sub.min_amount === '25.00');
  if (!usa) throw new Error('seeded Amazon USA physical $25 band missing');
  const [whole = '0', fraction = ''] = usa.exchange_rate.split('.');
  const rateCents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  await page.getByLabel('Sub-category').selectOption(usa.id);
  await expect(page.getByTestId('sale-rate')).toHaveText(`${naira(rateCents)}/$`);
  await page.getByLabel('Amount ($)').fill('62');
  // 62 × rate naira = 62 × rateCents kobo.
  const valueText = naira(62n * rateCents);
  await expect(page.getByTestId('sale-value-amount')).toHaveText(valueText);
  await page.getByLabel('Comment (optional)').fill('Front and back of the card');

  // Two camera photos: shrunk in the browser before they go up.
  const photos = [await cameraPhoto(0), await cameraPhoto(90)];
  const pickedBytes = photos.reduce((sum, photo) => sum + photo.length, 0);
  await page.getByTestId('sale-images-input').setInputFiles([
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: photos[0] as Buffer },
    { name: 'back.jpg', mimeType: 'image/jpeg', buffer: photos[1] as Buffer },
  ]);
  await expect(page.getByRole('img', { name: /^Image \d: / })).toHaveCount(2);
  await expect(page.getByLabel('Preparing image')).toHaveCount(0, { timeout: 30_000 });

  // A slow network: the progress bar shows a percentage while the photos go up.
  const restore = await throttleUploads(page, 96 * 1024);
  const saleRequest = page.waitForRequest((request) => request.url().endsWith('/api/giftcards/sales') && request.method() === 'POST');
  await page.getByRole('button', { name: 'Submit' }).click();
  const progress = page.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(/\d+%|Checking images/);
  await expect(page.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
  const request = await saleRequest;
  expect(request.headers()['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
  const [sent] = await sentFiles(page);
  // At most 2000 px on the long side, re-encoded: a few hundred KB instead of the camera's megabytes.
  expect(sent?.map((file) => file.type)).toEqual(['image/webp', 'image/webp']);
  const sentBytes = (sent ?? []).reduce((sum, file) => sum + file.size, 0);
  expect(sentBytes).toBeLessThan(pickedBytes / 2);

  // Success: docs/product.md §4's words, a way to the sale and one home.
  await expect(page).toHaveURL(/\/sellgiftcards\/giftcardscatalogue\/success\?sale=[0-9a-f-]{36}$/, { timeout: 60_000 });
  await restore();
  await expect(page.getByTestId('sale-submitted')).toHaveText(
    'Your transaction is being verified. Payment will be made right after verification',
  );
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/homepage');
  await page.getByRole('link', { name: 'View transaction' }).click();

  // The detail: photos (served back to their owner), terms, payout account, timeline.
  await expect(page).toHaveURL(/\/homepage\/history\/[0-9a-f-]{36}$/);
  const detail = page.getByTestId('transaction-detail');
  await expect(page.getByTestId('transaction-value')).toHaveText(valueText);
  await expect(detail.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByTestId('transaction-bank')).toContainText('0123456789');
  const images = page.getByTestId('transaction-images').getByRole('img');
  await expect(images).toHaveCount(2);
  for (const image of await images.all()) {
    await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(detail.locator('.timeline__step').first()).toHaveAttribute('data-state', 'done');
  expect(await axeViolations(page)).toEqual([]);

  // The history lists it as Pending, in purple.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/homepage\/history$/);
  const row = page.getByTestId('transaction-row').first();
  await expect(row).toContainText('Amazon');
  await expect(row).toContainText(valueText);
  await expect(row).toContainText('Front and back of the card');
  const pill = row.getByText('Pending', { exact: true });
  await expect(pill).toHaveCSS('color', 'rgb(122, 63, 242)');
  await page.getByRole('button', { name: 'Successful' }).click();
  await expect(page.getByText('No successful transactions')).toBeVisible();
  await page.getByRole('button', { name: 'Pending' }).click();
  await expect(page.getByTestId('transaction-row')).toHaveCount(1);
});

test('a search with no match shows the server’s words as a red toast and an empty state', async ({ page }) => {
  await apiCustomer(page);
  await page.goto('/sellgiftcards/giftcardscatalogue');
  await expect(page.getByTestId('gift-cards').getByRole('link')).not.toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search gift cards' }).fill('zzzz');
  const toast = page.locator('.Toastify__toast--error');
  await expect(toast).toHaveText('No gift card matches "zzzz"');
  await expect(toast.locator('svg circle').first()).toBeVisible();
  await expect(page.getByTestId('gift-cards')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByTestId('gift-cards').getByRole('link')).not.toHaveCount(0);
  // Cards are back: the toast about the missed query goes at once.
  await expect(toast).toHaveCount(0, { timeout: 2_000 });
});

test('without bank details the confirm step asks for them, and saving them comes back to it', async ({ page }) => {
  await apiCustomer(page);
  await page.goto('/sellgiftcards/giftcardscatalogue/confirmaccount?card=steam');
  await expect(page.getByTestId('bank-missing')).toContainText('Add your bank details before selling, so we know where to pay you');
  await page.getByRole('link', { name: 'Add bank details' }).click();
  await expect(page).toHaveURL(/\/account\/updatebank\?returnTo=/);
  await page.getByLabel('Bank name').selectOption({ label: 'Guaranty Trust Bank' });
  await page.getByLabel('Account number').fill('0123456789');
  await expect(page.getByTestId('resolved-name')).toBeVisible();
  // No PIN yet: a first payout account needs the password (docs/identity.md).
  await page.getByLabel('Your password').fill(passwordOf(page));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/sellgiftcards\/giftcardscatalogue\/confirmaccount\?card=steam$/);
  await expect(page.getByTestId('bank-confirm')).toContainText('0123456789');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/sellgiftcards\/giftcardscatalogue\/steam$/);
  await expect(page.getByTestId('chosen-card')).toContainText('Steam');
});

test('the selling screens and the history have no WCAG AA violations', async ({ page }) => {
  test.setTimeout(90_000);
  await apiCustomer(page);
  const found: Record<string, string[]> = {};
  const check = async (name: string) => {
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.skeleton')).toHaveCount(0);
    const list = await axeViolations(page);
    if (list.length) found[name] = list;
  };
  await page.goto('/sellgiftcards/giftcardscatalogue/confirmaccount?card=amazon');
  await check('confirm account without bank details');
  await setBankDetails(page);
  await page.goto('/sellgiftcards/giftcardscatalogue');
  await check('catalogue');
  await page.getByRole('searchbox', { name: 'Search gift cards' }).fill('zzzz');
  await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible();
  await check('search miss');
  await page.goto('/sellgiftcards/giftcardscatalogue/confirmaccount?card=amazon');
  await check('confirm account');
  await page.goto('/sellgiftcards/giftcardscatalogue/amazon');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Attach at least one image of the card')).toBeVisible();
  await check('sell form with errors');
  await page.goto('/sellgiftcards/giftcardscatalogue/success?sale=00000000-0000-4000-8000-000000000001');
  await check('success');
  await page.goto('/homepage/history');
  await check('history');
  expect(found).toEqual({});
});
