import { expect, test, type Page } from '@playwright/test';
import { billMessages } from '@wise/shared';
import { billCustomer, enterBillPin, toast } from './support/bills';
import { allowClipboard, readClipboard } from './support/crypto';
import { expectBalanceEverywhere, gemBalance } from './support/gems';

async function fillElectricity(page: Page, { meter, phone, amount }: { meter: string; phone: string; amount: string }) {
  await page.getByLabel('Provider').selectOption('ikeja');
  await page.getByLabel('Meter type').selectOption('prepaid');
  await page.getByLabel('Meter number').fill(meter);
  await page.getByLabel('Amount').fill(amount);
  await page.getByLabel('Phone number').fill(phone);
}

test.describe('/electricity', () => {
  test('Services grid → form → meter verified (name in the sheet) → PIN → Token (copied) and Units Purchased', async ({ page }) => {
    await allowClipboard(page);
    await billCustomer(page, 10_000, '/homepage');
    await page.getByRole('link', { name: 'Electricity' }).click();
    await expect(page).toHaveURL(/\/electricity$/);

    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(5);

    await fillElectricity(page, { meter: '45012345678', phone: '08031234567', amount: '20000' });
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('Insufficient balance')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // An unknown meter (sandbox: starts with 000) is refused under the field, before any order.
    await page.getByLabel('Amount').fill('5000');
    await page.getByLabel('Meter number').fill('00012345678');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('We could not find that meter number')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByLabel('Meter number').fill('45012345678');
    await page.getByRole('button', { name: 'Proceed' }).click();
    const sheet = page.getByRole('dialog', { name: 'Checkout' });
    await expect(sheet).toContainText('Name');
    await expect(sheet).toContainText('45012345678');
    await expect(sheet).toContainText('Prepaid');
    await expect(sheet).toContainText('Ikeja Electric');
    await expect(sheet).toContainText('5,000 gems');
    await sheet.getByRole('button', { name: 'Purchase' }).click();

    await expect(page).toHaveURL(/\/electricity\/enterPIN\?order=/);
    await enterBillPin(page);
    await expect(page).toHaveURL(/\/electricity\/success\?order=/);
    await expect(page.getByTestId('success-message')).toHaveText('Electricity purchased successfully');
    await expect(page.getByText('Token', { exact: true })).toBeVisible();
    await expect(page.getByText('Units Purchased')).toBeVisible();
    const token = page.getByTestId('bill-token');
    await expect(token).toHaveText(/^\d{4}(-?\s?\d{4}){4}$/);
    await expect(page.getByTestId('bill-units')).toContainText('23.9');
    await page.getByRole('button', { name: 'Copy token' }).click();
    await expect(page.getByRole('button', { name: 'Token copied' })).toBeVisible();
    expect(await readClipboard(page)).toBe(await token.textContent());

    // The order is in the address: a reload keeps the token on screen.
    await page.reload();
    const tokenText = (await token.textContent()) ?? '';
    await expect(page.getByTestId('bill-token')).toHaveText(tokenText);

    // The token also stays in the transaction's detail.
    await page.goto('/homepage/history');
    await page.getByRole('link', { name: /Ikeja/i }).first().click();
    await expect(page).toHaveURL(/\/homepage\/history\/[0-9a-f-]+$/);
    await expect(page.getByTestId('transaction-detail')).toContainText('Successful');
    await expect(page.getByTestId('bill-token')).toHaveText(tokenText);
    await expect(page.getByTestId('transaction-detail')).toContainText('45012345678');
    expect(await gemBalance(page)).toBe(5000);
    await expectBalanceEverywhere(page, 5000);
  });

  test('the provider refuses (number ending 0000): its message as a red toast, gems unchanged', async ({ page }) => {
    await billCustomer(page, 3000, '/electricity');
    await fillElectricity(page, { meter: '45012345678', phone: '08031230000', amount: '1000' });
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Purchase' }).click();
    await enterBillPin(page);
    await expect(toast(page, billMessages.declined)).toBeVisible();
    await expect(page).toHaveURL(/\/electricity$/);
    expect(await gemBalance(page)).toBe(3000);
  });
});
