import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  accountNameMatchLabels,
  depositDeskMessages,
  imagesDeletedTexts,
  reviewMessages,
  riskFlagTexts,
  type AdminSaleDetail,
} from '@wise/shared/admin';
import { BusinessTimeZoneProvider } from '#web/lib/business-time-zone';
import { requestBody, stubFetch } from '#web/testing/render';
import { SaleReview } from './sale-review';

const ME = { id: '0b6f2a53-7a1e-4a47-9d0b-1f4c2d9e0a11', role: 'reviewer' as const };
const OTHER = { id: '5a1e0c6e-2b3f-4c55-8e77-3d9a0f1b2c33', name: 'Rita Okafor' };

function sale(overrides: Partial<AdminSaleDetail> = {}): AdminSaleDetail {
  return {
    id: '6f0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e21',
    kind: 'giftcard',
    title: 'Amazon · USA physical',
    status: 'submitted',
    payout_status: null,
    created_at: '2026-11-22T08:00:00Z',
    age_minutes: 75,
    customer: {
      id: 'c1',
      full_name: 'Chinedu Eze',
      username: 'chinedu',
      email: 'chinedu@example.com',
      phone: '+2348031234567',
      joined_at: '2026-10-01T10:00:00Z',
      locked: false,
      locked_reason: null,
    },
    images: [
      { position: 0, url: '/api/admin/sales/6f0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e21/images/0' },
      { position: 1, url: '/api/admin/sales/6f0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e21/images/1' },
    ],
    currency: 'USD',
    currency_amount: '50.00',
    exchange_rate: '1180.00',
    value_kobo: 5_900_000,
    card: { id: 'g1', name: 'Amazon', slug: 'amazon' },
    subcategory: { id: 's1', label: 'USA physical · $25–$100' },
    coin: null,
    coin_amount: null,
    quote: null,
    current_rate: { exchange_rate: '1200.00', as_of: '2026-11-22T09:00:00Z', stale: false },
    comment: 'Birthday present',
    card_code_provided: true,
    transaction_id: null,
    risk_flags: [],
    bank: { bank_code: '058', bank_name: 'GTBank', account_number: '0123451111', account_name: 'CHINEDU EZE', name_match: 'match' },
    history: [{ status: 'submitted', at: '2026-11-22T08:00:00Z', actor: null }],
    payouts: [],
    claim: null,
    decision: null,
    earlier_sales: [],
    ...overrides,
  };
}

const failedPayout: Partial<AdminSaleDetail> = {
  status: 'approved',
  payout_status: 'failed',
  age_minutes: null,
  decision: {
    decided_at: '2026-11-22T09:00:00Z',
    decided_by: OTHER,
    payout_amount_kobo: 5_900_000,
    approval_note: null,
    rejection_code: null,
    rejection_reason: null,
    rejection_message: null,
    payout_reference: null,
    paid_at: null,
  },
  payouts: [
    {
      id: 'p1',
      attempt: 1,
      reference: 'wpo_abcdefabcdefabcdef_a1',
      method: 'transfer',
      status: 'failed',
      amount_kobo: 5_900_000,
      provider_reference: 'TRF_1',
      failure_reason: 'The bank declined the transfer',
      note: null,
      created_at: '2026-11-22T09:00:00Z',
      sent_at: '2026-11-22T09:00:01Z',
      settled_at: '2026-11-22T09:00:04Z',
    },
  ],
};

