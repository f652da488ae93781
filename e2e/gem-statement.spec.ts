import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { atEachPhone, axeViolations, settle, sidewaysOverflow } from './support/a11y';
import { BILL_PIN, billCustomer } from './support/bills';
import { apiCustomer, seedReward } from './support/gems';

/**
 * The gem statement (docs/deviations.md), reached from the dashboard's gem card and from
 * /profile/wisegembalance; a notification leading to the transaction it is about; and /more.
 * Every screen a journey shows is checked with axe and for sideways scrolling at 390 and 360 px wide.
 */

test.use({ reducedMotion: 'reduce' });

/** Buys airtime through the API, as the checkout and PIN screens do; a phone ending 0000 is refused by the sandbox. */
async function buyAirtime(page: Page, phone: string, amount: number): Promise<string> {
  const created = await page.request.post('/api/bills/orders', {
    data: { kind: 'airtime', network: 'mtn', phone, amount },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { order } = (await created.json()) as { order: { id: string } };
  const authorised = await page.request.post(`/api/bills/orders/${order.id}/authorise`, { data: { pin: BILL_PIN } });
  expect(authorised.status(), await authorised.text()).toBeLessThan(500);
  return order.id;
}

/** The screen as it stands, at both phone widths: axe, no sideways scrolling, and a screenshot named `shot` if given. */
async function expectClean(page: Page, shot?: string) {
  await settle(page);
  await atEachPhone(page, async ({ width }) => {
    expect(await axeViolations(page)).toEqual([]);
    expect(await sidewaysOverflow(page), `at ${width} px`).toBe(0);
    if (shot) await page.screenshot({ path: `test-results/${shot}-${width}.png`, fullPage: true });
  });
}

test('the gem card History link opens the statement: every movement, signed, with its balance, a bill one opening its order', async ({
  page,
}) => {
  await billCustomer(page, 1000, '/home');
  const collected = await page.request.post('/api/gems/collect', { data: {} });
  expect(collected.ok(), await collected.text()).toBeTruthy();
  const daily = ((await collected.json()) as { points: number }).points;
  const paid = await buyAirtime(page, '08031234567', 300);
  const refused = await buyAirtime(page, '08031230000', 200);

  await page.goto('/homepage');
  const card = page.getByRole('region', { name: 'Wise Gem balance' });
  await card.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/profile\/wisegembalance\/history\?returnTo=%2Fhomepage$/);
  await expect(page.getByText('Gem statement', { exact: true })).toBeVisible();
  const rows = page.getByTestId('gem-move');
  await expect(rows).toHaveCount(7);
  const n = (gems: number) => new Intl.NumberFormat('en-NG').format(gems);
  const now = 1000 + daily - 300;
  // Newest first: the refused purchase's gems came back; the paid one's were spent.
  const expected: [string, string, string][] = [
    ['Released', `+${n(200)} gems`, `Balance ${n(now)}`],
    ['Held for airtime', `\u2212${n(200)} gems`, `Balance ${n(now - 200)}`],
    ['Spent on airtime', `${n(300)} gems`, `Balance ${n(now)}`],
    ['Held for airtime', `\u2212${n(300)} gems`, `Balance ${n(now)}`],
    ['Daily collection', `+${n(daily)} gems`, `Balance ${n(1000 + daily)}`],
    ['Reward claimed', `+${n(1000)} gems`, `Balance ${n(1000)}`],
    // Earned, still to collect: signed, and no balance it never moved.
    ['Reward earned', `+${n(1000)} gems`, 'to collect'],
  ];
  for (const [i, [title, amount, balance]] of expected.entries()) {
    const row = rows.nth(i);
    await expect(row).toContainText(title);
    await expect(row.getByTestId('gem-move-amount')).toHaveText(amount);
    await expect(row.getByTestId(balance === 'to collect' ? 'gem-move-to-collect' : 'gem-move-balance')).toHaveText(balance);
  }
  await expect(rows.nth(0)).toContainText('+234 803 123 0000');
  await expect(rows.nth(2)).toContainText('Paid from held gems');
  await expectClean(page, 'gem-statement');

  // A movement about a bill order opens it.
  await expect(rows.nth(3)).toHaveAttribute('href', `/homepage/history/${paid}`);
  await rows.nth(0).click();
  await expect(page).toHaveURL(new RegExp(`/homepage/history/${refused}$`));
  await expect(page.getByTestId('transaction-detail')).toContainText('MTN airtime');
  // Back on the statement, its arrow returns to the dashboard it came from.
  await page.goBack();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/homepage$/);
});

