import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiCustomer } from './support/account';
import { axeViolations, settle, sidewaysOverflow } from './support/a11y';
import { fillPhone, logIn, newUser, readOtp, typeOtp } from './support/auth';
import { approveAndPay, expectPaid } from './support/payouts';
import { sellGiftCardByApi } from './support/staff';

/**
 * Referrals (docs/features.md, "Referrals"): a customer shares their link from /rewards (no share sheet in
 * this browser, so it is copied and a toast says so), a friend signs up through it, the friend's
 * first sale is approved and paid the way the back office does it (the approval, then
 * `startPayout`; the server's sandbox pays it), and both see their referral gems on /rewards.
 */

test.use({ viewport: { width: 360, height: 780 } });

test('a friend signs up through a customer’s link and, once their first sale is paid, both earn referral gems', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // This browser has no share sheet on Linux; removing it anyway makes the fallback certain.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await apiCustomer(page);

  await page.goto('/rewards');
  const card = page.getByRole('region', { name: 'Invite friends' });
  await expect(card.getByTestId('referral-code')).toHaveText(/^[A-HJKMNP-Z2-9]{8}$/);
  const code = (await card.getByTestId('referral-code').textContent()) ?? '';
  await expect(card).toContainText('0 friends joined');
  await card.getByRole('button', { name: 'Share link' }).click();
  await expect(page.locator('.Toastify').getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/createaccount\\?ref=${code}$`));
  await expect(card.getByTestId('referral-link')).toHaveText(link);

  await settle(page);
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('rewards-referral-360.png'), fullPage: true });

  // The friend opens the link in their own browser and signs up.
  const friendContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const friendPage = await friendContext.newPage();
  const friend = newUser({ fullName: 'Chidi Okeke' });
  await friendPage.goto(new URL(link).pathname + new URL(link).search);
  await expect(friendPage.getByTestId('signup-invited')).toHaveText(`You were invited with the code ${code}.`);
  await friendPage.getByLabel('Full name').fill(friend.fullName);
  await friendPage.getByLabel('Username').fill(friend.username);
  await friendPage.getByLabel('Email address').fill(friend.email);
  await fillPhone(friendPage, 'Phone number', friend.phone);
  await friendPage.getByLabel('Password', { exact: true }).fill(friend.password);
  await friendPage.getByRole('button', { name: 'Create' }).click();
  await expect(friendPage).toHaveURL(/\/createaccount\/otp$/);
  await typeOtp(friendPage, await readOtp(friendPage.request, friend.email));
  await friendPage.getByRole('button', { name: 'Verify' }).click();
  await expect(friendPage).toHaveURL(/\/createaccount\/success$/);
  await logIn(friendPage, friend);

  await page.reload();
  await expect(card).toContainText('1 friend joined');
  await expect(card).toContainText('0 gems earned from invites');

  // The friend's first sale, paid to an account of their own.
  const account = `1${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  const bank = await friendPage.request.put('/api/bank', { data: { bank_code: '058', bank_account: account, password: friend.password } });
  expect(bank.ok(), await bank.text()).toBeTruthy();
  const sale = await sellGiftCardByApi(friendPage, '50');
  await approveAndPay(sale.id);
  await expectPaid(friendPage, sale.id);

  await friendPage.goto('/rewards');
  const friendCard = friendPage.getByRole('region', { name: 'Invite friends' });
  await expect(friendCard).toContainText('50 gems earned from invites');
  await page.reload();
  await expect(card).toContainText('100 gems earned from invites');
  // The referrer had no sale: what they can collect is exactly the referral gems.
  await expect(page.getByText('100 gems ready to collect')).toBeVisible();
  await friendContext.close();
});
