import { expect, test } from '@playwright/test';
import { formatKobo, saleAmountReasons } from '@wise/shared';
import { apiCustomer } from './support/account';
import { setBankDetails } from './support/giftcards';
import { sellGiftCardByApi, signInNewStaff } from './support/staff';

/**
 * Approval limits (docs/RELIABILITY.md "Approval limits and four eyes"): a reviewer pays less than
 * the quote with a reason from the list, and the customer's history and detail say what was paid,
 * what was quoted and why.
 */

test.use({ viewport: { width: 390, height: 844 } });

test('a lower amount with a reason: the customer sees the amount paid, the quote and the reason', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await apiCustomer(page);
  await setBankDetails(page);
  const sale = await sellGiftCardByApi(page, '50');
  const paidKobo = sale.value_kobo - 5_000_00;
  const naira = formatKobo;

  const staff = await signInNewStaff(browser);
  await staff.page.goto(`/admin/sales/${sale.id}`);
  const approve = staff.page.getByRole('form', { name: 'Approve' });
  const amount = approve.getByLabel('Amount to pay (₦)');
  await amount.fill(String(paidKobo / 100));
  await approve.getByLabel('Why is the amount lower?').selectOption('partially_used');
  await approve.getByRole('button', { name: 'Approve and pay' }).click();
  const dialog = staff.page.getByRole('dialog');
  await expect(dialog.getByText(saleAmountReasons.partially_used)).toBeVisible();
  await dialog.getByLabel('Authenticator code').fill(staff.code());
  await dialog.getByRole('button', { name: `Pay ${naira(paidKobo)}` }).click();
  await expect(staff.page.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 30_000 });

  // The history row: the amount paid, then the quote and why.
  await page.goto('/homepage/history');
  const row = page.locator(`a[href$="/homepage/history/${sale.id}"]`);
  await expect(row.locator('.tx-row__amount')).toHaveText(naira(paidKobo), { timeout: 30_000 });
  await expect(row.getByTestId('transaction-adjusted')).toHaveText(`Quoted value ${naira(sale.value_kobo)} · ${saleAmountReasons.partially_used}`);

  // The detail (the customer's receipt).
  await row.click();
  await expect(page.getByTestId('transaction-value')).toHaveText(naira(paidKobo));
  await expect(page.getByTestId('amount-adjusted')).toContainText(`Amount paid: ${naira(paidKobo)} (quoted value ${naira(sale.value_kobo)})`);
  await expect(page.getByTestId('amount-reason')).toHaveText(saleAmountReasons.partially_used);
  await page.screenshot({ path: test.info().outputPath('customer-detail-adjusted.png'), fullPage: true });
  await staff.page.close();
});
