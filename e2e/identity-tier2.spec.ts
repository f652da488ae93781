import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiCustomer } from './support/account';
import { axeViolations } from './support/a11y';
import { signInNewStaff } from './support/staff';

test.use({ viewport: { width: 390, height: 844 } });

const photo = (colour: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

// docs/features.md, "Identity verification": Tier 2, an ID document and a selfie approved by staff.
test('a Tier 1 customer sends the ID and a selfie, a reviewer approves, and the customer is on Tier 2', async ({ page, browser }) => {
  await apiCustomer(page, { fullName: 'Ngozi Adaeze Okafor' });
  expect((await page.request.put('/api/profile/date-of-birth', { data: { date_of_birth: '1993-05-17' } })).ok()).toBeTruthy();
  expect((await page.request.post('/api/profile/verification/number', { data: { kind: 'bvn', number: '22222222222' } })).ok()).toBeTruthy();

  await page.goto('/profile/verification');
  await page.getByRole('link', { name: 'Verify with your ID and a selfie' }).click();
  await expect(page).toHaveURL(/\/profile\/verification\/document$/);
  for (const [side, colour] of [
    ['front', '#3366aa'],
    ['back', '#aa6633'],
    ['selfie', '#66aa33'],
  ] as const) {
    await page
      .getByTestId(`document-${side}-input`)
      .setInputFiles({ name: `${side}.jpg`, mimeType: 'image/jpeg', buffer: await photo(colour) });
  }
  await expect(page.getByLabel('Preparing image')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page).toHaveURL(/\/profile\/verification$/);
  await expect(page.getByTestId('document-status')).toContainText('Your ID is under review');
  expect(await axeViolations(page)).toEqual([]);

  const staff = await signInNewStaff(browser, 'reviewer');
  await staff.page.getByRole('link', { name: 'ID reviews' }).click();
  const item = staff.page.getByTestId('document-review').filter({ hasText: 'Ngozi Adaeze Okafor' });
  await expect(item).toContainText('1993-05-17');
  await item.getByRole('button', { name: /Show the ID and selfie/ }).click();
  await expect(item.getByRole('button', { name: 'Open Selfie' })).toBeVisible();
  expect(await axeViolations(staff.page)).toEqual([]);
  await item.getByRole('button', { name: 'Approve Tier 2' }).click();
  const dialog = staff.page.getByRole('dialog');
  await dialog.getByLabel('Authenticator code').fill(staff.code());
  await dialog.getByRole('button', { name: 'Approve Tier 2' }).click();
  await expect(staff.page.getByText('No ID documents are waiting for review.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'Tier 2 · Fully verified' })).toHaveAttribute('aria-current', 'step');
});