test('/profile/wisegembalance leads to the statement: empty at first, then older movements load as the list scrolls', async ({ page }) => {
  const customer = await apiCustomer(page, '/profile/wisegembalance');
  await expectClean(page, 'gem-balance');
  await page.getByRole('link', { name: /Gem statement/ }).click();
  await expect(page).toHaveURL(/\/profile\/wisegembalance\/history$/);
  await expect(page.getByText('No gem movements yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Collect Wise Gems' })).toHaveAttribute('href', '/earn');
  await expectClean(page);

  // 24 rewards and the claim of them all: 25 movements, more than a page of 20.
  for (let i = 1; i <= 24; i += 1) await seedReward(customer.id, i, `Reward ${i}`);
  const claim = await page.request.post('/api/rewards/claim', { data: {} });
  expect(claim.ok(), await claim.text()).toBeTruthy();
  await page.reload();
  const rows = page.getByTestId('gem-move');
  await expect(rows.first()).toContainText('Reward claimed');
  await expect(rows.first().getByTestId('gem-move-balance')).toHaveText('Balance 300');
  await page.getByTestId('load-more').scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(25);
  await expect(rows.last()).toContainText('Reward 1');
  const titles = await page.getByTestId('gem-move').allTextContents();
  expect(new Set(titles).size).toBe(25);
  await expectClean(page);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/profile\/wisegembalance$/);
  await expect(page.getByTestId('total-points')).toHaveText('300');
});

test('a notification about a bill order opens that order; the PIN notice opens the Wallet', async ({ page }) => {
  await billCustomer(page, 500, '/home');
  const order = await buyAirtime(page, '08035551234', 100);
  await page.goto('/homepage/notifications');
  const list = page.getByTestId('notifications');
  const link = list.getByTestId('notification-link').filter({ hasText: 'MTN airtime' });
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('href', `/homepage/history/${order}`);
  // The PIN notice names no transaction: it opens the Wallet, where the PIN is changed.
  await expect(list.getByRole('listitem').filter({ hasText: /PIN/ })).toHaveCount(1);
  await expect(list.getByRole('listitem').filter({ hasText: /PIN/ }).getByRole('link')).toHaveAttribute('href', '/account');
  await expectClean(page, 'notifications');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/homepage/history/${order}$`));
  await expect(page.getByTestId('transaction-detail')).toContainText('MTN airtime');
});

test('/more lists Rewards, the gem statement, transactions and support, each a row that goes there', async ({ page }) => {
  await apiCustomer(page, '/more');
  await expect(page.getByRole('heading', { level: 1, name: 'More' })).toBeVisible();
  const rows = page.getByTestId('more-list').getByRole('link');
  await expect(rows).toHaveCount(4);
  const expected: [RegExp, string][] = [
    [/Rewards/, '/rewards'],
    [/Gem statement/, '/profile/wisegembalance/history?returnTo=%2Fmore'],
    [/Transactions/, '/homepage/history'],
    [/Support/, '/support'],
  ];
  for (const [i, [name, href]] of expected.entries()) {
    await expect(rows.nth(i)).toHaveAccessibleName(name);
    await expect(rows.nth(i)).toHaveAttribute('href', href);
    // Each row leads with the 40 px circle (docs/look.md).
    const icon = await rows.nth(i).locator('.list__icon').boundingBox();
    expect([Math.round(icon?.width ?? 0), Math.round(icon?.height ?? 0)]).toEqual([40, 40]);
  }
  await expectClean(page, 'more');
  await rows.nth(1).click();
  await expect(page).toHaveURL(/\/profile\/wisegembalance\/history\?returnTo=%2Fmore$/);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/more$/);
});
