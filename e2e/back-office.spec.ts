import { expect, test, type Page } from '@playwright/test';
import { apiCustomer } from './support/account';
import { readOutbox } from './support/auth';
import { setBankDetails } from './support/giftcards';
import { sellGiftCardByApi, signInNewStaff } from './support/staff';

/**
 * The money loop across both sides (docs/decisions.md §8): a customer sells a gift card, a reviewer decides
 * it in the back office, and the customer's open app — never reloaded — shows the outcome.
 */

test.use({ viewport: { width: 390, height: 844 } });

async function openSaleDetail(page: Page, saleId: string) {
  await page.goto(`/homepage/history/${saleId}`);
  await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible();
}

test('approved: the payout runs by itself and the customer sees Successful, the notification, the e-mail and a reward to collect', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await apiCustomer(page);
  await setBankDetails(page);
  const sale = await sellGiftCardByApi(page, '50');
  await openSaleDetail(page, sale.id);

  const staff = await signInNewStaff(browser);
  // The queue lists it, oldest first; the reviewer opens it from there.
  await staff.page
    .getByRole('link', { name: /review queue|sales/i })
    .first()
    .click();
  // By its address: other journeys running beside this one may have a pending sale of the same title.
  await staff.page.locator(`a[href$="/admin/sales/${sale.id}"]`).first().click();
  await expect(staff.page).toHaveURL(new RegExp(`/admin/sales/${sale.id}$`));
  const approve = staff.page.getByRole('form', { name: 'Approve' });
  await approve.getByRole('button', { name: 'Approve and pay' }).click();
  const dialog = staff.page.getByRole('dialog');
  await dialog.getByLabel('Authenticator code').fill(staff.code());
  await dialog.getByRole('button', { name: /^Pay ₦/ }).click();
  // The desk may open the next waiting sale after a decision: this sale's own page says it is paid.
  await staff.page.goto(`/admin/sales/${sale.id}`);
  await expect(staff.page.getByRole('heading', { level: 1 })).toContainText('Paid', { timeout: 30_000 });

  // The customer's screen changes without a reload: Successful, in green.
  const status = page.getByText('Successful', { exact: true }).first();
  await expect(status).toBeVisible({ timeout: 30_000 });
  const colour = await status.evaluate((element) => getComputedStyle(element.closest('[data-tone]') ?? element).color);
  const [red = 0, green = 0] = (colour.match(/\d+/g) ?? []).map(Number);
  expect(green).toBeGreaterThan(red);

  await page.goto('/homepage/notifications');
  await expect(page.getByText(/has been paid/).first()).toBeVisible();
  await expect
    .poll(async () => (await readOutbox(page.request)).filter((mail) => mail.to === customer.email).map((mail) => mail.subject), {
      timeout: 20_000,
    })
    .toContain(`Your ${sale.title} sale has been paid`);
  const gems = Math.floor(sale.value_kobo / 100_000);
  await page.goto('/rewards');
  expect(gems).toBeGreaterThan(0);
  await expect(page.getByText(`${gems} gems ready to collect`)).toBeVisible();
});

test('rejected: the customer reads the reason and the message, by notification and e-mail too', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const customer = await apiCustomer(page);
  await setBankDetails(page);
  const sale = await sellGiftCardByApi(page, '40');
  await openSaleDetail(page, sale.id);

  const staff = await signInNewStaff(browser);
  await staff.page.goto(`/admin/sales/${sale.id}`);
  const reject = staff.page.getByRole('form', { name: 'Reject' });
  await reject.getByRole('radio', { name: /Used card/ }).check();
  await reject.getByLabel('Message to the customer (optional)').fill('The code was redeemed on 3 May.');
  await reject.getByRole('button', { name: 'Reject sale' }).click();
  await staff.page
    .getByRole('dialog')
    .getByRole('button', { name: /reject/i })
    .click();
  await expect(staff.page.getByRole('dialog')).toBeHidden();
  // The desk may open the next waiting sale after a decision: this sale's own page says it is rejected.
  await staff.page.goto(`/admin/sales/${sale.id}`);
  await expect(staff.page.getByRole('heading', { level: 1 })).toContainText('Rejected');

  await expect(page.getByText('Rejected', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('The code was redeemed on 3 May.')).toBeVisible();
  await page.goto('/homepage/notifications');
  await expect(page.getByText(/rejected/i).first()).toBeVisible();
  await expect
    .poll(async () => (await readOutbox(page.request)).filter((mail) => mail.to === customer.email).map((mail) => mail.subject), {
      timeout: 20_000,
    })
    .toContain(`Your ${sale.title} sale was rejected`);
});
