import { expect, test } from '@playwright/test';
import { signInNewStaff } from './support/staff';

/**
 * README, "Staff passkeys (back office)": Chromium's virtual authenticator stands in for the staff
 * member's fingerprint or security key. An admin adds a passkey at /admin/security (behind the
 * authenticator code), signs out, and signs back in with the password and the passkey, no code.
 */

test('an admin enrols a passkey and signs in with password + passkey, without a code', async ({ browser }) => {
  const staff = await signInNewStaff(browser, 'admin');
  const { page } = staff;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

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
