import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import Decimal from 'decimal.js';
import { formatKobo, previewValueKobo, rateAlertTexts, type RatesResponse } from '@wise/shared';
import { apiCustomer } from './support/account';
import { axeViolations, clippedText, settle, sidewaysOverflow } from './support/a11y';
import { signInNewStaff } from './support/staff';

/**
 * Today's rates and rate alerts (docs/features.md, "Rates and alerts"): /rates logged out, with the
 * calculator giving the sell forms' figures; and a customer's alert that fires once an admin
 * raises a rate, seen as an in-app notification. The alert journey rates a card of its own, so
 * journeys running beside it keep the seeded rates they sell at.
 */

test.use({ viewport: { width: 360, height: 780 } });

const ratesOf = async (request: APIRequestContext): Promise<RatesResponse> => {
  const response = await request.get('/api/rates');
  expect(response.status()).toBe(200);
  return (await response.json()) as RatesResponse;
};

test('/rates logged out: every card and coin, a calculator giving the sell form’s naira, axe clean at 360 px', async ({ page }) => {
  await page.goto('/rates');
  await settle(page);
  await expect(page.getByRole('heading', { level: 1, name: "Today's rates" })).toBeVisible();
  await expect(page).toHaveTitle(/Today's gift card and crypto rates/);
  const rates = await ratesOf(page.request);
  const amazon = rates.cards.find((c) => c.slug === 'amazon')!;
  const usa = amazon.subcategories[0]!;
  await expect(page.getByRole('heading', { level: 3, name: 'Amazon' })).toBeVisible();
  await expect(page.getByTestId('rate-subcategory').filter({ hasText: usa.rate_text }).first()).toBeVisible();
  for (const coin of rates.coins) await expect(page.getByTestId(`rate-coin-${coin.id}`)).toContainText(coin.title);

  // A $50 card at the sub-category's rate, as the sell form previews it.
  const calculator = page.getByRole('region', { name: 'Rate calculator' });
  await calculator.getByLabel('Card or coin').selectOption(`giftcard:${usa.id}`);
  await calculator.getByLabel('Amount in USD').fill('50');
  await expect(page.getByTestId('rates-calculator-value')).toHaveText(formatKobo(previewValueKobo('50', usa.exchange_rate)!));
  // Outside the card's band, the band's own message instead of a figure.
  await calculator.getByLabel('Amount in USD').fill('5000');
  await expect(page.getByTestId('rates-calculator-value')).toHaveText('₦0.00');
  await expect(calculator).toContainText('Enter an amount between');

  // 100 USDT: amount × USD price × naira per USD, rounded once to the kobo.
  const usdt = (await ratesOf(page.request)).coins.find((c) => c.id === 'usdt')!;
  await calculator.getByLabel('Card or coin').selectOption('coin:usdt');
  await calculator.getByLabel('Amount in USDT').fill('100');
  const expected = new Decimal('100')
    .times(usdt.current_price_usd)
    .times(usdt.rate_ngn_per_usd)
    .times(100)
    .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
    .toNumber();
  await expect(page.getByTestId('rates-calculator-value')).toHaveText(formatKobo(expected));

  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('/rates at 360 px: each coin rate on one line, the alerts right after the calculator', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/rates');
  await settle(page);
  const lines = await page.locator('[data-testid^="rate-coin-"] .rates-sub').evaluateAll((subs) =>
    subs.map((sub) => {
      const range = document.createRange();
      range.selectNodeContents(sub);
      // One box per line (a fallback font for ₦ may split a line into boxes: count distinct lines).
      return { text: sub.textContent, lines: new Set([...range.getClientRects()].map((box) => Math.round(box.bottom))).size };
    }),
  );
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line, `${line.text} wraps`).toMatchObject({ lines: 1 });
  // …and none is cut off by its box either.
  expect(await clippedText(page)).toEqual([]);
  // The alerts come before the coin and card lists, not at the end of the page.
  const top = async (selector: string) => (await page.locator(selector).boundingBox())!.y;
  expect(await top('#rate-alerts-heading')).toBeLessThan(await top('#rates-coins-heading'));
  expect(await top('#rate-alerts-heading')).toBeLessThan(2 * 740);
});

test('a rate alert fires after an admin raises the rate: the customer sees the notification once', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const staff = await signInNewStaff(browser, 'admin');
  const name = `Rates Journey ${randomBytes(3).toString('hex')}`;
  const card = await staff.page.request.post('/api/admin/giftcards', { data: { name, currency: 'USD', brand_color: '#3b2bd6' } });
  expect(card.status(), await card.text()).toBe(201);
  const cardId = ((await card.json()) as { card: { id: string } }).card.id;
  const sub = await staff.page.request.post(`/api/admin/giftcards/${cardId}/subcategories`, {
    data: {
      country: 'USA',
      kind: 'ecode',
      currency: 'USD',
      min_amount: '10',
      max_amount: '500',
      exchange_rate: '1000',
      confirm_code: staff.code(),
    },
  });
  expect(sub.status(), await sub.text()).toBe(201);
  const subId = ((await sub.json()) as { subcategory: { id: string } }).subcategory.id;

  await apiCustomer(page);
  await page.goto('/rates');
  await settle(page);
  const alerts = page.getByRole('region', { name: 'Rate alerts' });
  await alerts.getByLabel('Tell me when').selectOption(`giftcard:${subId}`);
  await alerts.getByLabel('Reaches (₦)').fill('1050');
  await alerts.getByRole('button', { name: 'Set alert' }).click();
  await expect(alerts.getByTestId('rate-alert')).toContainText('When it reaches ₦1,050.00/$');
  await expect(alerts.getByTestId('rate-alert-count')).toHaveText(rateAlertTexts.count(1));
  expect(await axeViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBe(0);

  const raise = await staff.page.request.patch(`/api/admin/giftcards/subcategories/${subId}`, {
    data: { exchange_rate: '1075', confirm_code: staff.code() },
  });
  expect(raise.status(), await raise.text()).toBe(200);

  const message = rateAlertTexts.fired(`${name} USA e-code · $10–$500`, '₦1,075.00/$', '₦1,050.00/$');
  // The server's job worker runs the check once the change has committed.
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/rates/alerts');
        return ((await response.json()) as { alerts: { spent_at: string | null }[] }).alerts[0]?.spent_at ?? null;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  await page.goto('/homepage/notifications');
  await expect(page.getByText(message)).toHaveCount(1);

  await page.goto('/rates');
  await expect(page.getByRole('region', { name: 'Rate alerts' }).getByTestId('rate-alert')).toContainText('Reached ₦1,075.00/$');
  await staff.page.context().close();
});
