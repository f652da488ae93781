import { test, expect, type Page } from '@playwright/test';

/** The OTP screen opened directly asks for the e-mail first; no code is needed to try the boxes. */
async function openBoxes(page: Page) {
  await page.goto('/createaccount/otp');
  await page.getByLabel('Email address').fill('someone@wisetest.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Digit 1 of 4')).toBeFocused();
}

const box = (page: Page, n: number) => page.getByLabel(`Digit ${n} of 4`);

async function paste(page: Page, n: number, text: string) {
  await box(page, n).evaluate((input, data) => {
    const clipboard = new DataTransfer();
    clipboard.setData('text/plain', data);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
  }, text);
}

async function expectBoxes(page: Page, digits: string) {
  for (let i = 0; i < 4; i++) await expect(box(page, i + 1)).toHaveValue(digits[i] ?? '');
}

test.describe('OTP boxes', () => {
  test('are numeric one-time-code inputs and typing moves focus along', async ({ page }) => {
    await openBoxes(page);
    await expect(box(page, 1)).toHaveAttribute('inputmode', 'numeric');
    await expect(box(page, 1)).toHaveAttribute('autocomplete', 'one-time-code');
    await page.keyboard.type('4');
    await expect(box(page, 2)).toBeFocused();
    await page.keyboard.type('x');
    await expect(box(page, 2)).toHaveValue('');
    await page.keyboard.type('72');
    await expect(box(page, 4)).toBeFocused();
    await expectBoxes(page, '472');
  });

  test('pasting four digits into any box fills them all', async ({ page }) => {
    await openBoxes(page);
    await paste(page, 3, '5 9 1 3');
    await expectBoxes(page, '5913');
    await paste(page, 1, '2468');
    await expectBoxes(page, '2468');
  });

  test('backspace on an empty box goes back and clears the previous one', async ({ page }) => {
    await openBoxes(page);
    await page.keyboard.type('123');
    await expect(box(page, 4)).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(box(page, 3)).toBeFocused();
    await expectBoxes(page, '12');
    await page.keyboard.press('Backspace');
    await expect(box(page, 2)).toBeFocused();
    await expectBoxes(page, '1');
  });

  test('submitting too few digits shows the OTP message under the boxes', async ({ page }) => {
    await openBoxes(page);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('OTP is required');
    await page.keyboard.type('12');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('OTP must be 4 digits');
  });
});
