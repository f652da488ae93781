import { expect, test, type Page } from '@playwright/test';
import { apiCustomer, expectBalanceEverywhere, gemBalance } from './support/gems';

const AMOUNTS = [10, 10, 10, 20, 20, 20, 50];

/** Today's gem day as the server sees it. */
async function serverToday(page: Page): Promise<number> {
  const response = await page.request.get('/api/gems/collection');
  return ((await response.json()) as { today: number }).today;
}

test.describe('/earn', () => {
  test('collect → success screen → the card is filled, the countdown ticks, every balance agrees', async ({ page }) => {
    await apiCustomer(page, '/earn');
    const today = await serverToday(page);
    const todaysAmount = AMOUNTS[today - 1]!;

    // The week: seven cards with their amounts, none filled, Earn tab active.
    await expect(page.getByRole('heading', { name: 'Daily Wise Gems' })).toBeVisible();
    for (const [i, amount] of AMOUNTS.entries()) {
      const card = page.getByTestId(`gem-day-${i + 1}`);
      await expect(card).toContainText(`+${amount}`);
      await expect(card).not.toHaveAttribute('data-state', 'collected');
    }
    await expect(page.getByTestId(`gem-day-${today}`)).toHaveAttribute('data-state', 'today');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Earn' })).toHaveClass(/active/);
    await expect(page.getByTestId('gem-balance')).toHaveText('0 gems');

    await page.getByRole('button', { name: 'Collect Wise Gems' }).click();
    await expect(page).toHaveURL(/\/earn\/success$/);
    await expect(page.getByRole('heading', { name: 'Wise Gem collected successfully' })).toBeVisible();
    await expect(page.getByText(`+${todaysAmount} gems`)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('day'))).toBe(String(today));

    await page.getByRole('link', { name: 'Back to Earn' }).click();
    await expect(page).toHaveURL(/\/earn$/);
    await expect(page.getByTestId(`gem-day-${today}`)).toHaveAttribute('data-state', 'collected');
    await expect(page.getByTestId('gem-balance')).toHaveText(`${todaysAmount} gems`);

    const locked = page.getByRole('button', { name: /^Come back in \d{2}:\d{2}:\d{2}$/ });
    await expect(locked).toBeDisabled();
    const first = await locked.textContent();
    await expect.poll(async () => locked.textContent(), { timeout: 4000 }).not.toBe(first);

    // The same number everywhere it is shown: the ledger's.
    expect(await gemBalance(page)).toBe(todaysAmount);
    await expectBalanceEverywhere(page, todaysAmount);
  });

  test('a second tab or a replayed request gets the server message as a toast and no gems', async ({ page }) => {
    await apiCustomer(page, '/earn');
    await expect(page.getByRole('button', { name: 'Collect Wise Gems' })).toBeEnabled();
    // Another tab collects first; this one still shows the button.
    const other = await page.request.post('/api/gems/collect', { data: {} });
    expect(other.status()).toBe(200);
    const { total_points } = (await other.json()) as { total_points: number };

    await page.getByRole('button', { name: 'Collect Wise Gems' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: "You have already collected today's Wise Gems. Come back tomorrow" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/earn$/);
    await expect(page.getByRole('button', { name: /^Come back in / })).toBeDisabled();

    const replay = await page.request.post('/api/gems/collect', { data: {} });
    expect(replay.status()).toBe(409);
    expect(await gemBalance(page)).toBe(total_points);
  });

  test('at midnight the button becomes "Collect Wise Gems" again without a reload', async ({ page }) => {
    await apiCustomer(page, '/homepage');
    // The server's midnight cannot be moved from here, so the collection answer is: collected,
    // and the day ends three seconds from now; after that the server says a new day began.
    const resetAt = Date.now() + 5000;
    let calls = 0;
    await page.route('**/api/gems/collection', async (route) => {
      calls += 1;
      const now = Date.now();
      const dayOver = now >= resetAt;
      await route.fulfill({
        json: {
          collection_status: dayOver ? {} : { 3: 'collected' },
          days: AMOUNTS.map((amount, i) => ({ day: i + 1, amount, collected: !dayOver && i === 2 })),
          today: dayOver ? 4 : 3,
          collected_today: !dayOver,
          next_reset_at: new Date(dayOver ? resetAt + 86_400_000 : resetAt).toISOString(),
          server_time: new Date(now).toISOString(),
          time_zone: 'Africa/Lagos',
        },
      });
    });
    await page.goto('/earn');
    await expect(page.getByRole('button', { name: /^Come back in 00:00:0[1-5]$/ })).toBeDisabled();
    await expect(page.getByTestId('gem-day-3')).toHaveAttribute('data-state', 'collected');
    await expect(page.getByRole('button', { name: 'Collect Wise Gems' })).toBeEnabled({ timeout: 10_000 });
    await expect(page.getByTestId('gem-day-4')).toHaveAttribute('data-state', 'today');
    expect(calls).toBeGreaterThanOrEqual(2);
  });
});
