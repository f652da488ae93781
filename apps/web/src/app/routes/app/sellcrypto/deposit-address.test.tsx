import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Outlet } from 'react-router';
import { PENDING_REFETCH_MS, type Deposit, type DepositAddress, type WalletAddress } from '@wise/shared';
import { useLiveUpdates } from '#web/app/live-updates';
import { paths } from '#web/config/paths';
import { deposit, depositAddress, quote } from '#web/features/crypto/test-data';
import { rememberQuote } from '#web/features/crypto/quote-store';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { CryptoWalletAddressRoute } from './wallet-address';

/**
 * The wallet address step where the network is watched: the customer's own address, and their
 * deposit's status, live (docs/crypto-settlement.md). The API is answered at the fetch layer; the
 * live-update stream is a fake EventSource.
 */

const TRON_SHARED = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const shared: WalletAddress[] = [
  { id: 'a1', coin: 'btc', network: 'bitcoin', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', memo: null },
  { id: 'a2', coin: 'usdt', network: 'tron', address: TRON_SHARED, memo: null },
  { id: 'a3', coin: 'sol', network: 'solana', address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', memo: null },
];
const usdtQuote = quote({ coin: 'usdt', amount: '100', price_usd: '1', rate_ngn_per_usd: '1600', value_kobo: 16_000_000 });
const saleId = '3c9d2e1f-5a4b-4c6d-8e7f-0a1b2c3d4e5f';

/** The stream the app opens (app/live-updates.ts): the test says when it opens and what it sends. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  open() {
    this.onopen?.();
  }
  send(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  close() {}
}

function LiveLayout() {
  useLiveUpdates();
  return <Outlet />;
}

const routes = [
  {
    Component: LiveLayout,
    children: [
      { path: paths.cryptoCoin, element: <p>Sell form</p> },
      { path: paths.cryptoWalletAddress, Component: CryptoWalletAddressRoute },
      { path: paths.cryptoWalletConfirm, element: <p>Proof step</p> },
      { path: paths.transaction, element: <p>Receipt</p> },
    ],
  },
];

interface Server {
  own?: DepositAddress | 'unavailable';
  deposits?: () => Deposit[];
  manualPath?: boolean;
  addresses?: WalletAddress[];
}

function serve({ own = depositAddress(), deposits = () => [], manualPath, addresses = shared }: Server) {
  const coin = own === 'unavailable' ? 'usdt' : own.coin;
  const network = own === 'unavailable' ? 'tron' : own.network;
  return routeFetch({
    'GET /api/crypto/wallet-addresses': () => ({
      status: 200,
      body: manualPath === undefined ? { addresses } : { addresses, manual_path: manualPath },
    }),
    [`GET /api/crypto/deposit-address?coin=${coin}&network=${network}`]: () =>
      own === 'unavailable'
        ? { status: 503, body: { error: 'Deposits are not available on this network', code: 'DEPOSITS_UNAVAILABLE' } }
        : { status: 200, body: { deposit_address: own } },
    [`GET /api/crypto/deposits?coin=${coin}&network=${network}`]: () => ({ status: 200, body: { deposits: deposits() } }),
  });
}

async function open(coin: string, quoteId: string, search = '') {
  const start = `/sellcrypto/cryptocatalogue/${coin}/walletaddress`;
  const view = renderRoutes(routes, { path: start });
  await act(async () => {
    await view.router.navigate(`${start}?quote=${quoteId}${search}`);
  });
  return view;
}

/** The first status on the screen: the newest deposit shown at the top, or "Waiting for your deposit" when there is none. */
const status = () => screen.getAllByTestId('deposit-status')[0]!;

afterEach(() => {
  sessionStorage.clear();
  FakeEventSource.last = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('paying to the customer’s own address', () => {
  it('shows their address with its QR, copy button, minimum and warning, the price rule, and waits', async () => {
    rememberQuote(usdtQuote);
    const calls = serve({});
    await open('usdt', usdtQuote.id, '&network=tron');

    const card = await screen.findByTestId('deposit-address');
    expect(within(card).getByText('Send 100 USDT on TRON (TRC20) to your own address:')).toBeTruthy();
    expect(screen.getByTestId('deposit-address-text').textContent).toBe('TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf');
    expect(within(card).getByRole('button', { name: 'Copy address' })).toBeTruthy();
    expect(within(card).getByRole('note').textContent).toContain('Send only USDT on TRON to this address.');
    expect(screen.getByTestId('deposit-minimum').textContent).toBe('Minimum 10 USDT. Less than this is held, not sold.');
    expect(await within(card).findByRole('img', { name: 'QR code of your USDT address on TRON (TRC20)' })).toBeTruthy();
    expect(
      screen.getByText(
        'If your deposit reaches the blockchain before the timer ends, you get this price. After that, you get the rate at the moment we see it.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('quote-countdown')).toBeTruthy();

    expect(await screen.findByText('Waiting for your deposit')).toBeTruthy();
    expect(status().getAttribute('data-stage')).toBe('waiting');
    // No shared address and no "I have sent it": the chain tells us, not a screenshot.
    expect(screen.queryByText(TRON_SHARED)).toBeNull();
    expect(screen.queryByRole('button', { name: 'I have sent it' })).toBeNull();
    // The network choice stays, on the network in the address.
    expect(screen.getByRole('button', { name: 'TRC20 TRON' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls).toContain('GET /api/crypto/deposit-address?coin=usdt&network=tron');
  });

  it('asks for the address of the network chosen, and keeps the choice in the address bar', async () => {
    rememberQuote(usdtQuote);
    const bsc = depositAddress({ network: 'bsc', address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', required_confirmations: 15 });
    serve({ own: bsc });
    const { user, router } = await open('usdt', usdtQuote.id);
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'BEP20 BNB Smart Chain' }));
    expect((await screen.findByTestId('deposit-address-text')).textContent).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(screen.getByRole('note').textContent).toContain('Send only USDT on BNB Smart Chain to this address.');
    expect(router.state.location.search).toBe(`?quote=${usdtQuote.id}&network=bsc`);
  });

  it('follows the deposit through every stage on each live event, without a reload', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    rememberQuote(usdtQuote);
    let current: Deposit[] = [];
    serve({ deposits: () => current });
    await open('usdt', usdtQuote.id, '&network=tron');
    expect(await screen.findByText('Waiting for your deposit')).toBeTruthy();
    act(() => FakeEventSource.last?.open());

    const push = async (next: Deposit) => {
      current = [next];
      act(() => FakeEventSource.last?.send({ type: 'deposit', id: next.id }));
      await waitFor(() => expect(status().getAttribute('data-stage')).toBe(next.stage));
    };

    await push(deposit({ confirmations: 3 }));
    expect(status().textContent).toContain('Seen on the blockchain: 3 of 20 confirmations');
    expect(within(status()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('3');
    expect(within(status()).getByText('100 USDT')).toBeTruthy();
    expect(within(status()).getByText('₦160,000.00')).toBeTruthy();
    expect(status().textContent).toContain('At your held price');
    expect(within(status()).getByRole('link', { name: 'View on the blockchain' }).getAttribute('href')).toBe(deposit().explorer_url);

    await push(deposit({ stage: 'paying', confirmations: 20, sale_id: saleId }));
    expect(status().textContent).toContain('Paying');
    expect(status().textContent).toContain('₦160,000.00 is on its way to your bank account.');
    expect(within(status()).queryByRole('link', { name: 'See receipt' })).toBeNull();

    await push(deposit({ stage: 'successful', confirmations: 20, sale_id: saleId, paid_at: '2026-11-21T13:20:00.000Z' }));
    expect(status().textContent).toContain('Successful');
    expect(status().textContent).toContain('₦160,000.00 was paid to your bank account.');
    expect(within(status()).getByRole('link', { name: 'See receipt' }).getAttribute('href')).toBe(`/homepage/history/${saleId}`);
  });

  it('says so when the price hold had ended and the deposit was priced when seen', async () => {
    rememberQuote(usdtQuote);
    serve({ deposits: () => [deposit({ confirmations: 12, pricing: 'first_seen', value_kobo: 15_900_000 })] });
    await open('usdt', usdtQuote.id, '&network=tron');
    await waitFor(() => expect(status().getAttribute('data-stage')).toBe('seen'));
    expect(status().textContent).toContain('₦159,000.00');
    expect(status().textContent).toContain('At the rate when we saw it: your price hold had ended');
  });

  it.each([
    [
      'in_review',
      deposit({ stage: 'in_review', amount: '140', value_kobo: null, pricing: null }),
      ['In review', 'A reviewer is checking this deposit. We will tell you when it is done.', '140 USDT'],
    ],
    [
      'held',
      deposit({ stage: 'held', amount: '3', value_kobo: null, pricing: null }),
      [
        'Below the minimum',
        'The minimum is 10 USDT, so we are holding this deposit and not selling it. Contact support about it.',
        '3 USDT',
      ],
    ],
    [
      'rejected',
      deposit({ stage: 'rejected', confirmations: 20, sale_id: saleId }),
      ['Rejected', 'A reviewer did not accept this deposit. The receipt says why.'],
    ],
    [
      'dropped',
      deposit({ stage: 'dropped', value_kobo: null, pricing: null }),
      [
        'Dropped',
        'The blockchain dropped this transaction before it was confirmed, so nothing arrived. Check your wallet, then send again.',
        'Sent100 USDT',
      ],
    ],
  ])('shows a deposit %s, and what it means', async (stage, shown, texts) => {
    rememberQuote(usdtQuote);
    let list: Deposit[] = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    serve({ deposits: () => list });
    await open('usdt', usdtQuote.id, '&network=tron');
    expect(await screen.findByText('Waiting for your deposit')).toBeTruthy();
    act(() => FakeEventSource.last?.open());
    list = [shown];
    act(() => FakeEventSource.last?.send({ type: 'deposit', id: shown.id }));
    await waitFor(() => expect(status().getAttribute('data-stage')).toBe(stage));
    for (const text of texts) expect(status().textContent).toContain(text);
    const links = within(status())
      .queryAllByRole('link')
      .map((link) => link.textContent);
    if (stage === 'held') expect(links).toContain('Contact support');
    if (stage === 'rejected') expect(links).toContain('See receipt');
  });

  it('polls every few seconds while the live stream is closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    rememberQuote(usdtQuote);
    let list: Deposit[] = [];
    const calls = serve({ deposits: () => list });
    await open('usdt', usdtQuote.id, '&network=tron');
    await settle(0);
    expect(status().getAttribute('data-stage')).toBe('waiting');
    const asked = () => calls.filter((call) => call.startsWith('GET /api/crypto/deposits?')).length;
    const before = asked();
    list = [deposit({ confirmations: 1 })];
    await settle(PENDING_REFETCH_MS);
    expect(asked()).toBe(before + 1);
    expect(status().getAttribute('data-stage')).toBe('seen');
    expect(status().textContent).toContain('Seen on the blockchain: 1 of 20 confirmations');
  });

  it('leaves out deposits already finished before this visit, but keeps one still under way', async () => {
    rememberQuote(usdtQuote);
    const old = deposit({ id: 'old-paid', stage: 'successful', sale_id: saleId, confirmations: 20 });
    const reviewing = deposit({ id: 'old-review', stage: 'in_review', value_kobo: null, pricing: null });
    serve({ deposits: () => [reviewing, old] });
    await open('usdt', usdtQuote.id, '&network=tron');
    // The one under way on top; this sale's own deposit is still awaited under the address.
    await waitFor(() =>
      expect(screen.getAllByTestId('deposit-status').map((card) => card.getAttribute('data-stage'))).toEqual(['in_review', 'waiting']),
    );
  });

  it('still shows the deposit it watched after a reload, and not once the customer starts another sale', async () => {
    rememberQuote(usdtQuote);
    let list: Deposit[] = [];
    serve({ deposits: () => list });
    const first = await open('usdt', usdtQuote.id, '&network=tron');
    expect(await screen.findByText('Waiting for your deposit')).toBeTruthy();
    first.unmount();

    // Paid while the customer was away: the reload of the same sale shows it, not "Waiting".
    list = [deposit({ stage: 'successful', confirmations: 20, sale_id: saleId })];
    const reloaded = await open('usdt', usdtQuote.id, '&network=tron');
    await waitFor(() => expect(status().getAttribute('data-stage')).toBe('successful'));
    reloaded.unmount();

    // A new sale (a new quote): that deposit belongs to the last one.
    const next = quote({ id: '7d2e5c0a-9f3b-4a4c-8e5d-3c4d5e6f7a81', coin: 'usdt', amount: '50', price_usd: '1' });
    rememberQuote(next);
    await open('usdt', next.id, '&network=tron');
    expect(await screen.findByText('Waiting for your deposit')).toBeTruthy();
  });

  it('offers the screenshot for coins sent to the old shared address while that path is open', async () => {
    rememberQuote(usdtQuote);
    serve({});
    const { user, router } = await open('usdt', usdtQuote.id, '&network=tron');
    await user.click(await screen.findByRole('link', { name: 'Sent to our old address? Upload proof' }));
    expect(router.state.location.pathname).toBe('/sellcrypto/cryptocatalogue/usdt/walletaddress/confirm');
    expect(router.state.location.search).toBe(`?quote=${usdtQuote.id}&network=tron`);
  });

  it('offers no screenshot once the manual path is closed', async () => {
    rememberQuote(usdtQuote);
    serve({ manualPath: false });
    await open('usdt', usdtQuote.id, '&network=tron');
    expect(await screen.findByTestId('deposit-address')).toBeTruthy();
    await screen.findByText('Waiting for your deposit');
    expect(screen.queryByRole('link', { name: 'Sent to our old address? Upload proof' })).toBeNull();
  });
});

/** Opens the screen waiting, then lets a deposit arrive on a live event: this visit's own deposit. */
async function arrive(deposits: Deposit[], search = '&network=tron') {
  vi.stubGlobal('EventSource', FakeEventSource);
  rememberQuote(usdtQuote);
  let list: Deposit[] = [];
  const calls = serve({ deposits: () => list });
  const view = await open('usdt', usdtQuote.id, search);
  expect(await screen.findByText('Waiting for your deposit')).toBeTruthy();
  act(() => FakeEventSource.last?.open());
  list = deposits;
  act(() => FakeEventSource.last?.send({ type: 'deposit', id: deposits[0]!.id }));
  await waitFor(() => expect(status().getAttribute('data-stage')).toBe(deposits[0]!.stage));
  return { ...view, calls };
}

/** Whether `first` comes before `second` in the document. */
const before = (first: Element, second: Element) => (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

describe('once a deposit took the quote', () => {
  const paid = deposit({ stage: 'successful', confirmations: 20, sale_id: saleId, paid_at: '2026-11-21T13:20:00.000Z' });

  it('drops the countdown, the price rule, the network choice, the address and the old-address link, and offers a new sale', async () => {
    const { user, router } = await arrive([paid]);
    expect(screen.queryByTestId('quote-countdown')).toBeNull();
    expect(screen.queryByTestId('quote-summary')).toBeNull();
    expect(screen.queryByText(/before the timer ends/)).toBeNull();
    expect(screen.queryByTestId('network-choice')).toBeNull();
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sent to our old address? Upload proof' })).toBeNull();
    // The outcome, under a heading about the deposit rather than sending.
    expect(screen.getByRole('heading', { name: 'Your USDT deposit' })).toBeTruthy();
    expect(status().textContent).toContain('₦160,000.00 was paid to your bank account.');
    expect(within(status()).getByRole('link', { name: 'See receipt' })).toBeTruthy();
    const again = screen.getByTestId('deposit-sell-again');
    expect(again.textContent).toContain('To sell more, start a new sale with a fresh price.');
    const sellAgain = within(again).getByRole('link', { name: 'Sell again' });
    expect(sellAgain.className).toContain('btn--primary');
    await user.click(sellAgain);
    expect(await screen.findByText('Sell form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sellcrypto/cryptocatalogue/usdt');
    expect(router.state.location.search).toBe('');
  });

  it('counts as taken while the deposit priced at the quote is still counting, with a quieter way to sell more', async () => {
    await arrive([deposit({ confirmations: 4 })]);
    expect(screen.queryByTestId('quote-countdown')).toBeNull();
    expect(screen.queryByTestId('old-address-link')).toBeNull();
    expect(status().textContent).toContain('Seen on the blockchain: 4 of 20 confirmations');
    expect(within(screen.getByTestId('deposit-sell-again')).getByRole('link', { name: 'Sell again' }).className).toContain(
      'btn--secondary',
    );
  });

  it('counts a deposit that became a sale at the rate when seen, and one a reviewer is deciding', async () => {
    await arrive([deposit({ stage: 'in_review', confirmations: 20, pricing: 'first_seen', sale_id: saleId })]);
    expect(screen.queryByTestId('quote-countdown')).toBeNull();
    expect(screen.getByTestId('deposit-sell-again')).toBeTruthy();
  });

  it('keeps the quote for a deposit that did not take it: held below the minimum, the countdown and address stay', async () => {
    await arrive([deposit({ stage: 'held', amount: '3', value_kobo: null, pricing: null })]);
    expect(screen.getByTestId('quote-countdown')).toBeTruthy();
    expect(screen.queryByTestId('deposit-sell-again')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Send your USDT' })).toBeTruthy();
    expect(screen.getByTestId('old-address-link')).toBeTruthy();
  });

  it('never counts a deposit that was already there before this sale, even once it is sold', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    rememberQuote(usdtQuote);
    let earlier = deposit({ id: 'earlier', stage: 'seen', pricing: 'first_seen', confirmations: 12 });
    serve({ deposits: () => [earlier] });
    await open('usdt', usdtQuote.id, '&network=tron');
    await waitFor(() => expect(status().getAttribute('data-stage')).toBe('seen'));
    act(() => FakeEventSource.last?.open());
    earlier = { ...earlier, stage: 'paying', confirmations: 20, sale_id: saleId };
    act(() => FakeEventSource.last?.send({ type: 'deposit', id: earlier.id }));
    await waitFor(() => expect(status().getAttribute('data-stage')).toBe('paying'));
    expect(screen.getByTestId('quote-countdown')).toBeTruthy();
    expect(screen.queryByTestId('deposit-sell-again')).toBeNull();
    expect(screen.getByTestId('deposit-address')).toBeTruthy();
  });

  it('stops counting down, so no new quote is asked for when the old one runs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    rememberQuote({ ...usdtQuote, expires_at: new Date(Date.now() + 20_000).toISOString() });
    let list: Deposit[] = [];
    const calls = serve({ deposits: () => list });
    await open('usdt', usdtQuote.id, '&network=tron');
    await settle(0);
    expect(status().getAttribute('data-stage')).toBe('waiting');
    list = [paid];
    await settle(PENDING_REFETCH_MS);
    expect(status().getAttribute('data-stage')).toBe('successful');
    await settle(30_000);
    expect(calls.filter((call) => call.startsWith('POST '))).toEqual([]);
    expect(screen.queryByTestId('quote-changed')).toBeNull();
    expect(screen.getByTestId('deposit-sell-again')).toBeTruthy();
  });
});

describe('the deposit at the top of the screen', () => {
  it('waits under the address while nothing has arrived', async () => {
    rememberQuote(usdtQuote);
    serve({});
    await open('usdt', usdtQuote.id, '&network=tron');
    await screen.findByText('Waiting for your deposit');
    expect(before(screen.getByTestId('deposit-address'), status())).toBe(true);
    expect(screen.queryByTestId('deposit-statuses')).toBeNull();
    expect(screen.queryByTestId('deposit-address-fold')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Deposit status: Waiting for your deposit');
  });

  it('moves a deposit that arrives above the quote and the address, folds the address away and brings the status into view', async () => {
    // As newer browsers do: scrollIntoView answers a promise (which an effect must not return as its cleanup).
    const scrolled = vi.fn(() => Promise.resolve());
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrolled, configurable: true, writable: true });
    try {
      const { unmount } = await arrive([deposit({ stage: 'in_review', pricing: null, value_kobo: null })]);
      const statuses = screen.getByTestId('deposit-statuses');
      expect(within(statuses).getByTestId('deposit-status').getAttribute('data-stage')).toBe('in_review');
      expect(before(statuses, screen.getByTestId('quote-summary'))).toBe(true);
      expect(before(screen.getByRole('heading', { name: 'Send your USDT' }), statuses)).toBe(true);
      expect(screen.queryByText('Waiting for your deposit')).toBeNull();
      expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
      expect(scrolled.mock.contexts[0]).toBe(statuses);
      expect(screen.getByRole('status').textContent).toBe('Deposit status: In review');

      // The address is one tap away, folded.
      const fold = screen.getByTestId('deposit-address-fold') as HTMLDetailsElement;
      expect(fold.open).toBe(false);
      expect(within(fold).getByText('Show your USDT address')).toBeTruthy();
      expect(within(fold).getByTestId('deposit-address-text').textContent).toBe('TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf');
      // Leaving the screen (to the receipt, say) runs the effects' cleanups.
      expect(() => unmount()).not.toThrow();
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('keeps the address open and waits again after a transaction the chain dropped', async () => {
    await arrive([deposit({ stage: 'dropped', value_kobo: null, pricing: null })]);
    expect(before(screen.getByTestId('deposit-statuses'), screen.getByTestId('deposit-address'))).toBe(true);
    expect(screen.queryByTestId('deposit-address-fold')).toBeNull();
    expect(screen.getAllByTestId('deposit-status').map((card) => card.getAttribute('data-stage'))).toEqual(['dropped', 'waiting']);
  });

  it('shows a deposit found on a reload at the top at once', async () => {
    rememberQuote(usdtQuote);
    let list: Deposit[] = [];
    serve({ deposits: () => list });
    const first = await open('usdt', usdtQuote.id, '&network=tron');
    await screen.findByText('Waiting for your deposit');
    first.unmount();
    list = [deposit({ confirmations: 9 })];
    await open('usdt', usdtQuote.id, '&network=tron');
    const statuses = await screen.findByTestId('deposit-statuses');
    expect(within(statuses).getByText('Seen on the blockchain: 9 of 20 confirmations')).toBeTruthy();
    expect(screen.queryByTestId('quote-countdown')).toBeNull();
  });
});

describe('a deposit a reviewer decided', () => {
  it('says a reviewer priced it at today’s rate', async () => {
    await arrive([deposit({ stage: 'successful', confirmations: 20, pricing: 'review', value_kobo: 15_800_000, sale_id: saleId })]);
    expect(screen.getByTestId('deposit-pricing').textContent).toBe("At today's rate: our team priced it");
    expect(status().textContent).toContain('₦158,000.00');
  });

  it('shows the note of a reviewer who closed it without a sale, with no receipt and a way to support', async () => {
    const note = 'These coins came through a mixer.\nWrite to support to have them sent back.';
    await arrive([deposit({ stage: 'rejected', confirmations: 20, pricing: null, value_kobo: null, closed_note: note })]);
    expect(status().textContent).toContain('A reviewer did not accept this deposit. Their note:');
    expect(status().textContent).not.toContain('The receipt says why');
    expect(within(status()).getByTestId('deposit-closed-note').textContent).toBe(note);
    const links = within(status())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).not.toContain('See receipt');
    expect(within(status()).getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(paths.support);
  });

  it('still sends to the receipt for a sale a reviewer rejected', async () => {
    await arrive([deposit({ stage: 'rejected', confirmations: 20, sale_id: saleId })]);
    expect(status().textContent).toContain('A reviewer did not accept this deposit. The receipt says why.');
    expect(screen.queryByTestId('deposit-closed-note')).toBeNull();
    expect(within(status()).getByRole('link', { name: 'See receipt' }).getAttribute('href')).toBe(`/homepage/history/${saleId}`);
  });
});

describe('Solana Pay', () => {
  const reference = '9ZNTfG4NyQgxy2SWjSiQoUyBPEvXT2xo7fKc5hPYYJ7b';
  const recipient = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
  const link = `solana:${recipient}?amount=1.5&reference=${reference}&label=Wise`;
  const solQuote = quote({
    id: '6c1d4b9f-8e2a-4f3b-8d4c-2b3c4d5e6f70',
    coin: 'sol',
    amount: '1.5',
    price_usd: '150',
    value_kobo: 35_550_000,
  });

  it('puts the Solana Pay link in the QR and behind "Open in wallet", and says what exchanges cannot do', async () => {
    rememberQuote(solQuote);
    serve({
      own: depositAddress({
        coin: 'sol',
        network: 'solana',
        kind: 'solana_pay',
        address: recipient,
        reference,
        payment_uri: link,
        minimum_amount: '0.05',
        required_confirmations: 1,
      }),
    });
    await open('sol', solQuote.id);
    const card = await screen.findByTestId('deposit-address');
    expect(within(card).getByText('Send 1.5 SOL on Solana with this payment request:')).toBeTruthy();
    expect(within(card).getByText('Our SOL address')).toBeTruthy();
    expect(screen.getByText('Send from a wallet app. We see it on the blockchain and pay you: no screenshot needed.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open in wallet' }).getAttribute('href')).toBe(link);
    expect(await within(card).findByRole('img', { name: 'QR code of the Solana Pay request for this payment' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Send only SOL on Solana to this address.');
    const note = screen.getByTestId('solana-pay-note');
    expect(note.textContent).toContain('Scan or open it with a Solana wallet app');
    expect(note.textContent).toContain(
      'Exchanges cannot add that reference, so we cannot tell their payment is yours: send from a wallet app. Sent from an exchange already? Contact support with the transaction ID.',
    );
    expect(screen.getByTestId('deposit-minimum').textContent).toContain('Minimum 0.05 SOL.');
  });

  it('never turns a link of another scheme into "Open in wallet"', async () => {
    rememberQuote(solQuote);
    serve({
      own: depositAddress({
        coin: 'sol',
        network: 'solana',
        kind: 'solana_pay',
        address: recipient,
        reference,
        payment_uri: 'javascript:alert(1)',
      }),
    });
    await open('sol', solQuote.id);
    await screen.findByTestId('deposit-address');
    expect(screen.queryByRole('link', { name: 'Open in wallet' })).toBeNull();
  });
});

describe('where the network is not watched (503 DEPOSITS_UNAVAILABLE)', () => {
  it('keeps today’s path: the shared address, then "I have sent it" to the screenshot', async () => {
    rememberQuote(usdtQuote);
    serve({ own: 'unavailable' });
    const { user, router } = await open('usdt', usdtQuote.id, '&network=tron');
    expect((await screen.findByTestId('wallet-address-text')).textContent).toBe(TRON_SHARED);
    expect(screen.getByRole('note').textContent).toContain('Send only USDT on TRON (TRC20) to this address.');
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    expect(screen.queryByTestId('deposit-status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I have sent it' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sellcrypto/cryptocatalogue/usdt/walletaddress/confirm'));
  });

  it('says the coin is not received there when the manual path is closed too', async () => {
    rememberQuote(usdtQuote);
    serve({ own: 'unavailable', manualPath: false });
    await open('usdt', usdtQuote.id, '&network=tron');
    expect(await screen.findByText('We are not receiving USDT right now')).toBeTruthy();
    expect(screen.queryByTestId('wallet-address-text')).toBeNull();
    expect(screen.queryByRole('button', { name: 'I have sent it' })).toBeNull();
  });
});

/** Lets the fake clock run `ms`, and a little more so the answers of the queries it fired arrive. */
async function settle(ms: number) {
  for (const step of [ms, 50, 50]) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(step);
    });
  }
}
