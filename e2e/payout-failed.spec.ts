import { expect, test } from '@playwright/test';
import { apiCustomer } from './support/account';
import { sellGiftCardByApi, signInNewStaff } from './support/staff';

/**
 * A payout that fails is the customer's to fix: a sale paid to an account the bank declines (the
 * sandbox's account ending 1111) reads "Payout failed" with the reason; the customer updates their
 * bank details with their PIN, and the payout goes out again to the new account by itself.
 */

test.use({ viewport: { width: 390, height: 844 } });

const PIN = '2580';

test('payout failed: the customer sees why, updates the bank details with the PIN, and the sale becomes Successful', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await apiCustomer(page);
  const bank = await page.request.put('/api/bank', { data: { bank_code: '058', bank_account: '0123451111', password: customer.password } });
  expect(bank.ok(), await bank.text()).toBeTruthy();
  // With bank details on file, a first PIN needs the password first.
  const confirmed = await page.request.post('/api/profile/password/confirm', { data: { password: customer.password } });
  expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
  const pin = await page.request.post('/api/pin', { data: { pin: PIN, confirm_pin: PIN } });
  expect(pin.ok(), await pin.text()).toBeTruthy();
  const sale = await sellGiftCardByApi(page, '50');

  // A reviewer approves it: the sandbox declines the transfer to the account ending 1111.
  const staff = await signInNewStaff(browser);
  await staff.page.goto(`/admin/sales/${sale.id}`);
  const approve = staff.page.getByRole('form', { name: 'Approve' });
  await approve.getByRole('button', { name: 'Approve and pay' }).click();
  const dialog = staff.page.getByRole('dialog');
  await dialog.getByLabel('Authenticator code').fill(staff.code());
  await dialog.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  // The desk may open the next waiting sale after a decision: this sale's own page shows the failure.
  await staff.page.goto(`/admin/sales/${sale.id}`);
  await expect(staff.page.getByText('Payout failed', { exact: true }).first()).toBeVisible({ timeout: 30_000 });

  // The customer's history and the sale say so, in plain words, with the way to fix it.
  await page.goto('/homepage/history');
  await expect(page.locator(`a[href$="/homepage/history/${sale.id}"]`).getByText('Payout failed', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.goto(`/homepage/history/${sale.id}`);
  const failure = page.getByTestId('payout-failure');
  await expect(failure).toContainText('Payout failed');
  await expect(failure).toContainText('Your bank declined the payment.');

  await failure.getByRole('link', { name: 'Update bank details' }).click();
  await expect(page).toHaveURL(/\/account\/updatebank\?returnTo=/);
  await page.getByLabel('Bank name').selectOption({ label: 'Access Bank' });
  await page.getByLabel('Account number').fill('4556667778');
  await expect(page.getByTestId('resolved-name')).toBeVisible();
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(PIN);
  await page.getByRole('button', { name: 'Submit' }).click();

  // Back on the sale: the payout went out again to the new account and settles by itself.
  await expect(page).toHaveURL(new RegExp(`/homepage/history/${sale.id}$`));
  await expect(page.getByTestId('transaction-bank')).toContainText('4556667778');
  await expect(page.getByTestId('transaction-status').getByText('Successful', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('payout-failure')).toHaveCount(0);
  await page.goto('/homepage/notifications');
  await expect(page.getByText(/has been paid to Access Bank ••7778/).first()).toBeVisible();
});
