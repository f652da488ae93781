import { expect, test, type Page } from '@playwright/test';
import { bottomNavTexts, customerEmailTexts, languageTexts, registerCatalogue, textsIn } from '@wise/shared';
import { pidginCatalogue } from '@wise/shared/i18n/pcm';
import { axeViolations, settle, sidewaysOverflow } from './support/a11y';
import { newUser, signUpAndLogIn, waitForMessage } from './support/auth';

/*
 * docs/i18n.md: a customer switches the app to Pidgin on /profile; the app, a reload and the
 * e-mails the server writes follow, and switching back restores English. Quiet: no sale, no staff.
 */
test.use({ viewport: { width: 390, height: 844 } });

registerCatalogue('pcm', pidginCatalogue);
const nav = { en: bottomNavTexts, pcm: textsIn(bottomNavTexts, 'pcm') };

async function choose(page: Page, name: string) {
  await page.getByTestId('profile-language').getByRole('button').click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  // Not check(): choosing closes the sheet, so the radio is gone before it could be seen checked.
  await sheet.getByRole('radio', { name }).click();
  await expect(sheet).toHaveCount(0);
}

test('a customer switches to Pidgin and back; the app, a reload and their e-mails follow', async ({ page }) => {
  const user = await signUpAndLogIn(page);
  await page.goto('/profile');
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-NG');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('profile-language')).toContainText(languageTexts.row);

  await choose(page, 'Naijá (Pidgin)');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pcm-NG');
  const main = page.getByRole('navigation', { name: nav.pcm.label });
  await expect(main.getByRole('link', { name: nav.pcm.support })).toBeVisible();
  await expect(page.getByTestId('profile-language')).toContainText(textsIn(languageTexts, 'pcm').row);

  // The device remembers it: a reload opens in Pidgin from the first frame.
  await page.reload();
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pcm-NG');
  await expect(main.getByRole('link', { name: nav.pcm.support })).toBeVisible();
  await expect(page.getByTestId('profile-language')).toContainText('Naijá (Pidgin)');

  // Phone width, Pidgin words: nothing runs off the side and axe finds nothing.
  await page.setViewportSize({ width: 360, height: 780 });
  await settle(page);
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByTestId('profile-language').getByRole('button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The account speaks it too: the code for an e-mail change arrives in Pidgin. The screens are
  // reached by their form controls, which read the same in any language.
  const newEmail = newUser().email;
  await page.goto('/profile/modifyemail');
  await page.locator('input[type="password"]').fill(user.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/profile\/modifyemail\/enternewemail$/);
  await page.locator('input[type="email"]').fill(newEmail);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/profile\/modifyemail\/enterOTP$/);
  const [code] = await waitForMessage(page.request, newEmail, /\b\d{4}\b/);
  const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as { to: string; subject: string; text: string }[];
  const mail = outbox.find((message) => message.to === newEmail);
  const pidgin = textsIn(customerEmailTexts, 'pcm').emailChange;
  expect(mail?.subject).toBe(pidgin.subject);
  expect(mail?.text).toBe(pidgin.text(code ?? '', 10));
  expect(mail?.subject).not.toBe(customerEmailTexts.emailChange.subject);

  // Back to English, on the device and the account.
  await page.goto('/profile');
  await settle(page);
  await choose(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-NG');
  await expect(page.getByRole('navigation', { name: nav.en.label }).getByRole('link', { name: nav.en.support })).toBeVisible();
  await page.reload();
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-NG');
  const profile = await page.request.get('/api/profile');
  expect(((await profile.json()) as { language: string }).language).toBe('en');
});
