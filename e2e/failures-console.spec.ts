import { expect, test, type Page } from '@playwright/test';
import { settle } from './support/a11y';
import { apiCustomer } from './support/gems';

/**
 * A healthy session says nothing in the console: no React or router warning, no error, no failed
 * request. Each address is a cold load (a full page load, as a customer opening a link), so the
 * router's first render — where its warnings come from — runs every time.
 */

const publicScreens = ['/', '/home', '/login', '/createaccount', '/passwordreset'];
const customerScreens = [
  '/homepage',
  '/homepage/history',
  '/homepage/notifications',
  '/profile',
  '/account',
  '/earn',
  '/rewards',
  '/more',
  '/support',
  '/airtime',
  '/data',
  '/data/mtn',
  '/tv',
  '/electricity',
  '/sellgiftcards/giftcardscatalogue',
  '/sellcrypto/cryptocatalogue',
];
const missing = '/no-such-page';

/** Every console warning or error and every uncaught error, with the address it happened on. */
function listenToConsole(page: Page): string[] {
  const heard: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error')
      heard.push(`${new URL(page.url()).pathname} ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => heard.push(`${new URL(page.url()).pathname} uncaught: ${error.message}`));
  return heard;
}

async function coldLoad(page: Page, address: string) {
  await page.goto(address);
  await settle(page);
  // Late effects (queries, lazy chunks, the service worker) have their moment to complain.
  await page.waitForLoadState('networkidle');
}

test('cold loads of the public screens and the 404 page leave the console empty', async ({ page }) => {
  const heard = listenToConsole(page);
  for (const address of [...publicScreens, missing]) await coldLoad(page, address);
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  expect(heard).toEqual([]);
});

test("cold loads of a customer's main screens and the 404 page leave the console empty", async ({ page }) => {
  test.setTimeout(120_000);
  await apiCustomer(page, '/homepage');
  const heard = listenToConsole(page);
  for (const address of [...customerScreens, missing]) await coldLoad(page, address);
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  expect(heard).toEqual([]);
});
