import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { totpAt } from '../apps/server/src/domain/staff/totp';
import { waitForMessage } from './support/auth';
import { signInNewStaff } from './support/staff';

/**
 * docs/separation-of-duties.md: admin A asks to add an admin, admin B confirms on the staff screen,
 * the invitee opens the e-mailed link from the dev outbox, chooses a password, sets up the
 * authenticator and is signed in. No screen ever shows a password.
 */
test('a new admin joins by invitation once a second admin confirms', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const a = await signInNewStaff(browser, 'admin');
  const b = await signInNewStaff(browser, 'admin');
  const invitee = `invitee.${randomBytes(4).toString('hex')}@wise.test`;

  await a.page.goto('/admin/staff');
  await a.page.getByRole('button', { name: 'Add staff member' }).click();
  const add = a.page.getByRole('dialog');
  await add.getByLabel('Name').fill('Ifeoma Invitee');
  await add.getByLabel('Work email').fill(invitee);
  await add.getByLabel('Role').selectOption('admin');
  await add.getByRole('button', { name: 'Continue' }).click();
  const confirmA = a.page.getByRole('dialog');
  await confirmA.getByLabel('Authenticator code').fill(a.code());
  await confirmA.getByRole('button', { name: 'Add' }).click();
  await expect(a.page.getByText(/another admin confirms it/).first()).toBeVisible();
  // The one who asked may withdraw, not confirm.
  const mine = a.page.getByRole('region', { name: 'Waiting for a second admin' }).getByRole('listitem').filter({ hasText: invitee });
  await expect(mine.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

  await b.page.goto('/admin/staff');
  const waiting = b.page.getByRole('region', { name: 'Waiting for a second admin' }).getByRole('listitem').filter({ hasText: invitee });
  await waiting.getByRole('button', { name: 'Confirm' }).click();
  const confirmB = b.page.getByRole('dialog');
  await confirmB.getByLabel('Authenticator code').fill(b.code());
  await confirmB.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirmB).toBeHidden();
  await expect(b.page.getByRole('cell', { name: new RegExp(invitee) })).toBeVisible();

  const [link] = await waitForMessage(request, invitee, /\/admin\/invitation#[A-Za-z0-9_-]+/);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(link);
  const password = `ifeoma chose this ${randomBytes(3).toString('hex')}`;
  await page.getByLabel('Choose a password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Set my password' }).click();

  const secretBox = page.getByLabel('Secret key');
  await expect(secretBox).toBeVisible();
  const secret = ((await secretBox.textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('Authenticator code').fill(totpAt(secret, new Date()));
  await page.getByRole('button', { name: /confirm|verify|continue/i }).click();
  await expect(page).toHaveURL(/\/admin(\/)?$/);
  await expect(page.getByRole('link', { name: 'Staff' })).toBeVisible();

  // The link works once.
  const again = await context.newPage();
  await again.goto(link);
  await expect(again.getByRole('alert')).toHaveText(/not valid any more/);
});
