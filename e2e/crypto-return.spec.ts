import { expect, test } from '@playwright/test';
import { apiCustomer } from './support/account';
import { axeViolations, settle, sidewaysOverflow } from './support/a11y';
import { setBankDetails } from './support/giftcards';
import { rejectInBackOffice, sellCryptoByApi, signInNewStaff } from './support/staff';

/**
 * A crypto sale rejected for a crypto reason: the customer reads it, gives an address to have the
 * coins sent back (checked by the network's rules), staff record the return's transaction ID, and
 * the customer's open screen shows it returned. Or the customer sells again, the amount prefilled.
 */

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const RETURN_TX = '4f5e3c2b1a0998877665544332211000ffeeddccbbaa99887766554433221100';

test('wrong network → the customer gives a return address → staff record the return → the customer sees it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await apiCustomer(page);
  await setBankDetails(page);
  const sale = await sellCryptoByApi(page, 'usdt', '100');

  const staff = await signInNewStaff(browser);
  await rejectInBackOffice(staff, sale.id, /^Wrong network/);

  await page.goto(`/homepage/history/${sale.id}`);
  await settle(page);
  await expect(page.getByTestId('rejection-reason')).toContainText('The coins were sent on a different network');
  await expect(page.getByText('To be paid to')).toHaveCount(0);
  const coins = page.getByTestId('crypto-return');
  await expect(coins).toContainText('We did not buy these coins.');
  expect(await axeViolations(page)).toEqual([]);

  await coins.getByRole('button', { name: 'Send my coins back' }).click();
  const form = page.getByRole('form', { name: 'Send my coins back' });
  await form.getByLabel('Network').selectOption('ERC20');
  await form.getByLabel('Your wallet address').fill(TRON);
  await form.getByRole('button', { name: 'Request return' }).click();
  await expect(form.getByText(/Not an address on this network/)).toBeVisible();
  await form.getByLabel('Network').selectOption('TRC20');
  await form.getByLabel('Your wallet address').fill(TRON);
  expect(await axeViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByTestId('crypto-return-status')).toHaveText('Return requested');
  await expect(coins).toContainText(TRON);
  expect(await axeViolations(page)).toEqual([]);

  // Staff see where to send the coins, and record the transfer with their code.
  await staff.page.goto(`/admin/sales/${sale.id}`);
  const panel = staff.page.getByTestId('crypto-return');
  await expect(panel).toContainText(TRON);
  await expect(panel).toContainText('TRC20');
  await staff.page.getByLabel('Transaction ID of the return').fill(RETURN_TX);
  await staff.page.getByRole('button', { name: 'Record return' }).click();
  const dialog = staff.page.getByRole('dialog');
  await dialog.getByLabel('Authenticator code').fill(staff.code());
  await dialog.getByRole('button', { name: 'Record return' }).click();
  await expect(panel).toContainText('Returned');
  await expect(panel).toContainText(RETURN_TX);
  await staff.page.screenshot({ path: 'test-results/admin-crypto-return.png', fullPage: true });

  // The customer's open screen follows by itself, and a notification says so.
  await expect(page.getByTestId('crypto-return-status')).toHaveText('Returned', { timeout: 30_000 });
  await expect(page.getByTestId('crypto-return-tx')).toHaveText(RETURN_TX);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.screenshot({ path: 'test-results/crypto-returned-360.png', fullPage: true });
  const notices = (await (await page.request.get('/api/notifications')).json()) as { notifications: { message: string }[] };
  expect(notices.notifications.map((notice) => notice.message).join('\n')).toContain(`Transaction ID: ${RETURN_TX}`);
});

test('at 360 px: a rejected crypto sale offers its coins back or a new sale with the amount filled in', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await apiCustomer(page);
  await setBankDetails(page);
  const sale = await sellCryptoByApi(page, 'bnb', '0.5');
  const staff = await signInNewStaff(browser);
  await rejectInBackOffice(staff, sale.id, /^Amount differs/);

  await page.goto(`/homepage/history/${sale.id}`);
  await settle(page);
  const coins = page.getByTestId('crypto-return');
  await coins.getByRole('button', { name: 'Send my coins back' }).click();
  const form = page.getByRole('form', { name: 'Send my coins back' });
  await expect(form.getByLabel('Network')).toHaveValue('BEP20');
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/crypto-return-form-360.png', fullPage: true });
  await form.getByRole('button', { name: 'Cancel' }).click();

  await coins.getByRole('link', { name: 'Sell again' }).click();
  await expect(page).toHaveURL(/\/sellcrypto\/cryptocatalogue\/bnb\?amount=0\.5$/);
  await expect(page.getByLabel('Amount in BNB')).toHaveValue('0.5');
  await expect(page.getByRole('button', { name: 'Proceed' })).toBeEnabled();
});
