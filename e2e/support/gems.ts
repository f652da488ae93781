import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { accrueReward } from '../../apps/server/src/domain/rewards/rewards';
import { systemClock } from '../../apps/server/src/lib/clock';
import { newUser, readOtp, type TestUser } from './auth';
import { rememberPassword } from './credentials';
import { e2eDatabase } from './database';

/**
 * A signed-up, verified, logged-in customer made through the API (faster than the forms, which
 * the auth specs already cover). The session cookie lands in the page's context; the docs/product.md §3
 * local-storage keys are written the way the login screen writes them. Ends on `landing`.
 */
export async function apiCustomer(page: Page, landing = '/homepage'): Promise<TestUser & { id: string }> {
  const user = newUser();
  const api = page.request;
  const signup = await api.post('/api/auth/signup', {
    data: { full_name: user.fullName, username: user.username, email: user.email, phone: user.phone, password: user.password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const otp = await readOtp(api, user.email);
  const verify = await api.post('/api/auth/otp/verify', { data: { email: user.email, otp } });
  expect(verify.status(), await verify.text()).toBe(200);
  const login = await api.post('/api/auth/login', { data: { email_or_phone: user.email, password: user.password } });
  expect(login.status(), await login.text()).toBe(200);
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
  await page.goto(landing);
  return { ...user, id: session.id };
}

/**
 * A claimable reward for a customer, through the domain function the back office calls when it
 * approves a sale: no HTTP route mints gems (docs/decisions.md §3).
 */
export async function seedReward(userId: string, points: number, reward: string): Promise<void> {
  await accrueReward(e2eDatabase().db, systemClock, { userId, source: `e2e:${randomUUID()}`, amount: points, description: reward });
}

export async function gemBalance(page: Page): Promise<number> {
  const response = await page.request.get('/api/gems/balance');
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { total_points: number }).total_points;
}

/**
 * The gem balance on every screen that shows it: the dashboard card (hidden as **** until the eye
 * is tapped), /profile/wisegembalance and /earn.
 */
export async function expectBalanceEverywhere(page: Page, gems: number): Promise<void> {
  const text = new Intl.NumberFormat('en-NG').format(gems);
  await page.goto('/homepage');
  const card = page.getByRole('region', { name: 'Wise Gem balance' });
  await expect(card.getByTestId('gem-balance')).toHaveText('****');
  await card.getByRole('button', { name: 'Show balance' }).click();
  await expect(card.getByTestId('gem-balance')).toHaveText(`${text} gems`);

  await page.goto('/profile/wisegembalance');
  await expect(page.getByTestId('total-points')).toHaveText(text);

  await page.goto('/earn');
  await expect(page.getByTestId('gem-balance')).toHaveText(`${text} gems`);
}
