import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { transactionCheckLabels, type AdminSaleDetail, type SaleChain } from '@wise/shared/admin';
import { BusinessTimeZoneProvider } from '#web/lib/business-time-zone';
import { stubFetch } from '#web/testing/render';
import { ChainPanel } from './chain-panel';

const SALE_ID = '6f0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e21';
const TXID = '9f2c4e7a1b0d8e3f5a6c7b8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f';

function cryptoSale(chain: SaleChain | null, coin: 'btc' | 'usdt' = 'btc'): AdminSaleDetail {
  return { id: SALE_ID, kind: 'crypto', coin, chain } as AdminSaleDetail;
}

function renderPanel(sale: AdminSaleDetail) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <BusinessTimeZoneProvider timeZone="Africa/Lagos">
        <ChainPanel sale={sale} />
      </BusinessTimeZoneProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const check = {
  detail: null,
  succeeded: true,
  confirmations: 11,
  required_confirmations: 2,
  block_number: '990',
  block_time: '2026-11-22T08:05:00Z',
  quote_created_at: '2026-11-22T08:00:00Z',
  recipient: 'bc1qcompany000000000000000000000000000000',
  sender: 'bc1qsender0000000000000000000000000000000',
  received_amount: '0.015',
  expected_amount: '0.015',
  checks: 1,
  checked_at: '2026-11-22T08:06:00Z',
};

describe('ChainPanel', () => {
  it("shows a manual sale's verdict, the chain's facts and the explorer link, and asks for the check again", async () => {
    const fetchMock = stubFetch({ status: 202, body: { queued: true } });
    const user = renderPanel(
      cryptoSale({
        network: 'bitcoin',
        txid: TXID,
        explorer_url: `https://mempool.space/tx/${TXID}`,
        deposit: null,
        check: { verdict: 'amount_short', ...check, received_amount: '0.014' },
        can_recheck: true,
      }),
    );
    const panel = document.body;
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Chain');
    expect(within(panel).getByTestId('chain-verdict').textContent).toBe(transactionCheckLabels.amount_short);
    expect(within(panel).getByTestId('chain-verdict').querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('danger');
    expect(within(panel).getByText('0.014 BTC (sale: 0.015 BTC)')).toBeTruthy();
    expect(within(panel).getByText('11 of 2')).toBeTruthy();
    expect(within(panel).getByText(check.recipient)).toBeTruthy();
    const link = within(panel).getByRole('link', { name: /View on mempool.space/ });
    expect(link.getAttribute('href')).toBe(`https://mempool.space/tx/${TXID}`);
    expect(link.getAttribute('rel')).toContain('noopener');
    await user.click(within(panel).getByRole('button', { name: 'Check again' }));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/admin/sales/${SALE_ID}/transaction-check`);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it("shows a deposit's confirmations, amount, sender, block time and review reason, with no check to ask for", () => {
    renderPanel(
      cryptoSale(
        {
          network: 'bsc',
          txid: `0x${TXID}`,
          explorer_url: `https://bscscan.com/tx/0x${TXID}`,
          check: null,
          can_recheck: false,
          deposit: {
            id: 'd1',
            status: 'review',
            review_reason: 'Amount beyond the tolerance',
            address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
            sender: '0x1111111111111111111111111111111111111111',
            asset: 'usdt',
            amount: '250.5',
            confirmations: 15,
            required_confirmations: 15,
            block_number: '123',
            block_time: '2026-11-22T08:05:00Z',
            first_seen_at: '2026-11-22T08:04:00Z',
            confirmed_at: '2026-11-22T08:10:00Z',
            priced_by: { id: 's1', name: 'Kemi Reviewer' },
          },
        },
        'usdt',
      ),
    );
    const panel = document.body;
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Chain');
    expect(within(panel).getByText('Amount beyond the tolerance')).toBeTruthy();
    expect(within(panel).getByText('250.5 USDT')).toBeTruthy();
    expect(within(panel).getByText('Kemi Reviewer (they cannot approve it)')).toBeTruthy();
    expect(within(panel).getByText('15 of 15')).toBeTruthy();
    expect(within(panel).getByText('0x1111111111111111111111111111111111111111')).toBeTruthy();
    expect(within(panel).getByText('BNB Smart Chain (BEP20)')).toBeTruthy();
    expect(
      within(panel)
        .getByRole('link', { name: /View on BscScan/ })
        .getAttribute('href'),
    ).toBe(`https://bscscan.com/tx/0x${TXID}`);
    expect(within(panel).queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it('says a manual sale was not checked yet, and draws nothing for a sale with no chain facts', () => {
    renderPanel(
      cryptoSale({
        network: 'tron',
        txid: TXID,
        explorer_url: `https://tronscan.org/#/transaction/${TXID}`,
        deposit: null,
        check: null,
        can_recheck: true,
      }),
    );
    expect(screen.getByText('Not checked on chain yet.')).toBeTruthy();
  });

  it('draws nothing for a gift card', () => {
    renderPanel(cryptoSale(null));
    expect(document.querySelector('.admin-panel')).toBeNull();
  });
});
