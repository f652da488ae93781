import { test, expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@wise/shared';
import { fillPhone, logIn, newUser, readOtp, signUp, signUpAndVerify, typeOtp } from './support/auth';

/** What logging out leaves in the tab's storage: only the device's language (docs/i18n.md). */
const storageKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage));

test.describe('login', () => {
  test('by e-mail: greeting, logout, then the guard keeps /homepage closed', async ({ page }) => {
    const user = await signUpAndVerify(page);

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByText('Login to continue')).toBeVisible();
    await logIn(page, user);

    await expect(page.getByRole('heading', { name: 'Hi, Ada' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const tab of ['Home', 'Wallet', 'Earn', 'Support', 'Profile']) {
      await expect(nav.getByRole('link', { name: tab })).toBeVisible();
    }
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBe('true');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(await storageKeys(page)).toEqual([STORAGE_KEYS.language]);

    await page.goto('/homepage');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
  });

  test('a session that ended on the server sends the screen back to /home with storage cleared', async ({ page }) => {
    const user = await signUpAndVerify(page);
    await page.goto('/login');
    await logIn(page, user);
    await expect(page.getByRole('heading', { name: 'Hi, Ada' })).toBeVisible();

    // Ended elsewhere (e.g. a password reset on another device): the cookie no longer opens a session,
    // while this tab's local storage still says logged in.
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBe('true');
    const ended = await page.request.post('/api/auth/logout');
    expect(ended.ok()).toBe(true);

    // The tab's next request finds out: the screen opened from the menu, or a background refresh
    // of the dashboard when that comes first (then the menu is already gone).
    const profile = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' });
    if (await profile.isVisible()) await profile.click({ timeout: 5_000 }).catch(() => undefined);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('.Toastify').getByText('Your session has ended. Please log in again')).toBeVisible();
    expect(await storageKeys(page)).toEqual([STORAGE_KEYS.language]);
  });

  test('by phone number', async ({ page }) => {
    const user = await signUpAndVerify(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Use phone number' }).click();
    await expect(page.getByRole('button', { name: 'Use email address' })).toBeVisible();
    await fillPhone(page, 'Phone number', user.phone);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/login\/password$/);
    const [, a, b, c] = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(user.phone) ?? [];
    await expect(page.getByTestId('login-identifier')).toHaveText(`+234 ${a} ${b} ${c}`);
    await page.getByPlaceholder('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/homepage$/);
    await expect(page.getByRole('heading', { name: 'Hi, Ada' })).toBeVisible();
  });

  test('step 1 validates on submit; the password step toggles visibility and refuses a wrong password', async ({ page }) => {
    const user = await signUpAndVerify(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await page.getByLabel('Email address').fill('nope');
    await expect(page.getByText('This field is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Invalid entry')).toBeVisible();

    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/login\/password$/);
    await expect(page.getByRole('link', { name: 'Forgot Password. Reset' })).toHaveAttribute('href', '/passwordreset');

    const password = page.getByPlaceholder('Password');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');

    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await password.fill(`${user.password}x`);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.locator('.Toastify').getByText('Incorrect email, phone number or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/password$/);

    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unverified account is sent to the OTP screen with a fresh code', async ({ page }) => {
    const user = newUser();
    await signUp(page, user);
    await readOtp(page.request, user.email);

    await page.goto('/login');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByPlaceholder('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/createaccount\/otp$/);
    await expect(page.locator('.Toastify').getByText('Please verify your email to continue')).toBeVisible();
    await expect(page.getByTestId('otp-email')).toHaveText(user.email);

    // Within the resend cooldown the server keeps the code it sent at sign-up; otherwise a new one.
    const code = await readOtp(page.request, user.email);
    await typeOtp(page, code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/createaccount\/success$/);
  });

  test('the password step without an identifier goes back to /login', async ({ page }) => {
    await page.goto('/login/password');
    await expect(page).toHaveURL(/\/login$/);
  });
});
