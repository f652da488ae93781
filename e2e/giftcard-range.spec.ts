import { expect, test } from '@playwright/test';
import { apiCustomer } from './support/account';
import { axeViolations, settle, sidewaysOverflow } from './support/a11y';
import { setBankDetails } from './support/giftcards';

/**
 * An amount outside the card's band: the value panel says the band (the message the form refuses
 * the amount with) instead of promising a naira figure; inside it, the value comes back.
 */

interface SubCategory {
  id: string;
  kind: string;
  currency: string;
  min_amount: string;
  max_amount: string;
}

const RANGE = 'Enter an amount between $25.00 and $100.00 for this card';

for (const width of [390, 360]) {
  test(`out of range at ${width} px: the range, not a value; the form refuses it with the same words`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await apiCustomer(page);
    await setBankDetails(page);
    const { subcategories } = (await (await page.request.get('/api/giftcards/amazon')).json()) as { subcategories: SubCategory[] };
    const usa = subcategories.find(
      (sub) => sub.kind === 'physical' && sub.currency === 'USD' && sub.min_amount === '25.00' && sub.max_amount === '100.00',
    );
    if (!usa) throw new Error('seeded Amazon USA physical $25–$100 band missing');

    await page.goto('/sellgiftcards/giftcardscatalogue/amazon');
    await settle(page);
    await page.getByLabel('Sub-category').selectOption(usa.id);
    const value = page.getByTestId('sale-value-amount');
    await page.getByLabel('Amount ($)').fill('150');
    await expect(value).toHaveText(RANGE);
    await expect(page.getByTestId('sale-value')).not.toContainText('₦0');
    await page.getByLabel('Amount ($)').fill('10');
    await expect(value).toHaveText(RANGE);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/giftcard-range-${width}.png` });

    // The form says the very same thing under the field.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.field__error', { hasText: RANGE })).toBeVisible();

    await page.getByLabel('Amount ($)').fill('100');
    await expect(value).toHaveText(/^₦[\d,]+\.\d{2}$/);
  });
}
