import { expect, type Page } from '@playwright/test';
import { newUser, readOtp, type TestUser } from './auth';
import { rememberPassword } from './credentials';

export interface Customer extends TestUser {
  id: string;
}

/**
 * A verified, logged-in customer made through the API (fast): sign-up, the e-mailed OTP, login
 * (the session cookie lands in the page's context), then docs/product.md §3's local-storage keys.
 */
export async function apiCustomer(page: Page, overrides: Partial<TestUser> = {}): Promise<Customer> {
  const user = newUser(overrides);
  const signup = await page.request.post('/api/auth/signup', {
    data: { full_name: user.fullName, username: user.username, email: user.email, phone: user.phone, password: user.password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const otp = await readOtp(page.request, user.email);
  expect((await page.request.post('/api/auth/otp/verify', { data: { email: user.email, otp } })).ok()).toBeTruthy();
  const login = await page.request.post('/api/auth/login', { data: { email_or_phone: user.email, password: user.password } });
  expect(login.ok()).toBeTruthy();
  const { user: session } = (await login.json()) as { user: { id: string; full_name: string } };
  rememberPassword(page, user.password);
  await page.goto('/home');
  await page.evaluate(
    ({ id, fullName }) => {
      localStorage.setItem('auth', 'true');
      localStorage.setItem('id', id);
      localStorage.setItem('fullname', fullName);
    },
    { id: session.id, fullName: session.full_name },
  );
  return { ...user, id: session.id };
}
