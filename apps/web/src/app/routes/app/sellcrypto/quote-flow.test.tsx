import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#web/config/paths';
import { quote } from '#web/features/crypto/test-data';
import { rememberQuote } from '#web/features/crypto/quote-store';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { CryptoWalletConfirmRoute } from './wallet-confirm';

const NOW = Date.parse('2026-11-21T13:00:00Z');
const confirmPath = '/sellcrypto/cryptocatalogue/btc/walletaddress/confirm';
const routes = [{ path: paths.cryptoWalletConfirm, Component: CryptoWalletConfirmRoute }];
const submit = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('a crypto quote on its way to the sale', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    sessionStorage.clear();
  });

  it('counts down, fetches a new price when it expires, and submits nothing until the customer confirms the new value', async () => {
    const first = quote({ expires_at: new Date(NOW + 5_000).toISOString() });
    const fresh = quote({
      id: '9f8e7d6c-5b4a-4392-8170-6a5b4c3d2e1f',
      price_usd: '70000',
      rate_ngn_per_usd: '1580',
      value_kobo: 110_600_000,
      value_ngn: '1106000.00',
      expires_at: new Date(NOW + 5_000 + 15 * 60_000).toISOString(),
    });
    rememberQuote(first);
    const requests: unknown[] = [];
    routeFetch({
      'POST /api/crypto/quotes': () => {
        requests.push('quote');
        return { status: 201, body: { quote: fresh } };
      },
    });
    const { router } = renderRoutes(routes, { path: confirmPath });
    await act(async () => {
      await router.navigate(`${confirmPath}?quote=${first.id}`);
    });

    expect(screen.getByTestId('quote-value').textContent).toBe('₦1,062,299.10');
    expect(screen.getByTestId('quote-countdown').textContent).toContain('00:05');
    expect(submit().disabled).toBe(false);

    await advance(2_000);
    expect(screen.getByTestId('quote-countdown').textContent).toContain('00:03');
    expect(requests).toHaveLength(0);

    await advance(3_000);
    await advance(0);
    expect(requests).toHaveLength(1);
    const fetchMock = vi.mocked(fetch);
    const body = fetchMock.mock.calls.find(([url]) => url === '/api/crypto/quotes')?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ coin: 'btc', amount: '0.01' });

    // The new value, the one agreed before, and no way to submit until it is confirmed.
    const changed = screen.getByTestId('quote-changed');
    expect(changed.textContent).toContain('₦1,106,000.00');
    expect(changed.textContent).toContain('₦1,062,299.10');
    expect(screen.getByTestId('quote-value').textContent).toBe('₦1,106,000.00');
    expect(router.state.location.search).toBe(`?quote=${fresh.id}`);
    expect(submit().disabled).toBe(true);

    fireEvent.click(within(changed).getByRole('button', { name: 'Confirm new value' }));
    await advance(0);
    expect(screen.queryByTestId('quote-changed')).toBeNull();
    expect(submit().disabled).toBe(false);
    expect(screen.getByTestId('quote-countdown').textContent).toContain('15:00');
  });

  it('keeps the quote across a reload of the step (the id in the URL, the quote in this tab)', async () => {
    const kept = quote();
    rememberQuote(kept);
    void renderRoutes(routes, { path: confirmPath }).router.navigate(`${confirmPath}?quote=${kept.id}`);
    await advance(0);
    expect(screen.getByTestId('quote-value').textContent).toBe('₦1,062,299.10');
  });

  it('says the price is gone, with a way to start again, when the URL names no quote this tab knows', async () => {
    const { router } = renderRoutes(routes, { path: confirmPath });
    await act(async () => {
      await router.navigate(`${confirmPath}?quote=00000000-0000-4000-8000-000000000000`);
    });
    expect(screen.getByText('This price is no longer available')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start again' }).getAttribute('href')).toBe('/sellcrypto/cryptocatalogue/btc');
  });
});
