import { expect, test, type Page } from '@playwright/test';
import { atEachPhone, axeViolations, settle, sidewaysOverflow } from './support/a11y';
import { runStatusQuery } from './support/bill-outcome';
import { billMessages, billRefusalTexts } from '@wise/shared';
import { billCustomer, enterBillPin, toast } from './support/bills';
import { gemBalance } from './support/gems';

/**
 * A bill the provider refuses or does not answer (docs/sandbox.md, "Bills"): a refusal
 * brings the customer back to the form as they left it, with our words for the refusal and the balance
 * untouched; a time-out becomes a Processing screen that says the gems are held, leads to the
 * history, and the outcome arrives later as a notification. Each screen on the way is judged at the
 * default phone width and at 360 px.
 */

/** axe on the screen as it stands, and nothing wider than the phone, at both phone widths. */
async function expectCleanScreen(page: Page) {
  await settle(page);
  await atEachPhone(page, async () => {
    expect(await axeViolations(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
  });
}

async function buyAirtime(page: Page, phone: string, amount: string) {
  await page.getByLabel('Network').selectOption('glo');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Amount').fill(amount);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('dialog', { name: 'Checkout' }).getByRole('button', { name: 'Purchase' }).click();
  await expect(page).toHaveURL(/\/airtime\/enterPIN\?order=/);
}

test('airtime declined (number ending 0000): the form as it was, our words for the refusal, the gems untouched', async ({ page }) => {
  await billCustomer(page, 500, '/airtime');
  await buyAirtime(page, '+2348051230000', '150');
  await enterBillPin(page);

  await expect(toast(page, billRefusalTexts.invalid_number)).toBeVisible();
  await expect(page).toHaveURL(/\/airtime$/);
  await expect(page.getByLabel('Network')).toHaveValue('glo');
  await expect(page.getByLabel('Phone number')).toHaveValue('+2348051230000');
  await expect(page.getByLabel('Amount')).toHaveValue('150');
  await expect(page.getByText('Balance: 500 gems')).toBeVisible();
  expect(await gemBalance(page)).toBe(500);
  await expectCleanScreen(page);

  // The kept form goes straight on: a different number, and the purchase goes through.
  await page.getByLabel('Phone number').fill('+2348051234567');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('dialog', { name: 'Checkout' })).toContainText('150 gems');
  await page.getByRole('dialog', { name: 'Checkout' }).getByRole('button', { name: 'Purchase' }).click();
  await enterBillPin(page);
  await expect(page.getByTestId('success-message')).toHaveText('Airtime purchased successfully');
  expect(await gemBalance(page)).toBe(350);
});

test("data declined: 'Invalid request', the number kept on the network's plans, the gems untouched", async ({ page }) => {
  await billCustomer(page, 1000, '/data/airtel');
  await page.getByLabel('Phone number').fill('08021230000');
  await page.getByTestId('data-plan').filter({ hasText: 'Airtel 1GB' }).click();
  await page.getByRole('dialog', { name: 'Checkout' }).getByRole('button', { name: 'Purchase' }).click();
  await enterBillPin(page);

  await expect(toast(page, 'Invalid request')).toBeVisible();
  await expect(page).toHaveURL(/\/data\/airtel$/);
  await expect(page.getByLabel('Phone number')).toHaveValue('08021230000');
  await expect(page.getByText('Balance: 1,000 gems')).toBeVisible();
  expect(await gemBalance(page)).toBe(1000);
  await expectCleanScreen(page);
});

test('TV and electricity declined: each form comes back as it was, plan and meter included', async ({ page }) => {
  await billCustomer(page, 5000, '/tv');
  await page.getByLabel('Service').selectOption('gotv');
  await expect(page.getByLabel('Variation')).toBeEnabled();
  await page.getByLabel('Variation').selectOption({ label: 'GOtv Smallie – monthly · 1,900 gems' });
  await page.getByLabel('Smart card number').fill('7027914329');
  await page.getByLabel('Phone number').fill('08031230000');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('dialog', { name: 'Checkout' }).getByRole('button', { name: 'Purchase' }).click();
  await enterBillPin(page);
  await expect(toast(page, billMessages.declined)).toBeVisible();
  await expect(page).toHaveURL(/\/tv$/);
  await expect(page.getByLabel('Service')).toHaveValue('gotv');
  await expect(page.getByLabel('Variation').locator('option:checked')).toHaveText('GOtv Smallie – monthly · 1,900 gems');
  await expect(page.getByLabel('Amount')).toHaveValue('1,900 gems');
  await expect(page.getByLabel('Smart card number')).toHaveValue('7027914329');
  await expect(page.getByLabel('Phone number')).toHaveValue('08031230000');
  await expect(page.getByText('Balance: 5,000 gems')).toBeVisible();
  await expectCleanScreen(page);

  await page.goto('/electricity');
  await page.getByLabel('Provider').selectOption('eko');
  await page.getByLabel('Meter type').selectOption('postpaid');
  await page.getByLabel('Meter number').fill('45012345678');
  await page.getByLabel('Amount').fill('1200');
  await page.getByLabel('Phone number').fill('08031230000');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('dialog', { name: 'Checkout' }).getByRole('button', { name: 'Purchase' }).click();
  await enterBillPin(page);
  await expect(toast(page, billMessages.declined)).toBeVisible();
  await expect(page).toHaveURL(/\/electricity$/);
  await expect(page.getByLabel('Provider')).toHaveValue('eko');
  await expect(page.getByLabel('Meter type')).toHaveValue('postpaid');
  await expect(page.getByLabel('Meter number')).toHaveValue('45012345678');
  await expect(page.getByLabel('Amount')).toHaveValue('1200');
  await expect(page.getByLabel('Phone number')).toHaveValue('08031230000');
  await expect(page.getByText('Balance: 5,000 gems')).toBeVisible();
  expect(await gemBalance(page)).toBe(5000);
  await expectCleanScreen(page);
});

test('time-out (number ending 8888): Processing with the gems held, Go to history, the outcome later in notifications', async ({
  page,
}) => {
  await billCustomer(page, 500, '/airtime');
  await buyAirtime(page, '08031238888', '200');
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  await enterBillPin(page);

  // No spinner without end: within seconds the screen says what is going on and offers a way out.
  await expect(page.getByRole('heading', { name: 'Processing' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status')).toContainText('Your 200 gems are held, not lost.');
  await expect(page.getByRole('status')).toContainText('We will notify you of the outcome');
  await expect(page.getByRole('heading', { name: 'Enter PIN' })).toHaveCount(0);
  expect(await gemBalance(page)).toBe(300);
  await expectCleanScreen(page);

  await page.getByRole('link', { name: 'Go to history' }).click();
  await expect(page).toHaveURL(/\/homepage\/history$/);
  const row = page.getByTestId('transaction-row').first();
  await expect(row).toContainText('Pending');
  await expectCleanScreen(page);

  // The provider's status query later says it failed: the gems come back and the customer is told.
  expect(await runStatusQuery(orderId, { outcome: 'failed', message: 'Transaction failed at the network' })).toBe('settled');
  expect(await gemBalance(page)).toBe(500);
  await page.goto('/homepage/notifications');
  await expect(page.getByTestId('notifications')).toContainText(/Your purchase .* for 200 gems failed\. Your gems have been returned\./);
  await expectCleanScreen(page);
  await page.goto('/homepage/history');
  // The network failed it and the gems came back: not a sale's 'Rejected'.
  await expect(page.getByTestId('transaction-row').first()).toContainText('Failed');
  await expect(page.getByTestId('transaction-row').first()).toContainText('Refunded');
  await expect(page.getByTestId('transaction-row').first()).not.toContainText('Rejected');
});
