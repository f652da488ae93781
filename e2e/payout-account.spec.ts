import { expect, test } from '@playwright/test';
import { apiCustomer } from './support/account';
import { setBankDetails } from './support/giftcards';
import { passwordOf } from './support/credentials';

test.use({ viewport: { width: 390, height: 844 } });

/*
 * Payouts go only to the customer's own account (domain/bank/README.md). In the sandbox bank
 * lookup, an account number starting with 5 belongs to someone else.
 */

test('an account in someone else’s name is refused with the reason, and nothing is saved', async ({ page }) => {
  await apiCustomer(page, { fullName: 'Ngozi Adaeze Umeh' });
  await page.goto('/account/updatebank');
  await page.getByLabel('Bank name').selectOption({ label: 'Guaranty Trust Bank' });
  await page.getByLabel('Account number').fill('5123456789');
  const mismatch = page.getByTestId('name-mismatch');
  await expect(mismatch).toBeVisible();
  await expect(mismatch).toContainText('does not match the name on your profile');
  await expect(mismatch).not.toContainText('UMEH');
  await page.getByLabel('Your password').fill(passwordOf(page));
  await page.getByRole('button', { name: 'Submit' }).click();
  // Refused, said once (beside the name the bank gave); still on the form.
  await expect(page.getByText('Payouts can only go to an account in your own name')).toHaveCount(1);
  await expect(page).toHaveURL(/\/account\/updatebank$/);
  const saved = await page.request.get('/api/bank');
  expect(await saved.json()).toMatchObject({ bank_account: null });

  // The customer's own account is taken.
  await page.getByLabel('Account number').fill('0123456789');
  await expect(page.getByTestId('resolved-name')).toHaveText(/UMEH NGOZI ADAEZE/);
  await expect(page.getByTestId('name-mismatch')).toHaveCount(0);
  // No PIN yet: a first payout account needs the password (docs/identity.md).
  await page.getByLabel('Your password').fill(passwordOf(page));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/account\/success$/);
});

test('a first PIN once bank details exist starts with the password', async ({ page }) => {
  const customer = await apiCustomer(page);
  await setBankDetails(page);
  await page.goto('/homepage/pinset');
  await expect(page.getByRole('heading', { name: 'Confirm your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('not my password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Incorrect password').first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type('2580');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/homepage\/confirmpinset$/);
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type('2580');
  await page.getByRole('button', { name: 'Set' }).click();
  await expect(page).toHaveURL(/\/homepage\/pinset\/success$/);
});
