import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cryptoMessages, type ErrorBody } from '@wise/shared';
import { paths } from '#web/config/paths';
import { coin, coinsResponse, quote } from '#web/features/crypto/test-data';
import { recallQuote } from '#web/features/crypto/quote-store';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { CryptoSellRoute } from './sell-coin';

const routes = [
  { path: paths.cryptoCoin, Component: CryptoSellRoute },
  { path: paths.cryptoConfirmAccount, element: <p>confirm account</p> },
];
const btcPath = '/sellcrypto/cryptocatalogue/btc';
const proceed = () => screen.getByRole('button', { name: 'Proceed' }) as HTMLButtonElement;
const value = () => screen.getByTestId('sale-value').textContent;

afterEach(() => sessionStorage.clear());

describe('/sellcrypto/cryptocatalogue/:coin', () => {
  it('keeps Proceed disabled until a non-zero amount has been converted (docs/product.md §4), converting exactly as the customer types', async () => {
    routeFetch({ 'GET /api/crypto/coins': () => ({ status: 200, body: coinsResponse() }) });
    const { user } = renderRoutes(routes, { path: btcPath });
    const amount = await screen.findByLabelText('Amount in BTC');
    expect(screen.getByTestId('sale-rate').textContent).toBe('₦1,580.00/$');
    expect(value()).toBe('₦0.00');
    expect(proceed().disabled).toBe(true);

    await user.type(amount, '0.0');
    expect(value()).toBe('₦0.00');
    expect(proceed().disabled).toBe(true);

    // 0.01 × $67,234.12 × ₦1,580/$ = ₦1,062,299.096 → ₦1,062,299.10
    await user.type(amount, '1');
    expect(value()).toBe('₦1,062,299.10');
    expect(proceed().disabled).toBe(false);

    // A ninth decimal is finer than a satoshi: no value, and the reason, quietly.
    await user.type(amount, '00000001');
    expect(value()).toBe('₦0.00');
    expect(screen.getByText(cryptoMessages.tooManyDecimals('BTC', 8))).toBeTruthy();
    expect(proceed().disabled).toBe(true);

    await user.clear(amount);
    await user.type(amount, 'abc');
    expect(proceed().disabled).toBe(true);

    // A decimal comma reads as a point.
    await user.clear(amount);
    await user.type(amount, '0,5');
    expect((amount as HTMLInputElement).value).toBe('0.5');
    expect(value()).toBe('₦53,114,954.80');

    await user.clear(amount);
    await user.type(amount, '999999999');
    expect(screen.getByText(cryptoMessages.amountTooLarge)).toBeTruthy();
    expect(proceed().disabled).toBe(true);
  });

  it('asks for a quote on Proceed and goes to confirm account with the quote id in the URL, kept for a reload', async () => {
    const given = quote();
    routeFetch({
      'GET /api/crypto/coins': () => ({ status: 200, body: coinsResponse() }),
      'POST /api/crypto/quotes': () => ({ status: 201, body: { quote: given } }),
    });
    const { user, router } = renderRoutes(routes, { path: btcPath });
    const fetchMock = vi.mocked(fetch);
    await user.type(await screen.findByLabelText('Amount in BTC'), '0.01');
    await user.click(proceed());
    await screen.findByText('confirm account');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/crypto/quotes');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ coin: 'btc', amount: '0.01' });
    expect(router.state.location.pathname).toBe('/sellcrypto/cryptocatalogue/btc/confirmaccount');
    expect(router.state.location.search).toBe(`?quote=${given.id}`);
    expect(recallQuote(given.id)?.quote).toEqual(given);
  });

  it('shows a refused amount under the field, and stale prices as a toast', async () => {
    let answer: { status: number; body: ErrorBody } = {
      status: 400,
      body: { error: 'Invalid', code: 'VALIDATION', fields: { amount: cryptoMessages.amountTooSmall } },
    };
    routeFetch({
      'GET /api/crypto/coins': () => ({ status: 200, body: coinsResponse() }),
      'POST /api/crypto/quotes': () => answer,
    });
    const { user } = renderRoutes(routes, { path: btcPath });
    const amount = await screen.findByLabelText('Amount in BTC');
    await user.type(amount, '0.00000001');
    await user.click(proceed());
    expect((await screen.findByRole('alert')).textContent).toBe(cryptoMessages.amountTooSmall);
    // Editing the field clears its error (docs/product.md §4).
    await user.type(amount, '5');
    expect(screen.queryByText(cryptoMessages.amountTooSmall)).toBeNull();

    answer = { status: 503, body: { error: cryptoMessages.pricesStale, code: 'PRICES_STALE', fields: {} } };
    await user.clear(amount);
    await user.type(amount, '0.001');
    await user.click(proceed());
    expect(await screen.findByText(cryptoMessages.pricesStale)).toBeTruthy();
  });

  it('follows the price: the coins are asked for again every 30 s and the value moves with them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let price = '67234.12';
    const calls = routeFetch({
      'GET /api/crypto/coins': () => ({ status: 200, body: coinsResponse([coin({ current_price_usd: price })]) }),
    });
    renderRoutes(routes, { path: btcPath });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    fireEvent.change(screen.getByLabelText('Amount in BTC'), { target: { value: '0.01' } });
    expect(value()).toBe('₦1,062,299.10');

    price = '70000';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000);
    });
    expect(calls.filter((c) => c === 'GET /api/crypto/coins')).toHaveLength(1);
    for (let i = 0; i < 5; i += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(500);
      });
    }
    expect(calls.filter((c) => c === 'GET /api/crypto/coins')).toHaveLength(2);
    expect(value()).toBe('₦1,106,000.00');
  });

  it('says what can be sold today before anything is typed, and holds Proceed back the moment the value passes it', async () => {
    const tier1 = {
      tier: 1,
      daily_limit_kobo: 200_000_000,
      used_today_kobo: 150_000_000,
      pending_kobo: 0,
      remaining_today_kobo: 50_000_000,
      total_limit_kobo: null,
      used_total_kobo: null,
    };
    const calls = routeFetch({
      'GET /api/crypto/coins': () => ({ status: 200, body: coinsResponse() }),
      'GET /api/profile/limits': () => ({ status: 200, body: tier1 }),
    });
    const { user } = renderRoutes(routes, { path: btcPath });
    const amount = await screen.findByLabelText('Amount in BTC');
    expect(screen.getByTestId('limit-left').textContent).toBe('You can sell up to ₦500,000.00 today. Verify your identity to raise it.');
    await user.type(amount, '0.01');
    // ₦1,062,299.10 is past the ₦500,000.00 left: said at once, and no quote is asked for.
    expect(screen.getByTestId('limit-over').textContent).toBe(
      'This sale is worth ₦1,062,299.10, more than the ₦500,000.00 you can sell today. Verify your identity to raise it.',
    );
    expect(proceed().disabled).toBe(true);
    await user.clear(amount);
    await user.type(amount, '0.001');
    expect(screen.queryByTestId('limit-over')).toBeNull();
    expect(proceed().disabled).toBe(false);
    expect(calls).not.toContain('POST /api/crypto/quotes');
  });

  it('names the coins it buys when the address names another', async () => {
    renderRoutes(routes, { path: '/sellcrypto/cryptocatalogue/doge' });
    expect(await screen.findByText(cryptoMessages.unknownCoin)).toBeTruthy();
  });
});
