import { expect, test } from '@playwright/test';
import { apiCustomer } from './support/account';
import { axeViolations, settle, sidewaysOverflow } from './support/a11y';

/**
 * Popular cryptocurrency on the dashboard: a coin we buy opens its sell page; any other opens a
 * small sheet (price, 24 h change, week line) saying we do not buy it yet.
 */

for (const width of [390, 360]) {
  test(`popular coins at ${width} px: sell what we buy, read why not for the rest`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await apiCustomer(page);
    await page.goto('/homepage');
    await settle(page);
    const list = page.getByTestId('popular-crypto');
    await page.getByRole('button', { name: 'See More' }).click();

    // The sandbox's trending list has Bitcoin (we buy it) and Ethereum (we do not): the coins we buy
    // are marked, and every coin has its naira price beside its dollar price.
    const bitcoinRow = list.getByTestId('popular-coin').filter({ hasText: 'Bitcoin' });
    const ethereumRow = list.getByTestId('popular-coin').filter({ hasText: 'Ethereum' });
    await expect(bitcoinRow.getByTestId('we-buy')).toHaveText('We buy');
    await expect(ethereumRow.getByTestId('we-buy')).toHaveCount(0);
    await expect(list.getByTestId('we-buy')).toHaveCount(await list.getByRole('link').count());
    await expect(bitcoinRow.getByTestId('coin-naira-price')).toHaveText(/^₦[\d,]+\.\d{2}$/);
    await expect(ethereumRow.getByTestId('coin-naira-price')).toHaveText(/^₦[\d,]+\.\d{2}$/);
    await expect(page.getByText('Naira prices: what we pay for each coin we buy. Other coins at our USDT rate, as a guide.')).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: `test-results/popular-crypto-naira-${width}.png`, fullPage: true });

    await list.getByRole('link', { name: /Bitcoin/ }).click();
    await expect(page).toHaveURL(/\/sellcrypto\/cryptocatalogue\/btc$/);
    await expect(page.getByRole('heading', { name: 'Sell Bitcoin' })).toBeVisible();

    await page.goBack();
    await settle(page);
    const ethereum = page.getByTestId('popular-crypto').getByRole('button', { name: /Ethereum/ });
    await ethereum.click();
    const sheet = page.getByRole('dialog', { name: 'Ethereum (ETH)' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('coin-sheet-note')).toContainText('We do not buy Ethereum yet.');
    await expect(sheet.locator('svg.sparkline')).toBeVisible();
    await expect(sheet.getByText(/^\$[\d,]+(\.\d+)?$/).first()).toBeVisible();
    await expect(sheet.getByText(/^[+-]?\d+\.\d{2}%$/)).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/popular-coin-sheet-${width}.png` });

    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(ethereum).toBeFocused();

    await ethereum.click();
    await page.getByRole('dialog').getByRole('link', { name: 'Sell a coin we buy' }).click();
    await expect(page).toHaveURL(/\/sellcrypto\/cryptocatalogue$/);
  });
}
