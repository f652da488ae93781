import { expect, test } from '@playwright/test';
import { atEachPhone } from './support/a11y';
import { apiCustomer } from './support/account';
import { sellGiftCardByApi, signInNewStaff } from './support/staff';

/**
 * Home is the money screen: a payout the bank declined shows on Home under "Your sales" with its
 * amount and "Update bank details" right there; fixed from Home with the PIN, the payout goes out
 * again by itself and Home shows it paid today. The failure is judged at both phone widths.
 */

const PIN = '2580';

test('a failed payout is seen and fixed from Home', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const customer = await apiCustomer(page);
  const bank = await page.request.put('/api/bank', {
    data: { bank_code: '058', bank_account: '0123451111', password: customer.password },
  });
  expect(bank.ok(), await bank.text()).toBeTruthy();
  const confirmed = await page.request.post('/api/profile/password/confirm', { data: { password: customer.password } });
  expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
  const pin = await page.request.post('/api/pin', { data: { pin: PIN, confirm_pin: PIN } });
  expect(pin.ok(), await pin.text()).toBeTruthy();
  const sale = await sellGiftCardByApi(page, '50');

  // Waiting for review: Home says so.
  await page.goto('/homepage');
  const strip = page.getByTestId('sales-strip');
  await expect(strip.getByTestId('sales-strip-waiting')).toContainText('In review');

  // A reviewer approves; the sandbox declines the transfer to the account ending 1111.
  const staff = await signInNewStaff(browser);
  await staff.page.goto(`/admin/sales/${sale.id}`);
  await staff.page.getByRole('form', { name: 'Approve' }).getByRole('button', { name: 'Approve and pay' }).click();
  const dialog = staff.page.getByRole('dialog');
  await dialog.getByLabel('Authenticator code').fill(staff.code());
  await dialog.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });

  // Home turns by itself (live updates): the failure, its amount and the fix, no empty rows.
  const failed = strip.getByTestId('sales-strip-failed');
  await expect(failed).toContainText('Payout failed · ₦', { timeout: 30_000 });
  await expect(failed).toContainText('Update your bank details and we pay again automatically.');
  await expect(strip.getByTestId('sales-strip-waiting')).toHaveCount(0);
  // At either width, nothing of the strip hides under the bottom bar once scrolled to.
  const fix = failed.getByRole('link', { name: 'Update bank details' });
  await atEachPhone(page, async (phone) => {
    await page.screenshot({ path: test.info().outputPath(`home-failed-${phone.width}.png`) });
    await fix.scrollIntoViewIfNeeded();
    const nav = await page.getByRole('navigation').last().boundingBox();
    const button = await fix.boundingBox();
    expect(nav && button && button.y + button.height <= nav.y, `at ${phone.width} px`).toBeTruthy();
  });

  await fix.click();
  await expect(page).toHaveURL(/\/account\/updatebank\?returnTo=/);
  await page.getByLabel('Bank name').selectOption({ label: 'Access Bank' });
  await page.getByLabel('Account number').fill('4556667778');
  await expect(page.getByTestId('resolved-name')).toBeVisible();
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(PIN);
  await page.getByRole('button', { name: 'Submit' }).click();

  // Back on Home: paid today, the failure gone.
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(strip.getByTestId('sales-strip-paid')).toContainText('Paid today', { timeout: 30_000 });
  await expect(strip.getByTestId('sales-strip-failed')).toHaveCount(0);

  // The Wallet says the same: paid this month, nothing on its way.
  await page.goto('/account');
  await expect(page.getByTestId('wallet-paid-month')).toContainText('1 sale paid to your bank');
  await expect(page.getByTestId('wallet-on-its-way')).toContainText('Nothing on its way');
});
