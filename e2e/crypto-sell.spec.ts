import { expect, test } from '@playwright/test';
import { axeViolations } from './support/a11y';
import { apiCustomer } from './support/account';
import { allowClipboard, readClipboard, transferScreenshot, type Quote } from './support/crypto';
import { naira, setBankDetails } from './support/giftcards';
import { passwordOf } from './support/credentials';

test.use({ viewport: { width: 390, height: 844 } });

/** "$88,319", "$1.0002", "$0.000015700", "$123,460,000": five digits from the first non-zero one (an integer may pad with zeros). */
function fiveSignificant(price: string): boolean {
  const [whole = '', fraction = ''] = price.replace(/[$,]/g, '').split('.');
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  return digits.length === 5 || (fraction === '' && digits.length > 5 && /^0+$/.test(digits.slice(5)));
}

test('dashboard: Popular cryptocurrency shows 5 trending coins, all of them after See More; the action card leads to the coins', async ({
  page,
}) => {
  await apiCustomer(page);
  await page.goto('/homepage');
  const popular = page.getByTestId('popular-crypto');
  const rows = popular.getByTestId('popular-coin');
  await expect(rows).toHaveCount(5);
  for (const row of await rows.all()) {
    // docs/product.md §9: price to 5 significant digits, 24 h change to 2 decimals with its sign, and our own sparkline.
    const price = (await row.locator('.coin-row__price').textContent()) ?? '';
    expect(price).toMatch(/^\$\d{1,3}(,\d{3})*(\.\d+)?$/);
    expect(fiveSignificant(price), price).toBe(true);
    await expect(row.locator('.price-change')).toHaveText(/^[+-]?\d+\.\d{2}%$/);
    await expect(row.locator('svg.sparkline polyline')).toHaveCount(1);
  }
  const total = ((await (await page.request.get('/api/crypto/trending')).json()) as { coins: unknown[] }).coins.length;
  expect(total).toBeGreaterThan(5);
  await page.getByRole('button', { name: 'See More' }).click();
  await expect(rows).toHaveCount(total);
  await page.getByRole('button', { name: 'See Less' }).click();
  await expect(rows).toHaveCount(5);

  await page.getByRole('link', { name: /Sell Cryptocurrency/ }).click();
  await expect(page).toHaveURL(/\/sellcrypto\/cryptocatalogue$/);
  const coins = page.getByTestId('coin-list').getByRole('link');
  await expect(coins).toHaveCount(4);
  for (const [i, name] of ['Bitcoin', 'Tether', 'BNB', 'Solana'].entries()) {
    await expect(coins.nth(i)).toContainText(name);
    await expect(coins.nth(i)).toContainText(/\$[\d,.]+/);
  }
});

