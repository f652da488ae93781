import { expect, test, type Locator, type Page } from '@playwright/test';
import { TOAST_MS } from '@wise/shared';
import { billCustomer } from './support/bills';
import { apiCustomer } from './support/gems';
import { passwordOf } from './support/credentials';

/**
 * Accessibility (docs/ACCESSIBILITY.md): the custom controls used with a keyboard alone, and what a screen
 * reader is told (names, roles, live announcements). Each journey presses keys only — no clicks —
 * from the moment the screen is open. The axe scan of every screen is e2e/accessibility.spec.ts.
 */

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 120_000 });

const focused = (page: Page) => page.locator('*:focus');

/** Presses Tab until `target` has focus (at most `limit` presses); fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 25) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('PIN boxes: named for a screen reader, masked, typed, erased, moved through and pasted by keyboard', async ({ page }) => {
  await apiCustomer(page, '/homepage/pinset');
  const group = page.getByRole('group', { name: 'New PIN' });
  await expect(group).toBeVisible();
  const box = (n: number) => group.getByRole('textbox', { name: `Digit ${n} of 4` }).or(group.getByLabel(`Digit ${n} of 4`));
  await tabTo(page, box(1));
  for (let n = 1; n <= 4; n++) await expect(box(n)).toHaveAttribute('type', 'password');

  await page.keyboard.type('135');
  await expect(box(4)).toBeFocused();
  // Backspace on the empty last box clears the one before and goes back to it.
  await page.keyboard.press('Backspace');
  await expect(box(3)).toBeFocused();
  await expect(box(3)).toHaveValue('');
  await page.keyboard.press('ArrowLeft');
  await expect(box(2)).toBeFocused();
  await page.keyboard.type('7');
  await expect(box(2)).toHaveValue('7');
  await expect(box(3)).toBeFocused();

  // Ctrl+V of a copied code fills every box, wherever the caret is.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => navigator.clipboard.writeText('2468'));
  await page.keyboard.press('Control+V');
  for (const [i, digit] of [...'2468'].entries()) await expect(box(i + 1)).toHaveValue(digit);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/homepage\/confirmpinset$/);
});

test('form errors are announced and tied to their field; selects work by keyboard; the checkout sheet traps focus and gives it back', async ({
  page,
}) => {
  await billCustomer(page, 500, '/airtime');
  const proceed = page.getByRole('button', { name: 'Proceed' });
  await tabTo(page, proceed);
  await page.keyboard.press('Enter');

  // Each error is a live alert, the field is marked invalid and described by its error.
  await expect(page.getByRole('alert').filter({ hasText: 'This field is required' })).toHaveCount(3);
  const network = page.getByRole('combobox', { name: 'Network' });
  for (const field of [network, page.getByRole('textbox', { name: 'Phone number' }), page.getByRole('textbox', { name: 'Amount' })]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('This field is required');
  }
  // The first wrong field takes focus, so a keyboard user starts where the problem is.
  await expect(network).toBeFocused();

  // A native select: arrow keys and type-ahead choose without opening anything.
  await page.keyboard.press('ArrowDown');
  await expect(network).not.toHaveValue('');
  await page.keyboard.type('glo');
  await expect(network).toHaveValue('glo');
  await expect(network).not.toHaveAttribute('aria-invalid');

  await page.keyboard.press('Tab');
  // A GLO number: the network the number names agrees with the one chosen.
  await page.keyboard.type('08051234567');
  await expect(network).toHaveValue('glo');
  // Past "My number", to the amount.
  await tabTo(page, page.getByRole('textbox', { name: 'Amount' }));
  await page.keyboard.type('200');
  await tabTo(page, proceed);
  await page.keyboard.press('Enter');

  const sheet = page.getByRole('dialog', { name: 'Checkout' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAttribute('aria-modal', 'true');
  // Focus is inside the sheet and Tab / Shift+Tab never leave it.
  const inSheet = () => focused(page).evaluate((element) => Boolean(element.closest('[role="dialog"]')));
  expect(await inSheet()).toBe(true);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await inSheet()).toBe(true);
  }
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inSheet()).toBe(true);
  }
  await expect(sheet.getByRole('button', { name: 'Purchase' })).toBeVisible();

  // Escape closes it and focus is back on the button that opened it.
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(proceed).toBeFocused();
});

test('a toast is announced: bank details saved by keyboard, with the bank chosen from a select', async ({ page }) => {
  // Coming from another screen (returnTo), the confirmation is a toast rather than the success page.
  await apiCustomer(page, `/account/updatebank?returnTo=${encodeURIComponent('/homepage')}`);
  const bank = page.getByRole('combobox', { name: 'Bank name' });
  await tabTo(page, bank);
  // Type-ahead: each G moves to the next bank starting with G (Globus, then Guaranty Trust).
  await page.keyboard.press('g');
  await page.keyboard.press('g');
  await expect(bank).toHaveValue('058');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0123456789');
  // No PIN yet: the password field follows (docs/identity.md).
  await tabTo(page, page.getByLabel('Your password'));
  await page.keyboard.type(passwordOf(page));
  await page.keyboard.press('Enter');
  // react-toastify renders each toast as role="alert": read out as soon as it appears.
  const toast = page.getByRole('alert').filter({ hasText: 'Bank details updated successfully' });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/homepage$/);
  // With reduced motion asked for (test.use above), the toast still stays its 5 s to be read: its
  // timer is its (hidden) progress bar's animation, which must keep its whole length and be running.
  const timer = await toast.evaluate(
    (element) => {
      const animation = element.closest('.Toastify__toast')?.querySelector('.Toastify__progress-bar')?.getAnimations()[0];
      return animation ? { duration: animation.effect?.getTiming().duration, state: animation.playState } : null;
    },
    undefined,
    { timeout: TOAST_MS },
  );
  expect(timer).toEqual({ duration: TOAST_MS, state: 'running' });
  await expect(toast).toBeVisible();
});

test('the gender select is labelled and chosen by keyboard', async ({ page }) => {
  await apiCustomer(page, '/profile/modifygender');
  const gender = page.getByRole('combobox', { name: 'Gender' });
  await tabTo(page, gender);
  await page.keyboard.type('f');
  await expect(gender).toHaveValue('female');
  await tabTo(page, page.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\/success/, { timeout: 30_000 });
});