function renderReview(detail: AdminSaleDetail, staff: { id: string; role: 'reviewer' | 'admin' } = ME) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '*', element: <SaleReview sale={detail} staff={staff} backHref="/admin/sales" saleHref={(id) => `/admin/sales/${id}`} /> }],
    { initialEntries: ['/admin/sales/x'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <BusinessTimeZoneProvider timeZone="Africa/Lagos">
        <RouterProvider router={router} />
      </BusinessTimeZoneProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** A deposit's sale that `pricer` priced at the deposit desk (docs/crypto-settlement.md). */
function pricedDepositSale(pricer: { id: string; name: string }): AdminSaleDetail {
  const txid = 'a'.repeat(64);
  return sale({
    kind: 'crypto',
    title: 'BTC · 0.0015',
    images: [],
    card: null,
    subcategory: null,
    coin: 'btc',
    coin_amount: '0.0015',
    transaction_id: txid,
    chain: {
      network: 'bitcoin',
      txid,
      explorer_url: `https://mempool.space/tx/${txid}`,
      check: null,
      can_recheck: false,
      deposit: {
        id: 'd1',
        status: 'settled',
        review_reason: 'amount_mismatch',
        address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
        sender: 'bc1qsender',
        asset: 'btc',
        amount: '0.0015',
        confirmations: 2,
        required_confirmations: 2,
        block_number: '1001',
        block_time: '2026-11-22T08:05:00Z',
        first_seen_at: '2026-11-22T08:04:00Z',
        confirmed_at: '2026-11-22T08:10:00Z',
        priced_by: pricer,
      },
    },
  });
}

describe('a deposit priced at the desk', () => {
  it('tells its pricer another reviewer approves it, and offers them no approval', () => {
    renderReview(pricedDepositSale({ id: ME.id, name: 'Me' }));
    expect(screen.getByText(depositDeskMessages.pricerCannotApprove)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Approve and pay' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lets another reviewer approve it', () => {
    renderReview(pricedDepositSale(OTHER));
    expect(screen.queryByText(depositDeskMessages.pricerCannotApprove)).toBeNull();
    expect((screen.getByRole('button', { name: 'Approve and pay' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('SaleReview', () => {
  it('says a closed account’s images were deleted with it, one tile each, and draws no image', () => {
    renderReview(sale({ images: [], images_deleted: { reason: 'account_closed', count: 2 } }));
    const tiles = screen.getByTestId('deleted-images').querySelectorAll('li');
    expect([...tiles].map((tile) => tile.textContent)).toEqual([imagesDeletedTexts.account_closed, imagesDeletedTexts.account_closed]);
    expect(document.querySelectorAll('.admin-thumbs img')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Open Image/ })).toBeNull();
  });

  it('shows what the reviewer decides on: images, terms, the rate then and now, the account', async () => {
    const user = renderReview(sale());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Amazon · USA physical');
    expect(screen.getByText('waiting 1 h 15 min', { exact: false })).toBeTruthy();
    expect(screen.getByText('₦1,180.00/USD')).toBeTruthy();
    expect(screen.getByText('₦1,200.00/USD')).toBeTruthy();
    expect(screen.getByText('changed')).toBeTruthy();
    expect(screen.getByText('+234 803 123 4567')).toBeTruthy();
    expect(screen.getByText('0123451111')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Open Image 2/ }));
    const viewer = screen.getByRole('dialog', { name: 'Image 2 of 2' });
    await user.click(within(viewer).getByRole('button', { name: 'Zoom in' }));
    expect(within(viewer).getByText('150%')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the card code only when asked, and only to the reviewer holding the sale or an admin', async () => {
    // Not holding it: no code on the page, and the button waits for a claim.
    renderReview(sale());
    expect(screen.queryByText('X7QK-93LM')).toBeNull();
    expect((screen.getByRole('button', { name: 'Show code' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(reviewMessages.cardCodeNotHeld)).toBeTruthy();
  });

  it('asks the server for the code when the holder presses "Show code"', async () => {
    const fetchMock = stubFetch({ status: 200, body: { card_code: 'X7QK-93LM' } });
    const user = renderReview(sale({ claim: { staff: { id: ME.id, name: 'Me' }, until: '2026-11-22T10:00:00Z' } }));
    expect(screen.queryByText('X7QK-93LM')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show code' }));
    expect(await screen.findByText('X7QK-93LM')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/admin/sales/${sale().id}/card-code`);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('writes a crypto sale’s figures as customers read them: grouped, with sensible decimals', () => {
    renderReview(
      sale({
        kind: 'crypto',
        title: 'Bitcoin (BTC)',
        card: null,
        subcategory: null,
        card_code_provided: false,
        coin: 'btc',
        coin_amount: '0.005',
        currency: 'USD',
        currency_amount: '514.8573',
        exchange_rate: '1585.5',
        transaction_id: 'abc123',
        quote: {
          id: null,
          price_usd: '102971.46',
          usdt_market_rate_ngn: '1600.5',
          usdt_adjustment_ngn: '-15',
          usdt_rate_ngn: '1585.5',
          coin_adjustment_ngn: '0',
          rate_ngn_per_usd: '1585.5',
        },
      }),
    );
    expect(screen.getByText('$514.86')).toBeTruthy();
    expect(screen.getByText('$102,970')).toBeTruthy();
    expect(screen.getByText('₦1,585.50/USD')).toBeTruthy();
    expect(screen.getByText('₦1,600.50/USDT market, −₦15.00 adjustment')).toBeTruthy();
    expect(screen.queryByText(/USD 514|102971/)).toBeNull();
  });

  it('shows what the customer typed for an older sale whose ID could not be read, hidden characters written out', () => {
    renderReview(
      sale({
        kind: 'crypto',
        title: 'USDT · 20',
        card: null,
        subcategory: null,
        card_code_provided: false,
        coin: 'usdt',
        coin_amount: '20',
        transaction_id: null,
        transaction_id_as_typed: 'ab\u200ccd\u0430',
        risk_flags: [{ code: 'transaction_id_unreadable', related_sales: [] }],
      }),
    );
    expect(screen.getByText('Transaction ID as typed')).toBeTruthy();
    expect(screen.getByText('ab\\u{200c}cd\\u{430}')).toBeTruthy();
  });

  it('shows a rejected crypto sale’s return address and records the return with the code', async () => {
    const fetchMock = stubFetch({ status: 500, body: { error: 'stop here' } });
    const user = renderReview(
      sale({
        kind: 'crypto',
        status: 'rejected',
        title: 'USDT · 100',
        card: null,
        subcategory: null,
        card_code_provided: false,
        coin: 'usdt',
        coin_amount: '100',
        age_minutes: null,
        decision: {
          decided_at: '2026-11-22T09:00:00Z',
          decided_by: OTHER,
          payout_amount_kobo: null,
          approval_note: null,
          rejection_code: 'wrong_network',
          rejection_reason: 'The coins were sent on a different network from the one shown for this wallet',
          rejection_message: null,
          payout_reference: null,
          paid_at: null,
        },
        crypto_return: {
          status: 'requested',
          network: 'TRC20',
          address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
          requested_at: '2026-11-22T10:00:00Z',
          transaction_id: null,
          returned_at: null,
          returned_by: null,
        },
      }),
    );
    const panel = screen.getByTestId('crypto-return');
    expect(within(panel).getByText('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBeTruthy();
    expect(within(panel).getByText('100 USDT')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Record return' }));
    expect(within(panel).getByText('Enter the transaction ID of the return')).toBeTruthy();
    await user.type(within(panel).getByLabelText('Transaction ID of the return'), 'abc123');
    await user.click(within(panel).getByRole('button', { name: 'Record return' }));
    const dialog = screen.getByRole('dialog', { name: 'Record the return' });
    await user.type(within(dialog).getByLabelText('Authenticator code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Record return' }));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/admin/sales/${sale().id}/crypto-return`);
    expect(requestBody(fetchMock)).toEqual({ transaction_id: 'abc123', confirm_code: '123456' });
  });

  it("flags a payout account that only partly matches the customer's name", () => {
    renderReview(
      sale({
        bank: { bank_code: '058', bank_name: 'GTBank', account_number: '0123451111', account_name: 'EZE NGOZI', name_match: 'partial' },
      }),
    );
    const flag = screen.getByTestId('account-name-match');
    expect(flag.textContent).toBe(accountNameMatchLabels.partial);
    expect(flag.querySelector('[data-tone="warning"]')).not.toBeNull();
  });

  it('says when the name was matched', () => {
    renderReview(sale());
    expect(screen.getByTestId('account-name-match').textContent).toBe(accountNameMatchLabels.match);
  });

  it('says when the name was never checked', () => {
    renderReview(
      sale({
        bank: { bank_code: '058', bank_name: 'GTBank', account_number: '0123451111', account_name: 'CHINEDU EZE', name_match: null },
      }),
    );
    expect(screen.getByTestId('account-name-match').textContent).toBe(accountNameMatchLabels.unchecked);
  });

  it('shows each risk flag with its explanation, and links the other sale behind a duplicate', () => {
    renderReview(
      sale({
        risk_flags: [
          {
            code: 'duplicate_card_code',
            related_sales: [
              {
                id: '7a0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e99',
                kind: 'giftcard',
                title: 'Amazon · USA e-code',
                status: 'rejected',
                created_at: '2026-11-20T08:00:00Z',
                customer: { id: 'c2', full_name: 'Bola Ade', username: 'bola' },
              },
            ],
          },
          { code: 'new_account', related_sales: [] },
        ],
      }),
    );
    const flags = screen.getByRole('list', { name: 'Risk flags' });
    expect(within(flags).getByText('Card code used before')).toBeTruthy();
    expect(within(flags).getByText(riskFlagTexts.duplicate_card_code.explanation)).toBeTruthy();
    expect(within(flags).getByText(riskFlagTexts.new_account.explanation)).toBeTruthy();
    const link = within(flags).getByRole('link', { name: /Amazon · USA e-code/ });
    expect(link.getAttribute('href')).toBe('/admin/sales/7a0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e99');
    expect(link.textContent).toContain('Bola Ade (@bola)');
  });

  it('folds a long list of related sales after the first three, so the photos stay near the top', () => {
    const related = Array.from({ length: 5 }, (_, i) => ({
      id: `7a0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e9${i}`,
      kind: 'giftcard' as const,
      title: `Amazon · USA physical ${i + 1}`,
      status: 'submitted' as const,
      created_at: '2026-11-20T08:00:00Z',
      customer: { id: `c${i}`, full_name: 'Bola Ade', username: 'bola' },
    }));
    renderReview(sale({ risk_flags: [{ code: 'duplicate_photo', related_sales: related }] }));
    const flags = screen.getByRole('list', { name: 'Risk flags' });
    const more = within(flags).getByText('Show 2 more').closest('details');
    expect(more).not.toBeNull();
    expect(more?.open).toBe(false);
    const links = within(flags).getAllByRole('link');
    expect(links).toHaveLength(5);
    expect(links.filter((link) => more?.contains(link)).map((link) => link.textContent)).toEqual([
      expect.stringContaining('Amazon · USA physical 4'),
      expect.stringContaining('Amazon · USA physical 5'),
    ]);
  });

  it('shows no risk-flag panel for a sale without flags', () => {
    renderReview(sale());
    expect(screen.queryByRole('list', { name: 'Risk flags' })).toBeNull();
  });

  it("holds the decision while another reviewer's claim lasts", () => {
    renderReview(sale({ status: 'under_review', claim: { staff: OTHER, until: '2026-11-22T09:15:00Z' } }));
    expect(screen.getByText(/Rita Okafor is reviewing/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Approve and pay' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getAllByRole('button', { name: 'Reject sale' })[0] as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers a reviewer the retry of a failed payout, with the authenticator code', async () => {
    const fetchMock = stubFetch({ status: 500, body: { error: 'stop here' } });
    const user = renderReview(sale(failedPayout));
    expect(screen.queryByRole('form', { name: 'Approve' })).toBeNull();
    expect(screen.getAllByText('The bank declined the transfer').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Mark paid by hand' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry payout' }));
    await user.type(screen.getByLabelText('Authenticator code'), '123456{Enter}');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/admin/sales/6f0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e21/payout/retry');
    expect(requestBody(fetchMock)).toEqual({ confirm_code: '123456' });
  });

  it('lets an admin record a manual payment: reference and note, then the code', async () => {
    const fetchMock = stubFetch({ status: 500, body: { error: 'stop here' } });
    const user = renderReview(sale(failedPayout), { id: ME.id, role: 'admin' });
    await user.click(screen.getByRole('button', { name: 'Mark paid by hand' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter the payment reference')).toBeTruthy();
    expect(screen.getByText('Write a note saying how the customer was paid')).toBeTruthy();
    await user.type(screen.getByLabelText('Payment reference'), 'GTB-0042');
    await user.type(screen.getByLabelText('Note'), 'Paid from the bank app');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText('Authenticator code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Mark as paid' }));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/admin/sales/6f0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e21/payout/manual');
    expect(requestBody(fetchMock)).toEqual({ reference: 'GTB-0042', note: 'Paid from the bank app', confirm_code: '654321' });
  });

  describe('a request for a second approval', () => {
    const request = {
      id: 'r1',
      amount_kobo: 100_000_000_000,
      value_kobo: 5_900_000,
      reason_code: 'other' as const,
      note: 'Customer says the balance is higher',
      requested_by: OTHER,
      created_at: '2026-11-22T09:00:00Z',
      outcome: null,
      decided_by: null,
      decided_at: null,
      decision_note: null,
    };
    const waiting = () => sale({ status: 'under_review', approval_request: request, approval_limit_kobo: 50_000_000 });

    it('shows an admin both amounts, the reason and who asked, and confirms with their own code', async () => {
      const fetchMock = stubFetch({ status: 500, body: { error: 'stop here' } });
      const user = renderReview(waiting(), { id: ME.id, role: 'admin' });
      expect(screen.getByText('Waiting for a second approval')).toBeTruthy();
      expect(screen.getByText('₦1,000,000,000.00')).toBeTruthy();
      expect(screen.getAllByText('₦59,000.00').length).toBeGreaterThan(0);
      expect(screen.getAllByText('Customer says the balance is higher')).toHaveLength(2); // the note, and what the customer reads
      expect(screen.getByText('Rita Okafor')).toBeTruthy();
      expect(screen.queryByRole('form', { name: 'Approve' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Confirm and pay' }));
      const dialog = screen.getByRole('dialog', { name: 'Confirm the second approval' });
      await user.type(within(dialog).getByLabelText('Authenticator code'), '246810');
      await user.click(within(dialog).getByRole('button', { name: 'Pay ₦1,000,000,000.00' }));
      expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/admin/sales/${waiting().id}/approval/confirm`);
      // The confirm names the request and the amount on the screen (a re-asked request is refused).
      expect(requestBody(fetchMock)).toEqual({ request_id: request.id, amount_kobo: request.amount_kobo, confirm_code: '246810' });
    });

    it('declines with an optional note', async () => {
      const fetchMock = stubFetch({ status: 500, body: { error: 'stop here' } });
      const user = renderReview(waiting(), { id: ME.id, role: 'admin' });
      await user.click(screen.getByRole('button', { name: 'Decline' }));
      await user.type(screen.getByLabelText('Note (optional, for staff)'), 'The photo shows $50');
      await user.click(screen.getByRole('button', { name: 'Decline: back to review' }));
      expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/admin/sales/${waiting().id}/approval/decline`);
      expect(requestBody(fetchMock)).toEqual({ note: 'The photo shows $50' });
    });

    it('never offers the one who asked, nor a reviewer, a confirm button', () => {
      renderReview(waiting(), { id: OTHER.id, role: 'admin' });
      expect(screen.queryByRole('button', { name: 'Confirm and pay' })).toBeNull();
      expect(screen.getByText('You asked for this approval: another admin must confirm or decline it.')).toBeTruthy();
    });

    it('shows a reviewer the request without a button', () => {
      renderReview(waiting());
      expect(screen.queryByRole('button', { name: 'Confirm and pay' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
      expect(screen.getByText('Only an admin other than Rita Okafor can confirm or decline it.')).toBeTruthy();
    });
  });
});
