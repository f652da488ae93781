import { expect, test, type Page } from '@playwright/test';
import { apiCustomer } from './support/account';
import { setBankDetails } from './support/giftcards';
import { sellGiftCardByApi, signInNewStaff, type StaffMember } from './support/staff';

/**
 * docs/features.md, "Staff passkeys (back office)": Chromium's virtual authenticator stands in for the staff
 * member's fingerprint or security key. An admin adds a passkey at /admin/security (behind the
 * authenticator code), signs out, and signs back in with the password and the passkey, no code; a
 * reviewer confirms an approval with their passkey instead of the code (docs/decisions.md §8.6).
 */

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** At /admin/security, behind the authenticator code. */
async function addPasskey(staff: StaffMember) {
  const { page } = staff;
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Authenticator code').fill(staff.code());
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveCount(1);
}

test('an admin enrols a passkey and signs in with password + passkey, without a code', async ({ browser }) => {
  const staff = await signInNewStaff(browser, 'admin');
  const { page } = staff;
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Authenticator code').fill(staff.code());
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  const passkeys = page.getByRole('list', { name: 'Your passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Work email').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/admin\/verify$/);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);

  await page.getByRole('link', { name: 'Security' }).click();
  await expect(passkeys.getByText(/last used/)).toBeVisible();
});

test('a reviewer approves and pays a sale with their passkey instead of the authenticator code', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await apiCustomer(page);
  await setBankDetails(page);
  const sale = await sellGiftCardByApi(page, '50');

  const staff = await signInNewStaff(browser);
  const { cdp, authenticatorId } = await virtualAuthenticator(staff.page);
  await addPasskey(staff);
  const signCount = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]?.signCount ?? 0;
  const before = await signCount();

  await staff.page.goto(`/admin/sales/${sale.id}`);
  await staff.page.getByRole('form', { name: 'Approve' }).getByRole('button', { name: 'Approve and pay' }).click();
  const dialog = staff.page.getByRole('dialog');
  // The code stays available beside the passkey.
  await expect(dialog.getByLabel('Authenticator code')).toBeVisible();
  await dialog.getByRole('button', { name: 'Use passkey' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  expect(await signCount()).toBeGreaterThan(before);
  await staff.page.goto(`/admin/sales/${sale.id}`);
  await expect(staff.page.getByRole('heading', { level: 1 })).toContainText(/Approved|Paid/, { timeout: 30_000 });
  await staff.page.close();
});
