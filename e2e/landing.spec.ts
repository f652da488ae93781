import { test, expect, type Page } from '@playwright/test';

/** Fakes the page's clock and stops it, so only runFor moves time on. */
async function stopClock(page: Page) {
  const start = new Date('2026-11-21T09:00:00+01:00');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

const pitch1 = 'Easy way to invest in cryptocurrency';
const pitch2 = 'Convenient & Secure Gift Card Trading';

test.describe('splash and landing', () => {
  test('the splash goes to /home after 3 s, not before', async ({ page }) => {
    await stopClock(page);
    await page.goto('/');
    await expect(page.getByRole('img', { name: 'Wise' })).toBeVisible();
    await page.clock.runFor(2500);
    await expect(page).toHaveURL(/\/$/);
    await page.clock.runFor(600);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('leaving the splash early cancels its timer', async ({ page }) => {
    await stopClock(page);
    await page.goto('/');
    await expect(page.getByRole('img', { name: 'Wise' })).toBeVisible();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/login');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.clock.runFor(4000);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the pitch alternates every 5 s, starting with the first', async ({ page }) => {
    await stopClock(page);
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: pitch1 })).toBeVisible();
    await expect(page.getByText('Trade all your crypto easily and fast in the market')).toBeVisible();
    await expect(page.getByRole('heading', { name: pitch2 })).toBeHidden();

    await page.clock.runFor(4000);
    await expect(page.getByRole('heading', { name: pitch1 })).toBeVisible();
    await page.clock.runFor(1100);
    await expect(page.getByRole('heading', { name: pitch2 })).toBeVisible();
    await expect(page.getByText('Just enjoy trading giftcards')).toBeVisible();
    await expect(page.getByRole('heading', { name: pitch1 })).toBeHidden();

    await page.clock.runFor(5000);
    await expect(page.getByRole('heading', { name: pitch1 })).toBeVisible();
  });

  test('links to sign-up and login', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/createaccount$/);
    await page.goto('/home');
    await page.getByRole('link', { name: 'I have an account. Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown route shows the error page', async ({ page }) => {
    await page.goto('/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
    await expect(page.getByText('Sorry, an unexpected error has occurred.')).toBeVisible();
    await expect(page.getByText('Not Found')).toBeVisible();
  });
});
