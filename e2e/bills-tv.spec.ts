import { expect, test, type Page } from '@playwright/test';
import { billMessages } from '@wise/shared';
import { billCustomer, enterBillPin, toast } from './support/bills';
import { expectBalanceEverywhere, gemBalance } from './support/gems';

async function fillTv(page: Page, { card, phone }: { card: string; phone: string }) {
  await page.getByLabel('Service').selectOption('gotv');
  const variation = page.getByLabel('Variation');
  await expect(variation).toBeEnabled();
  await variation.selectOption({ label: 'GOtv Smallie – monthly · 1,900 gems' });
  await expect(page.getByLabel('Amount')).toHaveValue('1,900 gems');
  await page.getByLabel('Smart card number').fill(card);
  await page.getByLabel('Phone number').fill(phone);
}

test.describe('/tv', () => {
  test('Services grid → form → smart card verified (name in the sheet) → PIN → success; balance moves everywhere', async ({ page }) => {
    await billCustomer(page, 5000, '/homepage');
    await page.getByRole('link', { name: 'TV', exact: true }).click();
    await expect(page).toHaveURL(/\/tv$/);

    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // An unknown card (sandbox: starts with 000) is refused under the field, before any order.
    await fillTv(page, { card: '0001234567', phone: '08031234567' });
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('We could not find that smart card number')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByLabel('Smart card number').fill('7027914329');
    await page.getByRole('button', { name: 'Proceed' }).click();
    const sheet = page.getByRole('dialog', { name: 'Checkout' });
    await expect(sheet).toContainText('Name');
    await expect(sheet).toContainText('7027914329');
    await expect(sheet).toContainText('GOtv Smallie – monthly');
    await expect(sheet).toContainText('1,900 gems');
    await sheet.getByRole('button', { name: 'Purchase' }).click();

    await expect(page).toHaveURL(/\/tv\/enterPIN\?order=/);
    await enterBillPin(page);
    await expect(page).toHaveURL(/\/tv\/success\?order=/);
    await expect(page.getByTestId('success-message')).toHaveText('TV/Cable Subscription successful');
    expect(await gemBalance(page)).toBe(3100);
    await expectBalanceEverywhere(page, 3100);
  });

  test('a plan beyond the balance is Insufficient balance; the provider refusing is a toast, gems unchanged', async ({ page }) => {
    await billCustomer(page, 2000, '/tv');
    await page.getByLabel('Service').selectOption('dstv');
    await expect(page.getByLabel('Variation')).toBeEnabled();
    await page.getByLabel('Variation').selectOption({ label: 'DStv Padi · 4,400 gems' });
    await page.getByLabel('Smart card number').fill('7027914329');
    await page.getByLabel('Phone number').fill('08031234567');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('Insufficient balance')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await fillTv(page, { card: '7027914329', phone: '08031230000' });
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Purchase' }).click();
    await enterBillPin(page);
    await expect(toast(page, billMessages.declined)).toBeVisible();
    await expect(page).toHaveURL(/\/tv$/);
    expect(await gemBalance(page)).toBe(2000);
  });
});
