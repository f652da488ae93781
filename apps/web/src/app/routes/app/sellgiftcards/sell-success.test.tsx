import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { afterSaleTexts, saleMessages } from '@wise/shared';
import { paths } from '#web/config/paths';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { saleDetail } from '#web/testing/sales';
import { CryptoSellSuccessRoute } from '../sellcrypto/sell-success';
import { GiftCardSellSuccessRoute } from './sell-success';

/** The success screens after a sale: what was sold, for how much, and how long reviews take now. */
const routes = [
  { path: paths.giftCardSuccess, Component: GiftCardSellSuccessRoute },
  { path: paths.cryptoSuccess, Component: CryptoSellSuccessRoute },
];

/** The query string travels with a navigation (the memory router's first entry takes a path only). */
async function open(url: string) {
  const view = renderRoutes(routes, { path: url.split('?')[0] });
  await act(async () => {
    await view.router.navigate(url);
  });
  return view;
}

describe('after a sale', () => {
  it('a gift card: the card, its amount, the naira value to the kobo and the median review time', async () => {
    const sale = saleDetail({ amount_kobo: 3_625_050, currency_amount: '25.00' });
    const calls = routeFetch({
      [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }),
      'GET /api/sales/review-time': () => ({ status: 200, body: { median_seconds: 17 * 60, reviews: 12, window_hours: 24 } }),
    });
    await open(`${paths.giftCardSuccess}?sale=${sale.id}`);
    expect((await screen.findByTestId('sale-summary-value')).textContent).toBe('₦36,250.50');
    const summary = screen.getByTestId('sale-summary');
    expect(summary.textContent).toContain('Amazon · USA physical');
    expect(summary.textContent).toContain('$25.00');
    expect((await screen.findByTestId('review-time')).textContent).toBe('Reviews are taking about 17 minutes right now.');
    // Sold at 14:05 in Lagos; reviews take 17 minutes: the money should be there by about 14:22.
    expect(screen.getByTestId('expect-money').textContent).toBe(afterSaleTexts.expectMoney('21 Nov 2026, 14:22'));
    expect(screen.getByTestId('sale-submitted').textContent).toBe(saleMessages.submitted);
    expect(calls.sort()).toEqual([`GET /api/sales/review-time`, `GET /api/transactions/${sale.id}`]);
  });

  it('a coin by its name; with no review in the last day, a sensible line instead of a figure', async () => {
    const sale = saleDetail({
      kind: 'crypto',
      transaction_type: 'crypto',
      title: 'BTC · 0.015',
      card: null,
      coin: 'btc',
      coin_amount: '0.015',
      crypto: { symbol: 'BTC', price_usd: '95000', usdt_rate_ngn: '1600', coin_adjustment_ngn: '0', rate_ngn_per_usd: '1600' },
      amount_kobo: 228_000_000,
    });
    routeFetch({
      [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }),
      'GET /api/sales/review-time': () => ({ status: 200, body: { median_seconds: null, reviews: 0, window_hours: 24 } }),
    });
    await open(`/sellcrypto/cryptocatalogue/btc/success?sale=${sale.id}`);
    expect((await screen.findByTestId('sale-summary-value')).textContent).toBe('₦2,280,000.00');
    expect(screen.getByTestId('sale-summary').textContent).toContain('Bitcoin');
    expect(screen.getByTestId('sale-summary').textContent).toContain('0.015 BTC');
    expect((await screen.findByTestId('review-time')).textContent).toBe(afterSaleTexts.reviewTimeUnknown);
    // Nothing to measure, so no time is promised.
    expect(screen.queryByTestId('expect-money')).toBeNull();
  });

  it('a failed look-up leaves the summary out and the way on in place', async () => {
    const sale = saleDetail();
    routeFetch({
      [`GET /api/transactions/${sale.id}`]: () => ({ status: 500, body: { error: 'Something went wrong' } }),
      'GET /api/sales/review-time': () => ({ status: 500, body: { error: 'Something went wrong' } }),
    });
    await open(`${paths.giftCardSuccess}?sale=${sale.id}`);
    expect(await screen.findByRole('link', { name: 'View transaction' })).toBeTruthy();
    // Both answers have come (no placeholder left) and neither part is shown.
    await waitFor(() => expect(screen.getByTestId('after-sale').querySelector('.skeleton')).toBeNull());
    expect(screen.queryByTestId('sale-summary')).toBeNull();
    expect(screen.queryByTestId('review-time')).toBeNull();
  });
});
