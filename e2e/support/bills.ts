import { expect, type Page } from '@playwright/test';
import { apiCustomer, gemBalance, seedReward } from './gems';

export const BILL_PIN = '2468';

/**
 * A logged-in customer with a transaction PIN and `gems` to spend: the reward is accrued through
 * the domain (no HTTP route mints gems) and claimed over the API. Ends on `landing`.
 */
export async function billCustomer(page: Page, gems: number, landing: string, { pin = true }: { pin?: boolean } = {}) {
  const customer = await apiCustomer(page, '/home');
  if (pin) {
    const set = await page.request.post('/api/pin', { data: { pin: BILL_PIN, confirm_pin: BILL_PIN } });
    expect(set.ok(), await set.text()).toBeTruthy();
  }
  if (gems > 0) {
    await seedReward(customer.id, gems, 'Reward for your gift card sale');
    const claim = await page.request.post('/api/rewards/claim', { data: {} });
    expect(claim.ok(), await claim.text()).toBeTruthy();
  }
  expect(await gemBalance(page)).toBe(gems);
  await page.goto(landing);
  return customer;
}

/** Types the four PIN digits into the boxes: the fourth submits them (Verify stays for those who wait). */
export async function enterBillPin(page: Page, pin = BILL_PIN): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Enter PIN' })).toBeVisible();
  await expect(page.getByText('Enter your four digits pin')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify', exact: true })).toBeVisible();
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(pin);
}

/** The red toast of docs/product.md §8. */
export const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
