import { expect, test } from '@playwright/test';
import { atEachPhone, axeViolations, settle, sidewaysOverflow } from './support/a11y';
import { apiCustomer } from './support/account';
import { transferScreenshot, type Quote } from './support/crypto';
import { setBankDetails } from './support/giftcards';

/**
 * Selling USDT, which we take on two networks (docs/features.md, "Crypto speaks naira"): the coin
 * list prices it in naira, the address step asks for the network before it shows an address, warns
 * which network that address is on, and the sale is sent with the network chosen.
 */

test('sell 100 USDT on TRC20: naira prices, the network chosen first, the sale sent with it', async ({ page }) => {
  test.setTimeout(120_000);
  await apiCustomer(page);
  await setBankDetails(page);

  await page.goto('/sellcrypto/cryptocatalogue');
  const tether = page.getByTestId('coin-list').getByRole('link', { name: /Tether/ });
  // Its naira price at what we pay for it, beside the dollar price (docs/look.md: ₦1,234,567.89).
  await expect(tether.getByTestId('coin-naira-price')).toHaveText(/^₦[\d,]+\.\d{2}$/);
  await expect(page.getByText("Naira prices: what we pay for each coin at today's rate.")).toBeVisible();
  await atEachPhone(page, async ({ width }) => {
    expect(await sidewaysOverflow(page), `at ${width} px`).toBe(0);
    await page.screenshot({ path: `test-results/crypto-catalogue-naira-${width}.png` });
  });
  await tether.click();

  await page.getByLabel('Amount in USDT').fill('100');
  const quoted = page.waitForResponse((r) => r.url().endsWith('/api/crypto/quotes') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Proceed' }).click();
  const { quote } = (await (await quoted).json()) as { quote: Quote };
  await page.getByRole('link', { name: 'Continue' }).click();

  // The network before any address: coins sent on the other one are lost.
  await expect(page).toHaveURL(new RegExp(`/usdt/walletaddress\\?quote=${quote.id}$`));
  const choice = page.getByTestId('network-choice');
  await expect(choice.getByText('Which network will you send your USDT on?')).toBeVisible();
  await expect(page.getByTestId('wallet-address')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'I have sent it' })).toHaveCount(0);
  await settle(page);
  await atEachPhone(page, async ({ width }) => {
    expect(await sidewaysOverflow(page), `at ${width} px`).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/usdt-network-choice-${width}.png`, fullPage: true });
  });

  await choice.getByRole('button', { name: /TRC20/ }).click();
  await expect(choice.getByRole('button', { name: /TRC20/ })).toHaveAttribute('aria-pressed', 'true');
  // The customer's own TRON address (a deposit there settles itself, e2e/crypto-deposit.spec.ts);
  // a coin sent to our old shared address is still sold with a screenshot, one link away.
  await expect(page.getByTestId('deposit-address-text')).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(page.getByRole('note')).toContainText('Send only USDT on TRON to this address.');
  await atEachPhone(page, async ({ width }) => {
    expect(await sidewaysOverflow(page), `at ${width} px`).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/usdt-trc20-address-${width}.png`, fullPage: true });
  });
  await page.getByRole('link', { name: 'Sent to our old address? Upload proof' }).click();

  await expect(page).toHaveURL(new RegExp(`/usdt/walletaddress/confirm\\?quote=${quote.id}&network=tron$`));
  await page
    .getByTestId('crypto-screenshot-input')
    .setInputFiles({ name: 'sent.png', mimeType: 'image/png', buffer: await transferScreenshot() });
  await expect(page.getByLabel('Preparing image')).toHaveCount(0, { timeout: 30_000 });
  // One deposit sells once: an ID of this run's own.
  const transactionId = `7e1d${Date.now().toString(16)}`.padEnd(64, '0');
  await page.getByLabel('Transaction ID (optional)').fill(transactionId);
  await page.getByRole('button', { name: 'Submit' }).click();
  // The server takes a USDT sale only with its network (400 otherwise): success is the network sent.
  await expect(page).toHaveURL(/\/sellcrypto\/cryptocatalogue\/usdt\/success\?sale=[0-9a-f-]{36}$/, { timeout: 60_000 });
});
