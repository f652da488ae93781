import { expect, test } from '@playwright/test';
import { apiCustomer } from './support/account';
import { axeViolations, settle } from './support/a11y';
import { waitForMessage } from './support/auth';

/**
 * docs/features.md, "Your data (NDPA 2023)": the export's one-time link arrives in the dev outbox and
 * downloads once; then the account is deleted and its login no longer works.
 */
test('download my data once, then delete the account', async ({ page }) => {
  const customer = await apiCustomer(page);

  await page.goto('/profile');
  await page.getByRole('link', { name: 'Download my data' }).click();
  await expect(page).toHaveURL(/\/profile\/data$/);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The export job starts as soon as it is queued: by the screen's next look it may be built already.
  await expect(page.getByRole('status').filter({ hasText: /We are (preparing|still preparing)|Your data is ready/ })).toBeVisible();

  const [link] = await waitForMessage(page.request, customer.email, /https?:\/\/\S+\/profile\/data\/download\?token=[A-Za-z0-9_-]{43}/);
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^wise-data-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(page.getByText('Your data has been downloaded. The link no longer works')).toBeVisible();

  // Once only.
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This link has expired or has already been used' })).toBeVisible();

  await page.goto('/profile/close');
  await expect(page.getByText(/^Erased: your name/)).toBeVisible();
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: 'I understand that my account will be deleted for good' }).check();
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('.Toastify').getByText('Your account has been deleted')).toBeVisible();

  const login = await page.request.post('/api/auth/login', { data: { email_or_phone: customer.email, password: customer.password } });
  expect(login.status()).toBe(401);
});
