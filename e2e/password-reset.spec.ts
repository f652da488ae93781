import { test, expect } from '@playwright/test';
import { logIn, readResetLink, signUpAndVerify } from './support/auth';

test.describe('password reset', () => {
  test('through the e-mailed link: the new password works and the old one no longer does', async ({ page }) => {
    const user = await signUpAndVerify(page);

    await page.goto('/login');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('link', { name: 'Forgot Password. Reset' }).click();
    await expect(page).toHaveURL(/\/passwordreset$/);
    await expect(page.getByRole('heading', { name: 'Enter your Email to Reset your Password' })).toBeVisible();

    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/passwordreset\/resetemail$/);
    await expect(page.locator('.Toastify').getByText('Reset password link sent to your email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open email app' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to login' })).toHaveAttribute('href', '/home');

    const link = await readResetLink(page.request, user.email);
    await page.goto(link);
    const reset = page.getByRole('button', { name: 'Reset Password' });

    await page.getByLabel('New password').fill('brandnew123');
    await page.getByLabel('Confirm password').fill('different123');
    await reset.click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(reset).toBeDisabled();
    await page.getByLabel('Confirm password').fill('brandnew123');
    await expect(reset).toBeEnabled();
    await reset.click();

    await expect(page).toHaveURL(/\/passwordreset\/success$/);
    await expect(page.getByText('Your password has been reset. You can now log in with your new password')).toBeVisible();

    // The link is single-use.
    await page.goto(link);
    await page.getByLabel('New password').fill('another1234');
    await page.getByLabel('Confirm password').fill('another1234');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.locator('.Toastify').getByText('This reset link is invalid or has expired. Request a new one')).toBeVisible();

    // The old password fails...
    await page.goto('/login');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByPlaceholder('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.locator('.Toastify').getByText('Incorrect email, phone number or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/password$/);

    // ...and the new one works.
    await logIn(page, { ...user, password: 'brandnew123' });
    await expect(page.getByRole('heading', { name: 'Hi, Ada' })).toBeVisible();
  });

  test('the new-password screen without a token explains and links to a new request', async ({ page }) => {
    await page.goto('/passwordreset/newpassword');
    await expect(page.getByText('This reset link is invalid or has expired. Request a new one')).toBeVisible();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/passwordreset$/);
  });
});
