import { expect, test, type Page } from '@playwright/test';
import { fillPhone, newUser, readOtp, typeOtp, waitForMessage } from './support/auth';
import { apiCustomer } from './support/account';

test.use({ viewport: { width: 390, height: 844 } });

async function expectSuccess(page: Page, message: string) {
  await expect(page).toHaveURL(/\/profile\/success$/);
  await expect(page.getByTestId('success-message')).toHaveText(message);
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
}

const details = (page: Page) => page.getByTestId('profile-details');

test('profile shows the details; full name, gender, address and date of birth can be modified', async ({ page }) => {
  const user = await apiCustomer(page, { fullName: 'Tobi Eze' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Hi, Tobi' })).toBeVisible();
  await expect(details(page)).toContainText('Tobi Eze');
  await expect(details(page)).toContainText(user.email);
  await expect(page.getByRole('link', { name: /Wise Gem Balance/ })).toHaveAttribute('href', '/profile/wisegembalance');
  await page.getByRole('link', { name: /Wise Gem Balance/ }).click();
  await expect(page.getByTestId('total-points')).toHaveText('0');

  // Full name
  await page.goto('/profile/modifyfullname');
  await page.getByLabel('First name').fill('');
  await page.getByLabel('Surname').fill('');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Surname is required')).toBeVisible();
  await page.getByLabel('First name').fill('Tobi1');
  await expect(page.getByText('First name is required')).toHaveCount(0);
  await page.getByLabel('Middle name (optional)').fill('Ade');
  await page.getByLabel('Surname').fill('Eze-Obi');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Name must contain only alphabets')).toBeVisible();
  await page.getByLabel('First name').fill('Tobiloba');
  // A rename needs the password (docs/identity.md).
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Your password').fill('not the password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Incorrect password')).toBeVisible();
  await page.getByLabel('Your password').fill(user.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectSuccess(page, 'Full name updated successfully');

  // Gender
  await page.goto('/profile/modifygender');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Gender is required')).toBeVisible();
  await page.getByLabel('Gender').selectOption('female');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectSuccess(page, 'Gender updated successfully');

  // Address
  await page.goto('/profile/modifyaddress');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Address is required')).toBeVisible();
  await page.getByLabel('Address').fill('12 Admiralty Way, Lekki, Lagos');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectSuccess(page, 'Address updated successfully');

  // Date of birth
  await page.goto('/profile/modifydob');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Date of Birth is required')).toBeVisible();
  // A date picker takes no impossible day (30 February); a day past either end of the range is refused.
  for (const bad of ['2999-01-01', '1899-12-31']) {
    await page.getByLabel('Date of birth').fill(bad);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Invalid Date of Birth')).toBeVisible();
  }
  await page.getByLabel('Date of birth').fill('1994-07-21');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectSuccess(page, 'Date of birth updated successfully');

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page.getByRole('heading', { name: 'Hi, Tobiloba' })).toBeVisible();
  await page.goto('/profile');
  await expect(details(page)).toContainText('Tobiloba Ade Eze-Obi');
  await expect(details(page)).toContainText('Female');
  await expect(details(page)).toContainText('12 Admiralty Way, Lekki, Lagos');
  await expect(details(page)).toContainText('21 July 1994');
});

test('phone change: masked real number, wrong password, new number without country code, OTP by SMS', async ({ page }) => {
  const user = await apiCustomer(page);
  const target = newUser().phone;
  await page.goto('/profile');
  await page.getByRole('link', { name: /Mobile number/ }).click();
  await expect(page).toHaveURL(/\/profile\/modifyphonenumber$/);
  await expect(page.getByTestId('masked-phone')).toHaveText(`+234 ${user.phone.slice(4, 7)} *** **${user.phone.slice(-2)}`);
  await expect(page.getByRole('link', { name: 'Forgot Password. Reset' })).toHaveAttribute('href', '/passwordreset');
  await page.getByPlaceholder('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Incorrect password')).toBeVisible();
  await page.getByPlaceholder('Password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile\/modifyphonenumber\/enternumber$/);
  await fillPhone(page, 'New phone number', target);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile\/modifyphonenumber\/enterOTP$/);
  const code = (await waitForMessage(page.request, target, /\b\d{4}\b/))[0];
  await typeOtp(page, code === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code you entered is incorrect')).toBeVisible();
  await typeOtp(page, code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSuccess(page, 'Phone number updated successfully');
  await page.goto('/profile');
  await expect(details(page)).toContainText(`+234 ${target.slice(4, 7)} ${target.slice(7, 10)} ${target.slice(10)}`);
  await page.goto('/homepage/notifications');
  await expect(page.getByTestId('notifications')).toContainText('Your phone number was changed');
});

test('email change: current email and password, validation, OTP e-mailed to the new address', async ({ page }) => {
  const user = await apiCustomer(page);
  const other = newUser();
  await page.goto('/profile');
  await page.getByRole('link', { name: /^Email:/ }).click();
  await expect(page).toHaveURL(/\/profile\/modifyemail$/);
  await expect(page.getByLabel('Current email')).toHaveValue(user.email);
  await expect(page.getByRole('link', { name: 'Forgot Password. Reset' })).toHaveAttribute('href', '/passwordreset');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByPlaceholder('Password').fill('wrong password');
  await expect(page.getByText('Password is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Incorrect password')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/modifyemail$/);
  await page.getByPlaceholder('Password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile\/modifyemail\/enternewemail$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('New email address').fill('someone@gmail');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Invalid entry')).toBeVisible();
  await page.getByLabel('New email address').fill(other.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile\/modifyemail\/enterOTP$/);
  await typeOtp(page, await readOtp(page.request, other.email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSuccess(page, 'Email updated successfully');
  await page.goto('/profile');
  await expect(details(page)).toContainText(other.email);
});

test('a bad photo gets a clear toast; /profile/success visited directly has a sensible message', async ({ page }) => {
  await apiCustomer(page);
  await page.goto('/profile');
  await page
    .getByTestId('photo-input')
    .setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a photo') });
  await expect(page.getByText('This file is not a supported image. Upload a JPEG, PNG or WebP photo')).toBeVisible();
  await page.goto('/profile/success');
  await expect(page.getByTestId('success-message')).toHaveText('Your profile is up to date');
});
