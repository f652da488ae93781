import { test, expect } from '@playwright/test';
import { fillPhone, logIn, nationalDigits, newUser, readOtp, signUp, signUpAndVerify, typeOtp } from './support/auth';
import { allowClipboard } from './support/crypto';

test.describe('sign-up', () => {
  test('creates an account, verifies the e-mailed code and continues to /home', async ({ page }) => {
    await page.goto('/createaccount');
    await expect(page.getByText('Get Started')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();

    const user = await signUpAndVerify(page);
    expect(user.email).toMatch(/^[a-z0-9]{1,25}@[a-z]{3,10}\.com$/);
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('validates on submit only, dims the button while errors show and clears an error when edited', async ({ page }) => {
    await page.goto('/createaccount');
    const create = page.getByRole('button', { name: 'Create' });

    // Typing something invalid shows nothing until submit.
    await page.getByLabel('Email address').fill('not-an-email');
    await expect(page.getByRole('alert')).toHaveCount(0);

    await create.click();
    await expect(page.getByText('This field is required')).toHaveCount(4);
    await expect(page.getByText('Invalid entry')).toBeVisible();
    await expect(create).toBeDisabled();

    await page.getByLabel('Full name').fill('Ada Obi');
    await expect(page.getByText('This field is required')).toHaveCount(3);
    await page.getByLabel('Email address').fill('ada@wisetest.com');
    await expect(page.getByText('Invalid entry')).toHaveCount(0);
    await expect(create).toBeDisabled();

    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Username').fill('adaobi');
    await fillPhone(page, 'Phone number', '+2348012345678');
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText('Cannot be less than 8 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/createaccount$/);
  });

  test('shows a duplicate e-mail under the field and in a toast', async ({ page }) => {
    const first = newUser();
    await signUp(page, first);

    const second = newUser({ email: first.email });
    await page.goto('/createaccount');
    await page.getByLabel('Full name').fill(second.fullName);
    await page.getByLabel('Username').fill(second.username);
    await page.getByLabel('Email address').fill(second.email);
    await fillPhone(page, 'Phone number', second.phone);
    await page.getByLabel('Password', { exact: true }).fill(second.password);
    await page.getByRole('button', { name: 'Create' }).click();

    const message = 'An account with this email already exists';
    await expect(page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
    await expect(page.locator('.Toastify').getByText(message)).toBeVisible();
    await expect(page).toHaveURL(/\/createaccount$/);
  });

  test('a wrong code is refused with a toast; the right one is accepted', async ({ page }) => {
    const user = newUser();
    await signUp(page, user);
    await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
    await expect(page.getByText('Enter the four digits sent to your email')).toBeVisible();
    await expect(page.getByTestId('otp-email')).toHaveText(user.email);

    const otp = await readOtp(page.request, user.email);
    const wrong = otp === '0000' ? '1111' : '0000';
    await typeOtp(page, wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.locator('.Toastify').getByText('The code you entered is incorrect')).toBeVisible();
    await expect(page.getByLabel('Digit 1 of 4')).toHaveValue('');
    await expect(page.getByLabel('Digit 1 of 4')).toBeFocused();

    await typeOtp(page, otp);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/createaccount\/success$/);
  });

  test('"Resend code" waits out its 60 s countdown, then asks the server again', async ({ page }) => {
    await page.clock.install();
    const user = newUser();
    await signUp(page, user);

    const resend = page.getByRole('button', { name: 'Resend code' });
    await expect(resend).toBeDisabled();
    await expect(page.getByText('in 1:00')).toBeVisible();
    await page.clock.runFor(30_000);
    await expect(page.getByText('in 0:30')).toBeVisible();
    await expect(resend).toBeDisabled();
    await page.clock.runFor(31_000);
    await expect(resend).toBeEnabled();

    // Only the browser's clock moved: the server's own cooldown (a few real seconds old) still
    // refuses, and the screen shows the server's message rather than trusting its own timer.
    await page.clock.resume();
    await resend.click();
    await expect(page.locator('.Toastify').getByText('Please wait before requesting another code')).toBeVisible();
  });

  for (const width of [360, 390]) {
    test(`keeps a pasted phone number exactly as it was copied (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 844 });
      await allowClipboard(page);
      const user = newUser();
      const national = nationalDigits(user.phone);
      // Copied from a contact card: the country code, spaces, the house grouping.
      const copied = `+234 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
      await page.goto('/createaccount');
      await page.getByLabel('Full name').fill(user.fullName);
      await page.getByLabel('Username').fill(user.username);
      await page.getByLabel('Email address').fill(user.email);
      await page.evaluate((text) => navigator.clipboard.writeText(text), copied);
      await page.getByLabel('Phone number', { exact: true }).focus();
      await page.keyboard.press('ControlOrMeta+V');
      await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue(copied);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Create' }).click();
      await expect(page).toHaveURL(/\/createaccount\/otp$/);
      await typeOtp(page, await readOtp(page.request, user.email));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/createaccount\/success$/);

      // The account holds that very number: it signs in by phone, and the profile shows it.
      await logIn(page, user, { by: 'phone' });
      await page.goto('/profile');
      await expect(page.getByText(copied)).toBeVisible();
    });
  }
});
