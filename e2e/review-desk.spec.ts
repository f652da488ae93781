import { expect, test, type Browser } from '@playwright/test';
import { apiCustomer } from './support/account';
import { setBankDetails } from './support/giftcards';
import { sellCryptoByApi, sellGiftCardByApi, signInNewStaff } from './support/staff';

/**
 * The review desk at 1280×800 (domain/admin/review/README.md, "The desk"): 50 sales waiting, the
 * dense queue shows 20 and more at once, and a reviewer clears it with the keyboard alone — Enter
 * opens the first, `a` and the authenticator code approve, `r`, the arrows, Tab and a typed
 * message reject, each decision opening the next sale — then the header's counts and totals, and
 * the CSV export read back.
 */

const GIFT_CARDS = 45;
const CRYPTO = 5;
const CUSTOMERS = 5;

/** RFC 4180: quoted fields, "" as a quote, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return records;
}

async function seedSales(browser: Browser): Promise<{ id: string; value_kobo: number; kind: 'giftcard' | 'crypto' }[]> {
  const perCustomer = await Promise.all(
    Array.from({ length: CUSTOMERS }, async (_, customer) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await apiCustomer(page);
      await setBankDetails(page);
      const made: { id: string; value_kobo: number; kind: 'giftcard' | 'crypto' }[] = [];
      for (let n = 0; n < GIFT_CARDS / CUSTOMERS; n += 1)
        made.push({ ...(await sellGiftCardByApi(page, String(25 + n))), kind: 'giftcard' });
      if (customer < CRYPTO) made.push({ ...(await sellCryptoByApi(page, 'usdt', String(20 + customer))), kind: 'crypto' });
      await context.close();
      return made;
    }),
  );
  return perCustomer.flat();
}

test('a reviewer clears 50 sales from the keyboard, and the header and the CSV agree', async ({ browser }) => {
  test.setTimeout(300_000);
  const seeding = Date.now();
  const sales = await seedSales(browser);
  console.log(`seeded ${sales.length} sales in ${Date.now() - seeding} ms`);
  expect(sales).toHaveLength(GIFT_CARDS + CRYPTO);
  const staff = await signInNewStaff(browser, 'reviewer', { workTheQueue: true });
  const page = staff.page;

  await page.goto('/admin/sales');
  await expect(page.locator('.desk-row')).toHaveCount(50);
  await expect(page.getByTestId('desk-giftcard')).toContainText(String(GIFT_CARDS));
  await expect(page.getByTestId('desk-crypto')).toContainText(String(CRYPTO));
  // 20 and more rows wholly on the 1280×800 screen.
  const visible = await page
    .locator('.desk-row')
    .evaluateAll((rows) => rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length);
  if (process.env.DESK_SCREENSHOTS) await page.screenshot({ path: `${process.env.DESK_SCREENSHOTS}/desk-queue.png` });
  expect(visible).toBeGreaterThanOrEqual(20);

  // Keyboard only from here: j moves, Enter opens the first sale in work mode.
  await page.locator('body').press('j');
  await page.keyboard.press('Enter');
  const rejected = new Set<number>([3, 17, 29, 41]);
  let previous = '';
  for (let n = 0; n < sales.length; n += 1) {
    await expect(page).not.toHaveURL(new RegExp(`/admin/sales/${previous}$`));
    await expect(page).toHaveURL(/\/admin\/sales\/[0-9a-f-]{36}$/);
    previous = page.url().split('/').at(-1) ?? '';
    const approveForm = page.getByRole('form', { name: 'Approve' });
    await expect(approveForm).toBeVisible();
    await expect(page.getByRole('region', { name: 'Work mode' })).toContainText('a approve');
    if (n === 0 && process.env.DESK_SCREENSHOTS) await page.screenshot({ path: `${process.env.DESK_SCREENSHOTS}/desk-work-mode.png` });
    if (rejected.has(n)) {
      await page.keyboard.press('r');
      const dialog = page.getByRole('dialog', { name: 'Reject this sale' });
      await expect(dialog).toBeVisible();
      // Typing in the dialog fires no shortcut: the message has an "a" and a "j" in it.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Please send a clearer photo, just the back.');
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
    } else {
      await page.keyboard.press('a');
      const dialog = page.getByRole('dialog', { name: /Approve and pay/ });
      await expect(dialog).toBeVisible();
      await page.keyboard.type(staff.code());
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden({ timeout: 15_000 });
    }
  }
  // The last decision leads back to the empty queue.
  await expect(page).toHaveURL(/\/admin\/sales$/);
  await expect(page.getByText('No sales here')).toBeVisible();

  const approvedKobo = sales.length - rejected.size;
  await expect(page.getByTestId('desk-giftcard')).toContainText('0');
  await expect(page.getByTestId('desk-crypto')).toContainText('0');
  await expect(page.getByTestId('desk-approved')).toContainText(String(approvedKobo));
  await expect(page.getByTestId('desk-rejected')).toContainText(String(rejected.size));
  // The sandbox pays each approval within seconds; the header's paid total is their sum.
  const summary = async () =>
    (await (await page.request.get('/api/admin/sales/desk')).json()) as {
      today: { paid_count: number; paid_total_kobo: number; approved: number };
    };
  await expect.poll(async () => (await summary()).today.paid_count, { timeout: 60_000 }).toBe(approvedKobo);
  const decisions = (await (await page.request.get('/api/admin/sales?status=rejected&limit=50')).json()) as { items: { id: string }[] };
  const rejectedIds = new Set(decisions.items.map((item) => item.id));
  expect(rejectedIds.size).toBe(rejected.size);
  const paidKobo = sales.filter((sale) => !rejectedIds.has(sale.id)).reduce((sum, sale) => sum + sale.value_kobo, 0);
  expect((await summary()).today.paid_total_kobo).toBe(paidKobo);
  await page.reload();
  const paidText = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(paidKobo / 100);
  await expect(page.getByTestId('desk-paid')).toContainText(paidText);

  // The CSV of today's sales, downloaded from the dashboard and read back.
  await page.goto('/admin');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const [header, ...rows] = parseCsv(Buffer.concat(chunks).toString('utf8'));
  expect(header?.slice(0, 4)).toEqual(['sale_id', 'created_at', 'kind', 'status']);
  expect(rows).toHaveLength(sales.length);
  const statusAt = header?.indexOf('status') ?? -1;
  expect(rows.filter((row) => row[statusAt] === 'rejected')).toHaveLength(rejected.size);
  expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(sales.map((sale) => sale.id)));
});
