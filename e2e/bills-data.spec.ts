import { expect, test } from '@playwright/test';
import { billCustomer, enterBillPin, toast } from './support/bills';
import { expectBalanceEverywhere, gemBalance } from './support/gems';

test.describe('/data', () => {
  test('Services grid → network → plan → sheet → PIN → success; the balance moves everywhere', async ({ page }) => {
    await billCustomer(page, 500, '/homepage');
    await page.getByRole('link', { name: 'Data', exact: true }).click();
    await expect(page).toHaveURL(/\/data$/);
    for (const name of ['MTN Data Plans', 'Airtel Data Plans', 'GLO Data Plans', '9mobile Data Plans']) {
      await expect(page.getByRole('link', { name })).toBeVisible();
    }
    await page.getByRole('link', { name: 'MTN Data Plans' }).click();
    await expect(page).toHaveURL(/\/data\/mtn$/);
    const plan = page.getByTestId('data-plan').filter({ hasText: 'MTN 100MB (Daily)' });
    await expect(plan).toContainText('100 gems');
    // The kobo of a provider price are dropped: 49.99 is 49 gems.
    await expect(page.getByTestId('data-plan').filter({ hasText: 'MTN 40MB' })).toContainText('49 gems');

    // No number, then a malformed one: no sheet.
    await plan.click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByLabel('Phone number').fill('0803');
    await plan.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByLabel('Phone number').fill('08031234567');
    await plan.click();
    const sheet = page.getByRole('dialog', { name: 'Checkout' });
    await expect(sheet).toContainText('Amount');
    await expect(sheet).toContainText('100 gems');
    await expect(sheet).toContainText('MTN');
    await expect(sheet).toContainText('+234 803 123 4567');
    // The backdrop closes it.
    await page.mouse.click(195, 60);
    await expect(sheet).toHaveCount(0);
    await plan.click();
    await sheet.getByRole('button', { name: 'Purchase' }).click();

    await expect(page).toHaveURL(/\/data\/enterPIN\?order=/);
    await enterBillPin(page);
    await expect(page).toHaveURL(/\/data\/success\?order=/);
    await expect(page.getByTestId('success-message')).toHaveText('Data purchased successfully');
    expect(await gemBalance(page)).toBe(400);
    await expectBalanceEverywhere(page, 400);
  });

  test("the provider refuses (number ending 0000): 'Invalid request', gems unchanged", async ({ page }) => {
    await billCustomer(page, 1000, '/data/airtel');
    await page.getByLabel('Phone number').fill('08021230000');
    await page.getByTestId('data-plan').filter({ hasText: 'Airtel 1GB' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Purchase' }).click();
    await enterBillPin(page);
    await expect(toast(page, 'Invalid request')).toBeVisible();
    await expect(page).toHaveURL(/\/data\/airtel$/);
    expect(await gemBalance(page)).toBe(1000);
  });

  test("plans that cannot be fetched: 'Couldn't fetch data plans' and a retry", async ({ page }) => {
    await billCustomer(page, 0, '/data');
    let fail = true;
    await page.route('**/api/bills/data/glo/plans', (route) =>
      fail ? route.fulfill({ status: 503, json: { error: 'Service unavailable' } }) : route.continue(),
    );
    await page.getByRole('link', { name: 'GLO Data Plans' }).click();
    await expect(page.getByText("Couldn't fetch data plans")).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('data-plan').first()).toBeVisible();
  });
});
