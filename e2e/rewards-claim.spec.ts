import { expect, test } from '@playwright/test';
import { apiCustomer, expectBalanceEverywhere, gemBalance, seedReward } from './support/gems';

test.describe('/rewards', () => {
  test('nothing to claim: the button is disabled and says why, no navigation, no gems', async ({ page }) => {
    await apiCustomer(page, '/rewards');
    await expect(page.getByTestId('rewards-total')).toHaveText('0');
    await expect(page.getByText('No new rewards yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Collect Rewards' })).toBeDisabled();
    await expect(page.getByText('Nothing to collect yet. Sales we approve earn you gems')).toBeVisible();
    await expect(page).toHaveURL(/\/rewards$/);
    expect(await gemBalance(page)).toBe(0);

    await page.getByRole('link', { name: 'Rewards History' }).click();
    await expect(page).toHaveURL(/\/rewards\/history$/);
    await expect(page.getByText('No rewards claimed yet')).toBeVisible();
  });

  test('claim → success shows the last reward → history newest first → the balance moved', async ({ page }) => {
    const customer = await apiCustomer(page, '/homepage');
    await seedReward(customer.id, 25, 'Reward for your Amazon gift card sale');
    await seedReward(customer.id, 40, 'Reward for your BTC sale');

    await page.goto('/rewards');
    await expect(page.getByText('65 gems ready to collect')).toBeVisible();
    await page.getByRole('button', { name: 'Collect Rewards' }).click();

    await expect(page).toHaveURL(/\/rewards\/success$/);
    await expect(page.getByRole('heading', { name: 'Reward claimed successfully' })).toBeVisible();
    const last = page.getByTestId('last-reward');
    await expect(last).toContainText('Rewards from 2 approved sales');
    await expect(last).toContainText('+65');
    expect(await gemBalance(page)).toBe(65);

    // A second, single-reward claim keeps its own description and comes first in the history.
    await seedReward(customer.id, 7, 'Reward for your USDT sale');
    await page.getByRole('link', { name: 'Back to Rewards' }).click();
    await expect(page.getByTestId('rewards-total')).toHaveText('65');
    await page.getByRole('button', { name: 'Collect Rewards' }).click();
    await expect(page.getByTestId('last-reward')).toContainText('Reward for your USDT sale');
    await expect(page.getByTestId('last-reward')).toContainText('+7');

    await page.goto('/rewards/history');
    const rows = page.getByTestId('reward-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Reward for your USDT sale');
    await expect(rows.nth(0)).toContainText('+7');
    await expect(rows.nth(1)).toContainText('Rewards from 2 approved sales');
    await expect(rows.nth(1)).toContainText('+65');
    await expect(rows.nth(0).locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);

    await page.goto('/rewards');
    await expect(page.getByTestId('rewards-total')).toHaveText('72');
    expect(await gemBalance(page)).toBe(72);
    await expectBalanceEverywhere(page, 72);
  });
});
