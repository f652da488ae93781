import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { transactionIdMessages, walletAddressCardTexts, type WalletAddress } from '@wise/shared';
import { paths } from '#web/config/paths';
import { quote } from '#web/features/crypto/test-data';
import { rememberQuote } from '#web/features/crypto/quote-store';
import { FakeXhr } from '#web/testing/fake-xhr';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { CryptoWalletAddressRoute } from './wallet-address';
import { CryptoWalletConfirmRoute } from './wallet-confirm';

/**
 * USDT is taken on TRC20 and BEP20: the customer chooses the network before any address is shown.
 * These networks have no watcher here (503 DEPOSITS_UNAVAILABLE): the shared address and the
 * screenshot; the customer's own address is deposit-address.test.tsx's.
 */

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const BSC = '0x52908400098527886E0F7030069857D2E4169EE7';
const addresses: WalletAddress[] = [
  { id: 'a1', coin: 'btc', network: 'bitcoin', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', memo: null },
  { id: 'a2', coin: 'usdt', network: 'tron', address: TRON, memo: null },
  { id: 'a3', coin: 'usdt', network: 'bsc', address: BSC, memo: null },
];
const usdtQuote = quote({
  coin: 'usdt',
  amount: '100',
  price_usd: '1',
  coin_adjustment_ngn: '0',
  rate_ngn_per_usd: '1600',
  value_kobo: 16_000_000,
  value_ngn: '160000.00',
});
const unwatched = () => ({ status: 503, body: { error: 'Deposits are not available on this network', code: 'DEPOSITS_UNAVAILABLE' } });
const sharedOnly = {
  'GET /api/crypto/wallet-addresses': () => ({ status: 200, body: { addresses } }),
  'GET /api/crypto/deposit-address?coin=usdt&network=tron': unwatched,
  'GET /api/crypto/deposit-address?coin=usdt&network=bsc': unwatched,
  'GET /api/crypto/deposit-address?coin=btc&network=bitcoin': unwatched,
};
const routes = [
  { path: paths.cryptoWalletAddress, Component: CryptoWalletAddressRoute },
  { path: paths.cryptoWalletConfirm, Component: CryptoWalletConfirmRoute },
];
const txHex = '9f2c4e7a1b0d8e3f5a6c7b8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f';
const solanaSignature = '5'.repeat(87);

afterEach(() => sessionStorage.clear());

async function openAddressStep(coin: string, search = '') {
  routeFetch(sharedOnly);
  const start = `/sellcrypto/cryptocatalogue/${coin}/walletaddress`;
  const view = renderRoutes(routes, { path: start });
  await act(async () => {
    await view.router.navigate(`${start}?quote=${usdtQuote.id}${search}`);
  });
  return view;
}

describe('/sellcrypto/cryptocatalogue/usdt/walletaddress', () => {
  it('asks for the network first, then shows that network’s address with a warning naming it', async () => {
    rememberQuote(usdtQuote);
    const { user, router } = await openAddressStep('usdt');
    const choice = await screen.findByTestId('network-choice');
    expect(within(choice).getByText('Which network will you send your USDT on?')).toBeTruthy();
    const trc20 = within(choice).getByRole('button', { name: 'TRC20 TRON' });
    const bep20 = within(choice).getByRole('button', { name: 'BEP20 BNB Smart Chain' });
    expect(trc20.getAttribute('aria-pressed')).toBe('false');
    // No address (and no way on) before a network is chosen: coins sent on the other one are lost.
    expect(screen.queryByTestId('wallet-address')).toBeNull();
    expect(screen.queryByRole('button', { name: 'I have sent it' })).toBeNull();

    await user.click(trc20);
    expect(trc20.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('wallet-address-text').textContent).toBe(TRON);
    expect(screen.getByRole('note').textContent).toContain(walletAddressCardTexts.sendOnly('USDT', 'TRON (TRC20)'));
    expect(screen.getByRole('note').textContent).toContain('Send only USDT on TRON (TRC20) to this address.');

    await user.click(bep20);
    expect(screen.getByTestId('wallet-address-text').textContent).toBe(BSC);
    expect(screen.getByRole('note').textContent).toContain('Send only USDT on BNB Smart Chain (BEP20) to this address.');

    await user.click(trc20);
    await user.click(screen.getByRole('button', { name: 'I have sent it' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sellcrypto/cryptocatalogue/usdt/walletaddress/confirm'));
    expect(router.state.location.search).toBe(`?quote=${usdtQuote.id}&network=tron`);
  });

  it('keeps the network chosen when the customer comes back to it', async () => {
    rememberQuote(usdtQuote);
    await openAddressStep('usdt', '&network=bsc');
    expect((await screen.findByTestId('wallet-address-text')).textContent).toBe(BSC);
    expect(screen.getByRole('button', { name: 'BEP20 BNB Smart Chain' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a coin taken on one network at once, without a choice', async () => {
    const btcQuote = quote();
    rememberQuote(btcQuote);
    routeFetch(sharedOnly);
    const start = '/sellcrypto/cryptocatalogue/btc/walletaddress';
    const view = renderRoutes(routes, { path: start });
    await act(async () => {
      await view.router.navigate(`${start}?quote=${btcQuote.id}`);
    });
    expect((await screen.findByRole('note')).textContent).toContain('Send only BTC on Bitcoin to this address.');
    expect(screen.queryByTestId('network-choice')).toBeNull();
  });
});

describe('/sellcrypto/cryptocatalogue/usdt/walletaddress/confirm', () => {
  it('takes only the chosen network’s transaction IDs and sends the network with the sale', async () => {
    rememberQuote(usdtQuote);
    const requests = FakeXhr.install();
    const confirm = '/sellcrypto/cryptocatalogue/usdt/walletaddress/confirm';
    const view = renderRoutes(routes, { path: confirm });
    await act(async () => {
      await view.router.navigate(`${confirm}?quote=${usdtQuote.id}&network=tron`);
    });
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByTestId('crypto-screenshot-input'), new File([new Uint8Array(4096)], 'sent.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.queryByLabelText('Preparing image')).toBeNull());
    const field = screen.getByLabelText('Transaction ID (optional)');
    // A Solana signature is a USDT ID elsewhere, never on TRC20.
    await view.user.type(field, solanaSignature);
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(transactionIdMessages.usdtHex)).toBeTruthy();
    expect(requests).toHaveLength(0);
    await view.user.clear(field);
    await view.user.type(field, txHex);
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect((requests[0] as FakeXhr).formFields()).toEqual({
      quote_id: usdtQuote.id,
      transaction_id: txHex,
      network: 'tron',
      screenshot: 'sent.png',
    });
  });

  it('sends a customer who has not chosen a network back to choose it', async () => {
    rememberQuote(usdtQuote);
    routeFetch(sharedOnly);
    const confirm = '/sellcrypto/cryptocatalogue/usdt/walletaddress/confirm';
    const view = renderRoutes(routes, { path: confirm });
    await act(async () => {
      await view.router.navigate(`${confirm}?quote=${usdtQuote.id}`);
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/sellcrypto/cryptocatalogue/usdt/walletaddress'));
    expect(await screen.findByTestId('network-choice')).toBeTruthy();
  });
});