test('sell 0.01 BTC: live value, quote with countdown, bank, address copied, screenshot, success, Pending in the history', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await apiCustomer(page);
  await setBankDetails(page);
  await allowClipboard(page);

  await page.goto('/sellcrypto/cryptocatalogue');
  await page
    .getByTestId('coin-list')
    .getByRole('link', { name: /Bitcoin/ })
    .click();
  await expect(page).toHaveURL(/\/sellcrypto\/cryptocatalogue\/btc$/);

  // docs/product.md §4: Proceed stays disabled until a non-zero amount has been converted.
  const proceed = page.getByRole('button', { name: 'Proceed' });
  await expect(proceed).toBeDisabled();
  await expect(page.getByTestId('sale-rate')).toHaveText(/^₦[\d,]+\.\d{2}\/\$$/);
  await page.getByLabel('Amount in BTC').fill('0');
  await expect(proceed).toBeDisabled();
  await page.getByLabel('Amount in BTC').fill('0.01');
  await expect(page.getByTestId('sale-value')).toHaveText(/^₦[1-9][\d,]*\.\d{2}$/);
  await expect(proceed).toBeEnabled();

  const quoted = page.waitForResponse((r) => r.url().endsWith('/api/crypto/quotes') && r.request().method() === 'POST');
  await proceed.click();
  const { quote } = (await (await quoted).json()) as { quote: Quote };
  expect(quote).toMatchObject({ coin: 'btc', amount: '0.01' });

  // Confirm account: the quoted value (exactly what the server will pay), its countdown, the bank.
  await expect(page).toHaveURL(new RegExp(`/sellcrypto/cryptocatalogue/btc/confirmaccount\\?quote=${quote.id}$`));
  await expect(page.getByTestId('quote-value')).toHaveText(naira(BigInt(quote.value_kobo)));
  await expect(page.getByTestId('quote-countdown')).toHaveText(/(14:[0-5]\d|15:00)$/);
  await page.reload();
  await expect(page.getByTestId('quote-value')).toHaveText(naira(BigInt(quote.value_kobo)));
  const bank = page.getByTestId('bank-confirm');
  await expect(bank).toContainText('0123456789');
  await page.getByRole('link', { name: 'Continue' }).click();

  // Wallet address: the customer's own BTC address (a deposit there settles itself,
  // e2e/crypto-deposit.spec.ts), copied, drawn as a QR code, with the network warning; a coin sent
  // to our old shared address is still sold with a screenshot, one link away.
  await expect(page).toHaveURL(new RegExp(`/btc/walletaddress\\?quote=${quote.id}$`));
  const own = page.getByTestId('deposit-address-text');
  await expect(own).toHaveText(/^bc1q[02-9ac-hj-np-z]{38}$/);
  const ownAddress = (await own.textContent()) ?? '';
  await expect(page.getByRole('img', { name: 'QR code of your BTC address on Bitcoin' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Send only BTC on Bitcoin to this address.');
  await page.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await readClipboard(page)).toBe(ownAddress);
  await page.getByRole('link', { name: 'Sent to our old address? Upload proof' }).click();

  // The proof: one screenshot and the transaction ID, sent with an Idempotency-Key.
  await expect(page).toHaveURL(new RegExp(`/btc/walletaddress/confirm\\?quote=${quote.id}&network=bitcoin$`));
  await page
    .getByTestId('crypto-screenshot-input')
    .setInputFiles({ name: 'sent.png', mimeType: 'image/png', buffer: await transferScreenshot() });
  await expect(page.getByRole('img', { name: /^Image 1: / })).toBeVisible();
  await expect(page.getByLabel('Preparing image')).toHaveCount(0, { timeout: 30_000 });
  // One deposit sells once (a retry of this test on the same database would otherwise be refused).
  const transactionId = `9f2c4e0b7a1d${Date.now().toString(16)}`.padEnd(64, '0');
  await page.getByLabel('Transaction ID (optional)').fill(transactionId);
  const saleRequest = page.waitForRequest((r) => r.url().endsWith('/api/crypto/sales') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await saleRequest).headers()['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{1,100}$/);

  // docs/product.md §4: being verified, paid right after; the sale and home are one tap away.
  await expect(page).toHaveURL(/\/sellcrypto\/cryptocatalogue\/btc\/success\?sale=[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByTestId('sale-submitted')).toHaveText(
    'Your transaction is being verified. Payment will be made right after verification',
  );
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/homepage');
  await page.getByRole('link', { name: 'View transaction' }).click();
  await expect(page).toHaveURL(/\/homepage\/history\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('transaction-value')).toHaveText(naira(BigInt(quote.value_kobo)));
  await expect(page.getByTestId('transaction-detail').getByText('Pending', { exact: true })).toBeVisible();
  // The coin sold, not its dollar worth; the ID given; the screenshot sent.
  await expect(page.getByTestId('transaction-detail')).toContainText('0.01 BTC');
  await expect(page.getByTestId('transaction-detail')).toContainText(transactionId);
  await expect(page.getByRole('img', { name: 'Screenshot of the transfer' })).toBeVisible();

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/homepage\/history$/);
  const row = page.getByTestId('transaction-row').first();
  await expect(row).toContainText(naira(BigInt(quote.value_kobo)));
  await expect(row.getByText('Pending', { exact: true })).toHaveCSS('color', 'rgb(122, 63, 242)');
});

test('without bank details the confirm step asks for them, and saving them comes back to it with the same quote', async ({ page }) => {
  await apiCustomer(page);
  await page.goto('/sellcrypto/cryptocatalogue/usdt');
  await page.getByLabel('Amount in USDT').fill('25.5');
  const quoted = page.waitForResponse((r) => r.url().endsWith('/api/crypto/quotes') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Proceed' }).click();
  const { quote } = (await (await quoted).json()) as { quote: Quote };
  await expect(page.getByTestId('bank-missing')).toContainText('Add your bank details before selling, so we know where to pay you');
  await page.getByRole('link', { name: 'Add bank details' }).click();
  await expect(page).toHaveURL(/\/account\/updatebank\?returnTo=/);
  await page.getByLabel('Bank name').selectOption({ label: 'Guaranty Trust Bank' });
  await page.getByLabel('Account number').fill('0123456789');
  await expect(page.getByTestId('resolved-name')).toBeVisible();
  // No PIN yet: a first payout account needs the password (docs/identity.md).
  await page.getByLabel('Your password').fill(passwordOf(page));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(new RegExp(`/sellcrypto/cryptocatalogue/usdt/confirmaccount\\?quote=${quote.id}$`));
  await expect(page.getByTestId('quote-value')).toHaveText(naira(BigInt(quote.value_kobo)));
  await expect(page.getByTestId('bank-confirm')).toContainText('0123456789');
});

test('the crypto screens have no WCAG AA violations', async ({ page }) => {
  test.setTimeout(90_000);
  await apiCustomer(page);
  await setBankDetails(page);
  const found: Record<string, string[]> = {};
  const check = async (name: string) => {
    const list = await axeViolations(page);
    if (list.length) found[name] = list;
  };
  await page.goto('/homepage');
  await expect(page.getByTestId('popular-coin')).toHaveCount(5);
  await check('dashboard');
  await page.goto('/sellcrypto/cryptocatalogue');
  await expect(page.getByTestId('coin-list')).toBeVisible();
  await check('catalogue');
  await page.goto('/sellcrypto/cryptocatalogue/sol');
  await page.getByLabel('Amount in SOL').fill('1.5');
  await check('coin');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByTestId('bank-confirm')).toBeVisible();
  await check('confirm account');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByTestId('wallet-qr')).toBeVisible();
  await check('wallet address');
  await page.getByRole('link', { name: 'Sent to our old address? Upload proof' }).click();
  await expect(page.getByLabel('Transaction ID (optional)')).toBeVisible();
  await check('transfer proof');
  expect(found).toEqual({});
});
