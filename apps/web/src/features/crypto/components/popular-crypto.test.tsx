import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cryptoMessages, popularCryptoTexts, trendingCoinTexts } from '@wise/shared';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { trendingCoin } from '../test-data';
import { PopularCrypto } from './popular-crypto';

const routes = [{ path: '/', Component: PopularCrypto }];
const trending = (count: number) => ({
  status: 200,
  body: { coins: Array.from({ length: count }, (_, i) => trendingCoin(i + 1)), updated_at: '2026-11-21T13:00:00.000Z', stale: false },
});

describe('Popular cryptocurrency', () => {
  it('shows skeleton rows, then 5 coins with price, change and sparkline; See More shows all, See Less 5 again', async () => {
    routeFetch({ 'GET /api/crypto/trending': () => trending(12) });
    const { user } = renderRoutes(routes);
    expect(screen.getByLabelText('Loading popular cryptocurrency')).toBeTruthy();

    const list = await screen.findByTestId('popular-crypto');
    expect(within(list).getAllByTestId('popular-coin')).toHaveLength(5);
    const first = within(list).getAllByTestId('popular-coin')[0] as HTMLElement;
    expect(within(first).getByText('Coin 1')).toBeTruthy();
    expect(within(first).getByText('C1')).toBeTruthy();
    // 1.123456 to 5 significant digits; -1.235 % to 2 decimals, rounded half away from zero, in red.
    expect(within(first).getByText('$1.1235')).toBeTruthy();
    const change = within(first).getByText('-1.24%');
    expect(change.className).toContain('price-change--down');
    expect(first.querySelector('svg.sparkline polyline')?.getAttribute('points')?.split(' ').length).toBeGreaterThan(10);
    expect(within(list).getAllByTestId('popular-coin')[1]?.textContent).toContain('+3.50%');

    const toggle = screen.getByRole('button', { name: 'See More' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(within(list).getAllByTestId('popular-coin')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'See Less' }));
    expect(within(list).getAllByTestId('popular-coin')).toHaveLength(5);
  });

  it('opens the sell page of a coin we buy, and a sheet saying we do not buy the others', async () => {
    const coins = [
      { ...trendingCoin(1), name: 'Bitcoin', symbol: 'btc', sellable: 'btc' as const },
      { ...trendingCoin(2), name: 'Pepe', symbol: 'pepe', sellable: null },
    ];
    routeFetch({
      'GET /api/crypto/trending': () => ({ status: 200, body: { coins, updated_at: '2026-11-21T13:00:00.000Z', stale: false } }),
    });
    const { user } = renderRoutes(routes);
    const list = await screen.findByTestId('popular-crypto');
    const [bitcoin, pepe] = within(list).getAllByTestId('popular-coin') as HTMLElement[];
    expect(within(bitcoin!).getByRole('link').getAttribute('href')).toBe('/sellcrypto/cryptocatalogue/btc');
    const open = within(pepe!).getByRole('button');
    expect(open.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(open);
    const sheet = await screen.findByRole('dialog', { name: 'Pepe (PEPE)' });
    expect(within(sheet).getByTestId('coin-sheet-note').textContent).toContain(trendingCoinTexts.notBought('Pepe'));
    expect(within(sheet).getByText('+3.50%')).toBeTruthy();
    expect(within(sheet).getByText('$2.1235')).toBeTruthy();
    expect(sheet.querySelector('svg.sparkline polyline')).toBeTruthy();
    expect(within(sheet).getByRole('link', { name: trendingCoinTexts.seeCoins }).getAttribute('href')).toBe('/sellcrypto/cryptocatalogue');
    await user.click(within(sheet).getByRole('button', { name: trendingCoinTexts.close }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('marks the coins we buy and prices every coin in naira: ours at what we pay, the others at our USDT rate', async () => {
    const coins = [
      {
        ...trendingCoin(1),
        name: 'Bitcoin',
        symbol: 'btc',
        current_price_usd: '67234.12',
        sellable: 'btc' as const,
        rate_ngn_per_usd: '1580',
      },
      { ...trendingCoin(2), name: 'Pepe', symbol: 'pepe', current_price_usd: '0.0000157', sellable: null, rate_ngn_per_usd: '1600' },
    ];
    routeFetch({
      'GET /api/crypto/trending': () => ({ status: 200, body: { coins, updated_at: '2026-11-21T13:00:00.000Z', stale: false } }),
    });
    renderRoutes(routes);
    const [bitcoin, pepe] = within(await screen.findByTestId('popular-crypto')).getAllByTestId('popular-coin') as HTMLElement[];
    expect(within(bitcoin!).getByTestId('we-buy').textContent).toBe(popularCryptoTexts.weBuy);
    expect(within(pepe!).queryByTestId('we-buy')).toBeNull();
    expect(within(bitcoin!).getByTestId('coin-naira-price').textContent).toBe('₦106,229,909.60');
    // $0.0000157 × ₦1,600 = ₦0.02512: ₦0.03 to the kobo.
    expect(within(pepe!).getByTestId('coin-naira-price').textContent).toBe('₦0.03');
    expect(screen.getByText(popularCryptoTexts.nairaNote)).toBeTruthy();
  });

  it('shows no naira price, nor its note, without a rate', async () => {
    routeFetch({ 'GET /api/crypto/trending': () => trending(3) });
    renderRoutes(routes);
    const list = await screen.findByTestId('popular-crypto');
    expect(within(list).queryAllByTestId('coin-naira-price')).toHaveLength(0);
    expect(screen.queryByText(popularCryptoTexts.nairaNote)).toBeNull();
  });

  it('offers no toggle when there are 5 coins or fewer', async () => {
    routeFetch({ 'GET /api/crypto/trending': () => trending(4) });
    renderRoutes(routes);
    expect(within(await screen.findByTestId('popular-crypto')).getAllByTestId('popular-coin')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'See More' })).toBeNull();
  });

  it("says 'Couldn't fetch gift cards' in a toast and in place (docs/product.md §8), and a retry brings the coins", async () => {
    let fail = true;
    routeFetch({
      'GET /api/crypto/trending': () =>
        fail ? { status: 503, body: { error: cryptoMessages.pricesStale, code: 'PRICES_STALE' } } : trending(6),
    });
    const { user } = renderRoutes(routes);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(cryptoMessages.couldNotFetchTrending)).toBeTruthy();
    // The toast says it too (two places in all).
    await expect.poll(() => screen.queryAllByText(cryptoMessages.couldNotFetchTrending).length).toBe(2);

    fail = false;
    await user.click(within(alert).getByRole('button', { name: /Try again/ }));
    expect(within(await screen.findByTestId('popular-crypto')).getAllByTestId('popular-coin')).toHaveLength(5);
  });
});
