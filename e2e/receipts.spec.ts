import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiCustomer } from './support/account';
import { atEachPhone, axeViolations, settle, sidewaysOverflow } from './support/a11y';
import { BILL_PIN, billCustomer } from './support/bills';
import { transferScreenshot } from './support/crypto';
import { setBankDetails } from './support/giftcards';
import { sellGiftCardByApi } from './support/staff';

/**
 * Receipts and the after-sale summary: every transaction detail offers an image receipt (drawn on
 * the phone; downloaded where the browser cannot share a file, handed to the share sheet where it
 * can) and a PDF from the server; the gift-card and crypto success screens say what was sold, for
 * how much, and how long reviews take now. Each screen at 390 and 360 px, with axe.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

async function expectScreenSound(page: Page) {
  await settle(page);
  await atEachPhone(page, async ({ width }) => {
    expect(await sidewaysOverflow(page), `at ${width} px`).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
}

async function cryptoSaleByApi(page: Page): Promise<{ id: string; value_kobo: number }> {
  const quote = await page.request.post('/api/crypto/quotes', { data: { coin: 'btc', amount: '0.015' } });
  expect(quote.ok(), await quote.text()).toBeTruthy();
  const { quote: q } = (await quote.json()) as { quote: { id: string } };
  const sale = await page.request.post('/api/crypto/sales', {
    headers: { 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` },
    multipart: { quote_id: q.id, screenshot: { name: 'sent.png', mimeType: 'image/png', buffer: await transferScreenshot() } },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  return ((await sale.json()) as { sale: { id: string; value_kobo: number } }).sale;
}

test('a gift-card sale: success summary, then the receipt image downloaded and the PDF', async ({ page }) => {
  await apiCustomer(page);
  await setBankDetails(page);
  const sale = await sellGiftCardByApi(page, '50');

  // The success screen the sell form lands on: what was sold, for how much, the wait for a review.
  await page.goto(`/sellgiftcards/giftcardscatalogue/success?sale=${sale.id}`);
  const summary = page.getByTestId('sale-summary');
  await expect(summary).toContainText('Amazon');
  await expect(summary).toContainText('$50.00');
  await expect(page.getByTestId('sale-summary-value')).toHaveText(/^₦[\d,]+\.\d{2}$/);
  const value = await page.getByTestId('sale-summary-value').textContent();
  await expect(page.getByTestId('review-time')).toHaveText(
    /^(Reviews are taking (less than a minute|about .+) right now\.|We'll review your sale as soon as possible and notify you the moment it's done\.)$/,
  );
  await expectScreenSound(page);

  await page.getByRole('link', { name: 'View transaction' }).click();
  await expect(page.getByTestId('transaction-detail')).toBeVisible();
  // The summary said what the sale is worth, to the kobo, as the transaction does.
  await expect(page.getByTestId('transaction-value')).toHaveText(value!);
  await expectScreenSound(page);
  // Headless chromium on Linux cannot share files: the image is saved.
  const imageButton = page.getByTestId('receipt-image');
  await expect(imageButton).toHaveText('Save receipt');
  const [image] = await Promise.all([page.waitForEvent('download'), imageButton.click()]);
  expect(image.suggestedFilename()).toBe(`wise-receipt-${sale.id.replace(/-/g, '').slice(0, 8)}.png`);
  const png = await readFile((await image.path())!);
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  // Drawn at 3× a 360-px-wide receipt, taller than wide.
  expect(pngSize(png).width).toBe(1080);
  expect(pngSize(png).height).toBeGreaterThan(1080);

  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('receipt-pdf').click()]);
  expect(pdf.suggestedFilename()).toBe(`wise-receipt-${sale.id.replace(/-/g, '').slice(0, 8)}.pdf`);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('a crypto sale: the summary names the coin, the BTC mark shows whole, and the image goes to the share sheet', async ({ page }) => {
  // A phone that can share files: the share sheet is stubbed and records what it was given.
  await page.addInitScript(() => {
    const shared: { name: string; type: string; size: number; title?: string }[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(navigator, 'canShare', {
      configurable: true,
      value: (data?: { files?: File[] }) => Boolean(data?.files?.every((file) => file.type === 'image/png')),
    });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: { files?: File[]; title?: string }) => {
        for (const file of data.files ?? []) shared.push({ name: file.name, type: file.type, size: file.size, title: data.title });
      },
    });
  });
  await apiCustomer(page);
  await setBankDetails(page);
  const sale = await cryptoSaleByApi(page);

  await page.goto(`/sellcrypto/cryptocatalogue/btc/success?sale=${sale.id}`);
  const summary = page.getByTestId('sale-summary');
  await expect(summary).toContainText('Bitcoin');
  await expect(summary).toContainText('0.015 BTC');
  await expect(page.getByTestId('sale-summary-value')).toHaveText(/^₦[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('review-time')).toBeVisible();
  await expectScreenSound(page);

  await page.goto(`/homepage/history/${sale.id}`);
  await expect(page.getByTestId('transaction-detail')).toBeVisible();
  await expectScreenSound(page);
  // The coin's round mark is shown whole: a square box, its picture not cropped.
  const art = page.getByTestId('transaction-art');
  const box = await art.boundingBox();
  expect(box && Math.round(box.width)).toBe(Math.round(box?.height ?? -1));
  expect(await art.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');

  const share = page.getByTestId('receipt-image');
  await expect(share).toHaveText('Share receipt');
  await share.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared.length)).toBe(1);
  const [file] = await page.evaluate(
    () => (window as unknown as { __shared: { name: string; type: string; size: number; title?: string }[] }).__shared,
  );
  expect(file).toMatchObject({
    name: `wise-receipt-${sale.id.replace(/-/g, '').slice(0, 8)}.png`,
    type: 'image/png',
    title: 'Wise receipt · BTC · 0.015',
  });
  expect(file!.size).toBeGreaterThan(10_000);
});

test('an electricity purchase: the PDF receipt from the bill order', async ({ page }) => {
  await billCustomer(page, 5000, '/homepage');
  const created = await page.request.post('/api/bills/orders', {
    headers: { 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` },
    data: {
      kind: 'electricity',
      provider: 'ikeja',
      meter_number: '45012345678',
      meter_type: 'prepaid',
      phone: '08031234567',
      amount: 2500,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { order } = (await created.json()) as { order: { id: string } };
  const authorised = await page.request.post(`/api/bills/orders/${order.id}/authorise`, { data: { pin: BILL_PIN } });
  expect(authorised.ok(), await authorised.text()).toBeTruthy();

  await page.goto(`/homepage/history/${order.id}`);
  await expect(page.getByTestId('bill-token')).toBeVisible();
  await expectScreenSound(page);
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('receipt-pdf').click()]);
  expect(pdf.suggestedFilename()).toBe(`wise-receipt-${order.id.replace(/-/g, '').slice(0, 8)}.pdf`);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
