import { expect, test } from '@playwright/test';
import { formatKobo, saleAmountReasons } from '@wise/shared';
import { apiCustomer } from './support/account';
import { setBankDetails } from './support/giftcards';
import { sellGiftCardByApi, signInNewStaff } from './support/staff';

/**
 * Approval limits (docs/RELIABILITY.md "Approval limits and four eyes"): a reviewer pays less than
 * the quote with a reason from the list, and the customer's history and detail say what was paid,
 * what was quoted and why; more than the quote waits for another admin.
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
  // The desk opens the next waiting sale after a decision: come back to this one to see it paid.
  await expect(staff.page).not.toHaveURL(new RegExp(`/admin/sales/${sale.id}$`));
  await staff.page.goto(`/admin/sales/${sale.id}`);
  await expect(staff.page.getByRole('heading', { level: 1 })).toContainText('Paid', { timeout: 30_000 });

  // The history row: the amount paid, then the quote and why.
  await page.goto('/homepage/history');
  const row = page.locator(`a[href$="/homepage/history/${sale.id}"]`);
  await expect(row.locator('.tx-row__amount')).toHaveText(naira(paidKobo), { timeout: 30_000 });
  await expect(row.getByTestId('transaction-adjusted')).toHaveText(
    `Quoted value ${naira(sale.value_kobo)} · ${saleAmountReasons.partially_used}`,
  );

  // The detail (the customer's receipt).
  await row.click();
  await expect(page.getByTestId('transaction-value')).toHaveText(naira(paidKobo));
  await expect(page.getByTestId('amount-adjusted')).toContainText(
    `Amount paid: ${naira(paidKobo)} (quoted value ${naira(sale.value_kobo)})`,
  );
  await expect(page.getByTestId('amount-reason')).toHaveText(saleAmountReasons.partially_used);
  await page.screenshot({ path: test.info().outputPath('customer-detail-adjusted.png'), fullPage: true });
  await staff.page.close();
});

test('four eyes: more than the quote waits for another admin, who sees both amounts and confirms with their code', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await apiCustomer(page);
  await setBankDetails(page);
  const sale = await sellGiftCardByApi(page, '50');
  const askedKobo = sale.value_kobo + 2_000_00;

  const reviewer = await signInNewStaff(browser);
  await reviewer.page.goto(`/admin/sales/${sale.id}`);
  const approve = reviewer.page.getByRole('form', { name: 'Approve' });
  await approve.getByLabel('Amount to pay (₦)').fill(String(askedKobo / 100));
  await expect(approve.getByRole('status')).toContainText('nothing is paid until a second approver');
  await approve.getByLabel(/^Note \(required/).fill('The balance shown on the receipt is $51.70');
  await approve.getByRole('button', { name: 'Ask for a second approval' }).click();
  const ask = reviewer.page.getByRole('dialog');
  await ask.getByLabel('Authenticator code').fill(reviewer.code());
  await ask.getByRole('button', { name: `Ask to pay ${formatKobo(askedKobo)}` }).click();
  await expect(ask).toBeHidden({ timeout: 15_000 });
  // The desk may open the next waiting sale after a decision: this sale's own page says it waits.
  await reviewer.page.goto(`/admin/sales/${sale.id}`);
  await expect(reviewer.page.getByText('Waiting for a second approval')).toBeVisible();
  // The one who asked never gets a confirm button.
  await expect(reviewer.page.getByRole('button', { name: 'Confirm and pay' })).toHaveCount(0);

  const admin = await signInNewStaff(browser, 'admin');
  await admin.page.goto('/admin/sales?status=awaiting_approval');
  await admin.page.locator(`a[href$="/admin/sales/${sale.id}"]`).first().click();
  await expect(admin.page.getByText('Waiting for a second approval')).toBeVisible();
  await expect(admin.page.getByText(formatKobo(askedKobo)).first()).toBeVisible();
  await expect(admin.page.getByText('The balance shown on the receipt is $51.70').first()).toBeVisible();
  await admin.page.screenshot({ path: test.info().outputPath('admin-second-approval.png'), fullPage: true });
  await admin.page.getByRole('button', { name: 'Confirm and pay' }).click();
  const confirm = admin.page.getByRole('dialog');
  await confirm.getByLabel('Authenticator code').fill(admin.code());
  await confirm.getByRole('button', { name: `Pay ${formatKobo(askedKobo)}` }).click();
  // The desk may open the next waiting sale after a decision: this sale's own page says it is paid.
  await admin.page.goto(`/admin/sales/${sale.id}`);
  await expect(admin.page.getByRole('heading', { level: 1 })).toContainText('Paid', { timeout: 30_000 });

  await page.goto(`/homepage/history/${sale.id}`);
  await expect(page.getByTestId('transaction-value')).toHaveText(formatKobo(askedKobo), { timeout: 30_000 });
  await expect(page.getByTestId('amount-reason')).toHaveText('The balance shown on the receipt is $51.70');
  await reviewer.page.close();
  await admin.page.close();
});
