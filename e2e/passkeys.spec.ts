import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { axeViolations, settle } from './support/a11y';
import { signUpAndVerify, type TestUser } from './support/auth';

/**
 * docs/features.md, "Passkeys": Chromium's virtual authenticator stands in for the phone's fingerprint or
 * screen lock. A password login offers "Sign in faster next time"; the passkey made there signs
 * the customer in from /login without the password; /profile/passkeys lists and removes it.
 * Checked with axe at 360 px on each screen the feature changes.
 */

async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
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

async function expectAxeClean(page: Page): Promise<void> {
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
}

async function passwordLogin(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login\/password$/);
  await page.getByPlaceholder('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test.use({ viewport: { width: 360, height: 780 } });

test('a passkey offered after the password signs in, and is removed on the profile', async ({ page }) => {
  const user = await signUpAndVerify(page);
  const { cdp, authenticatorId } = await addAuthenticator(page);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await expectAxeClean(page);

  await passwordLogin(page, user);
  const offer = page.getByRole('dialog', { name: 'Sign in faster next time' });
  await expect(offer).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await offer.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(page.getByText('Passkey added. Next time, sign in with it')).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(page.getByRole('heading', { name: 'Hi, Ada' })).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByTestId('profile-passkeys')).toBeVisible();
  await expectAxeClean(page);
  await page.getByTestId('profile-passkeys').click();
  await expect(page).toHaveURL(/\/profile\/passkeys$/);
  const list = page.getByTestId('passkey-list');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('Chrome on Android')).toBeVisible();
  await expect(list.getByText(/^Last used/)).toBeVisible();
  await expectAxeClean(page);

  // Signed in by the passkey moments ago: removing it needs no password.
  await list.getByRole('button', { name: 'Remove Chrome on Android' }).click();
  const sheet = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(sheet).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await sheet.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(page.getByText('No passkeys yet')).toBeVisible();
  await expectAxeClean(page);

  // The browser still holds the credential, but the account no longer knows it.
  await page.goto('/homepage');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('This passkey is not registered with Wise. Log in with your password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('"Not now" is remembered on the device, even after logging out', async ({ page }) => {
  const user = await signUpAndVerify(page);
  await addAuthenticator(page);

  await passwordLogin(page, user);
  const offer = page.getByRole('dialog', { name: 'Sign in faster next time' });
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL(/\/homepage$/);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await passwordLogin(page, user);
  await expect(page).toHaveURL(/\/homepage$/);
  await expect(page.getByRole('dialog', { name: 'Sign in faster next time' })).toHaveCount(0);
});
