import { expect, test } from '@playwright/test';
import { apiCustomer } from './support/account';
import { axeViolations } from './support/a11y';

test.use({ viewport: { width: 390, height: 844 } });

// docs/features.md, "Identity verification": in the sandbox, BVN 22222222222 is the customer's own.
test('a customer verifies BVN 22222222222 in the sandbox and sees Tier 1', async ({ page }) => {
  await apiCustomer(page, { fullName: 'Ngozi Adaeze Okafor' });
  expect((await page.request.put('/api/profile/date-of-birth', { data: { date_of_birth: '1993-05-17' } })).ok()).toBeTruthy();

  await page.goto('/profile');
  await page.getByTestId('profile-verification').click();
  await expect(page).toHaveURL(/\/profile\/verification$/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Tier 0 · Basic' })).toHaveAttribute('aria-current', 'step');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Verify with BVN or NIN' }).click();
  await page.getByLabel('Your BVN').fill('22222222222');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('verification-result')).toHaveAttribute('data-outcome', 'verified');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Done' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Tier 1 · Verified' })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByTestId('verified-number')).toContainText('•••••••2222');
});
