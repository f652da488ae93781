import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cryptoReturnTexts, saleRejectionReasons, walletAddressMessages, type SaleDetail } from '@wise/shared';
import { paths, transactionHref } from '#web/config/paths';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { saleDetail } from '#web/testing/sales';
import { TransactionDetailRoute } from './transaction-detail';

/**
 * A rejected crypto sale: no "To be paid to", but what happens to the coins — ask for them back at
 * an address the coin's network accepts, or sell them again — then the return's status.
 */

const routes = [{ path: paths.transaction, Component: TransactionDetailRoute }];
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function rejectedCoin(overrides: Partial<SaleDetail> = {}): SaleDetail {
  return saleDetail({
    kind: 'crypto',
    status: 'rejected',
    title: 'USDT · 100',
    card: null,
    subcategory: null,
    coin: 'usdt',
    coin_amount: '100',
    currency_amount: '100',
    transaction_id: null,
    crypto: { symbol: 'USDT', price_usd: '1', usdt_rate_ngn: '1600', coin_adjustment_ngn: '0', rate_ngn_per_usd: '1600' },
    rejection_code: 'wrong_network',
    rejection_reason: saleRejectionReasons.wrong_network,
    crypto_return: null,
    ...overrides,
  });
}

describe('a rejected crypto sale', () => {
  it('offers the coins back or a new sale, never a bank account to be paid to', async () => {
    const sale = rejectedCoin();
    routeFetch({ [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }) });
    renderRoutes(routes, { path: transactionHref(sale.id) });
    const coins = await screen.findByTestId('crypto-return');
    expect(screen.queryByTestId('transaction-bank')).toBeNull();
    expect(screen.queryByText('To be paid to')).toBeNull();
    expect(coins.textContent).toContain(cryptoReturnTexts.choose);
    expect(within(coins).getByRole('link', { name: cryptoReturnTexts.sellAgain }).getAttribute('href')).toBe(
      '/sellcrypto/cryptocatalogue/usdt?amount=100',
    );
  });

  it('without a deposit only offers to sell again', async () => {
    const sale = rejectedCoin({ rejection_code: 'no_deposit', rejection_reason: saleRejectionReasons.no_deposit });
    routeFetch({ [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }) });
    renderRoutes(routes, { path: transactionHref(sale.id) });
    const coins = await screen.findByTestId('crypto-return');
    expect(coins.textContent).toContain(cryptoReturnTexts.noDeposit);
    expect(within(coins).queryByRole('button', { name: cryptoReturnTexts.askReturn })).toBeNull();
  });

  it("checks the address against the network's rules, then sends it and shows the request", async () => {
    const user = userEvent.setup();
    const sale = rejectedCoin();
    const calls = routeFetch({
      [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }),
      [`POST /api/transactions/${sale.id}/crypto-return`]: () => ({
        status: 201,
        body: {
          crypto_return: {
            status: 'requested',
            network: 'TRC20',
            address: TRON,
            requested_at: '2026-11-22T10:00:00.000Z',
            transaction_id: null,
            returned_at: null,
          },
        },
      }),
    });
    renderRoutes(routes, { path: transactionHref(sale.id) });
    await user.click(await screen.findByRole('button', { name: cryptoReturnTexts.askReturn }));
    const form = screen.getByRole('form', { name: cryptoReturnTexts.askReturn });
    expect(
      within(form)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['TRC20', 'ERC20', 'BEP20', 'Solana']);
    await user.type(within(form).getByLabelText(cryptoReturnTexts.address), '0xdAC17F958D2ee523a2206206994597C13D831ec7');
    await user.click(within(form).getByRole('button', { name: cryptoReturnTexts.submit }));
    expect(await within(form).findByText(walletAddressMessages.address.tron)).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);

    await user.clear(within(form).getByLabelText(cryptoReturnTexts.address));
    await user.type(within(form).getByLabelText(cryptoReturnTexts.address), TRON);
    await user.click(within(form).getByRole('button', { name: cryptoReturnTexts.submit }));
    await waitFor(() => expect(screen.getByTestId('crypto-return-status').textContent).toBe(cryptoReturnTexts.requested));
    expect(calls).toContain(`POST /api/transactions/${sale.id}/crypto-return`);
    expect(screen.getByTestId('crypto-return').textContent).toContain(TRON);
  });

  it('shows a recorded return with its transaction ID', async () => {
    const sale = rejectedCoin({
      crypto_return: {
        status: 'returned',
        network: 'TRC20',
        address: TRON,
        requested_at: '2026-11-22T10:00:00.000Z',
        transaction_id: 'abc123def',
        returned_at: '2026-11-22T11:00:00.000Z',
      },
    });
    routeFetch({ [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }) });
    renderRoutes(routes, { path: transactionHref(sale.id) });
    expect((await screen.findByTestId('crypto-return-status')).textContent).toBe(cryptoReturnTexts.returned);
    expect(screen.getByTestId('crypto-return-tx').textContent).toBe('abc123def');
    expect(screen.queryByRole('link', { name: cryptoReturnTexts.sellAgain })).toBeNull();
  });
});
