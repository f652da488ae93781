import { expect, test } from '@playwright/test';
import { billRefusalTexts } from '@wise/shared';
import { billCustomer, enterBillPin, toast } from './support/bills';
import { atEachPhone, clippedText, hiddenUnderBar, sidewaysOverflow } from './support/a11y';
import { expectBalanceEverywhere, gemBalance } from './support/gems';

test.describe('/airtime', () => {
  test('from the Services grid: form rules, sheet, PIN → success, the balance moves everywhere', async ({ page }) => {
    await billCustomer(page, 500, '/homepage');
    await page.getByRole('link', { name: 'Airtime' }).click();
    await expect(page).toHaveURL(/\/airtime$/);

    // Nothing filled: no sheet, each field says what is wrong.
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(3);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByLabel('Network').selectOption('mtn');
    await page.getByLabel('Phone number').fill('08031234567');
    await page.getByLabel('Amount').fill('12a');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('Invalid input')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByLabel('Amount').fill('600');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('Insufficient balance')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByLabel('Amount').fill('200');
    await page.getByRole('button', { name: 'Proceed' }).click();
    const sheet = page.getByRole('dialog', { name: 'Checkout' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('200 gems');
    await expect(sheet).toContainText('MTN');
    await expect(sheet).toContainText('+234 803 123 4567');
    // Escape closes it; reopening asks for a new order.
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await page.getByRole('button', { name: 'Proceed' }).click();

    const orderRequest = page.waitForRequest((r) => r.url().endsWith('/api/bills/orders') && r.method() === 'POST');
    await sheet.getByRole('button', { name: 'Purchase' }).click();
    expect((await orderRequest).headers()['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    await expect(page).toHaveURL(/\/airtime\/enterPIN\?order=[0-9a-f-]+$/);
    // The order is in the address: a reload keeps the PIN screen.
    await page.reload();
    await enterBillPin(page);

    await expect(page).toHaveURL(/\/airtime\/success\?order=/);
    await expect(page.getByTestId('success-message')).toHaveText('Airtime purchased successfully');
    expect(await gemBalance(page)).toBe(300);
    await expectBalanceEverywhere(page, 300);
  });

  test('the provider refuses (number ending 0000): our words for it as a red toast, gems unchanged', async ({ page }) => {
    await billCustomer(page, 500, '/airtime');
    await page.getByLabel('Network').selectOption('glo');
    await page.getByLabel('Phone number').fill('+2348051230000');
    await page.getByLabel('Amount').fill('100');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Purchase' }).click();
    await enterBillPin(page);
    await expect(toast(page, billRefusalTexts.invalid_number)).toBeVisible();
    await expect(page).toHaveURL(/\/airtime$/);
    expect(await gemBalance(page)).toBe(500);
  });

  test('a wrong PIN: the server message as a toast, no charge; then the right one', async ({ page }) => {
    await billCustomer(page, 500, '/airtime');
    await page.getByLabel('Network').selectOption('airtel');
    await page.getByLabel('Phone number').fill('08021234567');
    await page.getByLabel('Amount').fill('50');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Purchase' }).click();
    await enterBillPin(page, '1111');
    await expect(toast(page, /^Incorrect PIN. 4 attempts left/)).toBeVisible();
    await expect(page).toHaveURL(/\/airtime\/enterPIN/);
    expect(await gemBalance(page)).toBe(500);
    await enterBillPin(page);
    await expect(page.getByTestId('success-message')).toHaveText('Airtime purchased successfully');
    expect(await gemBalance(page)).toBe(450);
  });
});

test('no PIN set: the PIN screen sends the customer to set one', async ({ page }) => {
  await billCustomer(page, 500, '/airtime', { pin: false });
  await page.getByLabel('Network').selectOption('mtn');
  await page.getByLabel('Phone number').fill('08031234567');
  await page.getByLabel('Amount').fill('100');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Purchase' }).click();
  await enterBillPin(page);
  await page.getByRole('link', { name: 'Set PIN' }).click();
  await expect(page).toHaveURL(/\/homepage\/pinset$/);
  expect(await gemBalance(page)).toBe(500);
});

test("as quick as the market's best: the number picks its network, a ported one is changed, a quick amount, the PIN submits itself", async ({
  page,
}) => {
  const customer = await billCustomer(page, 1500, '/airtime');
  const network = page.getByLabel('Network');
  const phone = page.getByLabel('Phone number');

  await phone.fill('08051234567');
  await expect(network).toHaveValue('glo');
  await expect(page.getByText('GLO, from the number. Number moved to another network? Choose it above.')).toBeVisible();
  // Ported to MTN: the customer's choice stands.
  await network.selectOption('mtn');
  await expect(page.getByText(/from the number/)).toHaveCount(0);

  // Their own number, from the profile, picks its own network.
  await page.getByRole('button', { name: 'My number' }).click();
  await expect(phone).toHaveValue(customer.phone);
  await network.selectOption('airtel');
  await phone.fill('08051234567');
  await network.selectOption('mtn');

  const amounts = page.getByRole('group', { name: 'Quick top-ups' });
  // Within the balance (1,500 gems): ₦2,000 and ₦5,000 are not offered.
  await expect(amounts.getByRole('button')).toHaveText(['₦100', '₦200', '₦500', '₦1,000']);
  await amounts.getByRole('button', { name: '₦500' }).click();
  await expect(page.getByLabel('Amount')).toHaveValue('500');
  await atEachPhone(page, async ({ width }) => {
    expect(await sidewaysOverflow(page), `at ${width} px`).toBe(0);
    expect(await clippedText(page)).toEqual([]);
    expect(await hiddenUnderBar(page)).toEqual([]);
  });

  await page.getByRole('button', { name: 'Proceed' }).click();
  const sheet = page.getByRole('dialog', { name: 'Checkout' });
  await expect(sheet).toContainText('500 gems');
  await expect(sheet).toContainText('MTN');
  await expect(sheet).toContainText('+234 805 123 4567');
  await sheet.getByRole('button', { name: 'Purchase' }).click();
  await expect(page).toHaveURL(/\/airtime\/enterPIN\?order=/);

  const authorisations: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/authorise')) authorisations.push(request.url());
  });
  await enterBillPin(page);
  await expect(page).toHaveURL(/\/airtime\/success\?order=/);
  await expect(page.getByTestId('success-message')).toHaveText('Airtime purchased successfully');
  expect(authorisations).toHaveLength(1);
});
