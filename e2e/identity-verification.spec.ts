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

// docs/identity.md: a verified name and date of birth are locked; verifying again corrects them.
test('a verified name is locked on the profile; a reset with the password lets it be corrected and verified again', async ({ page }) => {
  const customer = await apiCustomer(page, { fullName: 'Ngozi Adaeze Okafor' });
  expect((await page.request.put('/api/profile/date-of-birth', { data: { date_of_birth: '1993-05-17' } })).ok()).toBeTruthy();
  const verified = await page.request.post('/api/profile/verification/number', { data: { kind: 'bvn', number: '22222222222' } });
  expect(((await verified.json()) as { outcome: string }).outcome).toBe('verified');

  await page.goto('/profile');
  const details = page.getByTestId('profile-details');
  await expect(details.getByTestId('profile-locked-row')).toHaveCount(2);
  await expect(details.getByLabel('Full name: Ngozi Adaeze Okafor. Locked')).toBeVisible();
  await expect(details.getByRole('link', { name: /^Full name/ })).toHaveCount(0);
  await expect(page.getByTestId('profile-locked-note')).toContainText('Locked: your BVN or NIN is verified with these.');
  expect(await axeViolations(page)).toEqual([]);

  // Straight to the form: only the note, no form to fill.
  await page.goto('/profile/modifyfullname');
  await expect(page.getByTestId('identity-locked-note')).toBeVisible();
  await expect(page.getByLabel('Surname')).toHaveCount(0);

  await page.getByTestId('identity-locked-note').getByRole('link').click();
  await expect(page).toHaveURL(/\/profile\/verification$/);
  const reset = page.getByTestId('verification-reset');
  await reset.getByLabel('Your password').fill('not the password');
  await reset.getByRole('button', { name: 'Reset verification' }).click();
  await expect(reset.getByText('Incorrect password')).toBeVisible();
  await reset.getByLabel('Your password').fill(customer.password);
  await reset.getByRole('button', { name: 'Reset verification' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Tier 0 · Basic' })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByTestId('verification-reset')).toHaveCount(0);

  // The name is editable again, with the password.
  await page.goto('/profile/modifyfullname');
  await page.getByLabel('Surname').fill('Okafor-Eze');
  await page.getByLabel('Your password').fill(customer.password);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/profile\/success$/);

  // Verified again under the corrected name: locked once more.
  await page.goto('/profile/verification/identitynumber');
  await page.getByLabel('Your BVN').fill('22222222222');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('verification-result')).toHaveAttribute('data-outcome', 'verified');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-details').getByLabel('Full name: Ngozi Adaeze Okafor-Eze. Locked')).toBeVisible();
});
