import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { typeOtp } from './support/auth';
import { apiCustomer } from './support/account';

test.use({ viewport: { width: 390, height: 844 } });

const pngPhoto = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .png()
    .toBuffer();

test('dashboard shows every element, and each pending action disappears once done', async ({ page }) => {
  await apiCustomer(page, { fullName: 'Chiamaka Ada Obi' });
  await page.goto('/homepage');
  await expect(page.getByRole('heading', { name: 'Hi, Chiamaka' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  // The balance is hidden until the eye is tapped.
  await expect(page.getByTestId('gem-balance')).toContainText('****');
  await page.getByRole('button', { name: 'Show balance' }).click();
  await expect(page.getByTestId('gem-balance')).toContainText('0 gems');
  await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/profile/wisegembalance/history?returnTo=%2Fhomepage');
  for (const [name, href] of [
    ['Airtime', '/airtime'],
    ['Data', '/data'],
    ['Bettings', '/bettings'],
    ['TV', '/tv'],
    ['Electricity', '/electricity'],
    ['Transport', '/transport'],
    ['Earn', '/earn'],
    ['More', '/more'],
  ] as const) {
    await expect(page.getByRole('region', { name: 'Services' }).getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(page.getByRole('link', { name: /Sell Gift Cards/ })).toHaveAttribute('href', '/sellgiftcards/giftcardscatalogue');
  await expect(page.getByRole('link', { name: /Sell Cryptocurrency/ })).toHaveAttribute('href', '/sellcrypto/cryptocatalogue');
  // Bottom navigation with the current tab marked.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/account');

  const pending = page.getByTestId('pending-actions');
  await expect(pending.getByRole('link')).toHaveCount(4);

  // 1. Set the PIN from its prompt.
  await pending.getByRole('link', { name: /Set your transaction PIN/ }).click();
  await expect(page).toHaveURL(/\/homepage\/pinset$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('PIN is required')).toBeVisible();
  await typeOtp(page, '12');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Invalid PIN')).toBeVisible();
  await typeOtp(page, '2468');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/homepage\/confirmpinset$/);
  await typeOtp(page, '2469');
  await page.getByRole('button', { name: 'Set', exact: true }).click();
  await expect(page.getByText('Pin does not match')).toBeVisible();
  await typeOtp(page, '2468');
  await page.getByRole('button', { name: 'Set', exact: true }).click();
  await expect(page).toHaveURL(/\/homepage\/pinset\/success$/);
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(pending.getByRole('link')).toHaveCount(3);
  await expect(pending.getByRole('link', { name: /Set your transaction PIN/ })).toHaveCount(0);

  // 2. Upload a photo from its prompt: the new photo shows.
  await pending.getByRole('link', { name: /Upload a profile photo/ }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByTestId('photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngPhoto() });
  await expect(page.getByText('Profile photo updated')).toBeVisible();
  const img = page.locator('.photo-upload img');
  await expect(img).toHaveAttribute('src', /^\/api\/profile\/photo\/[a-f0-9]{32}\.webp$/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(512);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(pending.getByRole('link')).toHaveCount(2);

  // 3. Add bank details: the name is resolved before saving.
  await pending.getByRole('link', { name: /Add your bank details/ }).click();
  await expect(page).toHaveURL(/\/account\/updatebank$/);
  await page.getByLabel('Bank name').selectOption({ label: 'Guaranty Trust Bank' });
  await page.getByLabel('Account number').fill('01234');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid account number')).toBeVisible();
  await page.getByLabel('Account number').fill('0123456789');
  await expect(page.getByTestId('resolved-name')).toHaveText(/[A-Z]+ [A-Z]+ [A-Z]+/);
  const resolvedName = (await page.getByTestId('resolved-name').textContent())?.trim() ?? '';
  // The PIN set above stands in for the password a first account would otherwise need (docs/identity.md).
  await expect(page.getByLabel('Your password')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/account\/success$/);
  await expect(page.getByText('Bank details updated successfully')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  // Only the identity check is left (it stays until tier 1).
  await expect(page.getByTestId('pending-actions').getByRole('link')).toHaveText([/Verify your identity/]);
  await expect(page.locator('.dashboard__avatar img')).toHaveAttribute('src', /\/api\/profile\/photo\//);

  // The wallet shows the saved account with the resolved name.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByTestId('bank-details')).toContainText('Guaranty Trust Bank');
  await expect(page.getByTestId('bank-details')).toContainText('0123456789');
  await expect(page.getByTestId('bank-details')).toContainText(resolvedName);

  // Notifications arrived for the PIN and the bank details; opening the list marks them read.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('unread-count')).toHaveText('2');
  await page.getByRole('link', { name: /Notifications/ }).click();
  const list = page.getByTestId('notifications');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('Your payout bank details were added: Guaranty Trust Bank ******6789');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Your transaction PIN was set.');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByTestId('unread-count')).toHaveCount(0);
});

test('changing bank details asks for the PIN', async ({ page }) => {
  await apiCustomer(page);
  await page.request.post('/api/pin', { data: { pin: '1357', confirm_pin: '1357' } });
  await page.request.put('/api/bank', { data: { bank_code: '057', bank_account: '1112223334' } });
  await page.goto('/account/updatebank');
  await page.getByLabel('Bank name').selectOption({ label: 'Access Bank' });
  await page.getByLabel('Account number').fill('4445556667');
  await expect(page.getByTestId('resolved-name')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('PIN is required')).toBeVisible();
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type('0000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/Incorrect PIN\. 4 attempts left/).first()).toBeVisible();
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type('1357');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/account\/success$/);
});

test('history shows a real empty state and the status search', async ({ page }) => {
  await apiCustomer(page);
  await page.goto('/homepage/history');
  await expect(page.getByText('No transactions yet')).toBeVisible();
  await page.getByRole('button', { name: 'Rejected' }).click();
  await expect(page.getByText('No rejected transactions')).toBeVisible();
});

test('support links, coming-soon pages and More', async ({ page }) => {
  await apiCustomer(page);
  await page.goto('/support');
  await expect(page.getByTestId('support-whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
  await expect(page.getByTestId('support-email')).toHaveAttribute('href', /^mailto:.+@.+/);
  await page.getByRole('link', { name: /Live chat/ }).click();
  await expect(page.getByText('COMING SOON')).toBeVisible();
  for (const path of ['/bettings', '/transport']) {
    await page.goto(path);
    await expect(page.getByText('COMING SOON')).toBeVisible();
  }
  await page.goto('/more');
  await expect(page.getByRole('link', { name: /Rewards/ })).toHaveAttribute('href', '/rewards');
});
