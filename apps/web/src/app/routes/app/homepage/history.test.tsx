import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fetchMessages, PENDING_REFETCH_MS, saleAmountReasons, saleMessages, type TransactionStatus } from '@wise/shared';
import { paths } from '#web/config/paths';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { saleDetail, transactionItem } from '#web/testing/sales';
import { HistoryRoute } from './history';
import { TransactionDetailRoute } from './transaction-detail';

const routes = [
  { path: paths.history, Component: HistoryRoute },
  { path: paths.transaction, Component: TransactionDetailRoute },
];

describe('/homepage/history', () => {
  it('lists sales newest first with image, title, value, capitalised status in its colour and comment; Load more follows the cursor', async () => {
    const pending = transactionItem({
      title: 'Amazon · USA physical',
      amount_kobo: 3_625_000,
      status: 'pending',
      comment: 'Front and back',
    });
    const paid = transactionItem({ title: 'Steam · USA e-code', amount_kobo: 2_300_050, status: 'successful' });
    const rejected = transactionItem({ title: 'Xbox · UK e-code', amount_kobo: 1_000_000, status: 'rejected' });
    const calls = routeFetch({
      'GET /api/transactions?limit=20': () => ({ status: 200, body: { transactions: [pending, paid], next_cursor: 'c1' } }),
      'GET /api/transactions?limit=20&cursor=c1': () => ({ status: 200, body: { transactions: [rejected], next_cursor: null } }),
      'GET /api/transactions?limit=20&status=rejected': () => ({ status: 200, body: { transactions: [rejected], next_cursor: null } }),
    });
    const { user } = renderRoutes(routes, { path: paths.history });
    const list = await screen.findByTestId('transactions');
    const rows = within(list).getAllByTestId('transaction-row');
    expect(rows).toHaveLength(2);
    const first = rows[0] as HTMLElement;
    expect(first.getAttribute('href')).toBe(`/homepage/history/${pending.id}`);
    expect(first.querySelector('.tx-row__title')?.textContent).toBe('Amazon');
    expect(first.querySelector('.tx-row__detail')?.textContent).toBe(' · USA physical');
    expect(first.textContent).toContain('₦36,250.00');
    expect(first.textContent).toContain('21 Nov 2026, 14:05');
    expect(first.textContent).toContain('Front and back');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/api/giftcards/art/amazon.svg');
    const pills = [...list.querySelectorAll('[data-tone]')].map((pill) => [pill.textContent, pill.getAttribute('data-tone')]);
    expect(pills).toEqual([
      ['Pending', 'pending'],
      ['Successful', 'success'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    // The title's first part heads the row, the rest is a line of its own.
    expect(await screen.findByText('Xbox')).toBeTruthy();
    expect(screen.getByText('UK e-code').className).toBe('tx-row__detail');
    expect(within(screen.getByTestId('transactions')).getAllByTestId('transaction-row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(within(screen.getByTestId('transactions')).getByText('Rejected').getAttribute('data-tone')).toBe('danger');

    // Search by status (docs/product.md §2) asks the server for that status only.
    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    await screen.findByRole('button', { name: 'Rejected', pressed: true });
    expect(calls).toContain('GET /api/transactions?limit=20&status=rejected');
  });

  it('shows the amount paid, and the quote and why when a reviewer paid less', async () => {
    const adjusted = transactionItem({
      title: 'Amazon · USA physical',
      amount_kobo: 5_900_000,
      paid_amount_kobo: 5_000_000,
      amount_reason: saleAmountReasons.partially_used,
      status: 'successful',
    });
    routeFetch({ 'GET /api/transactions?limit=20': () => ({ status: 200, body: { transactions: [adjusted], next_cursor: null } }) });
    renderRoutes(routes, { path: paths.history });
    const row = (await screen.findAllByTestId('transaction-row'))[0] as HTMLElement;
    expect(row.querySelector('.tx-row__amount')?.textContent).toBe('₦50,000.00');
    expect(within(row).getByTestId('transaction-adjusted').textContent).toBe(
      `Quoted value ₦59,000.00 · ${saleAmountReasons.partially_used}`,
    );
  });

  it("keeps 'Couldn't fetch transaction history' for a failed fetch", async () => {
    routeFetch({ 'GET /api/transactions?limit=20': () => ({ status: 500, body: { error: 'down' } }) });
    renderRoutes(routes, { path: paths.history });
    expect(await screen.findByText(fetchMessages.transactionHistory)).toBeTruthy();
  });
});

describe('/homepage/history/:id', () => {
  it('shows the photos, the terms, the payout account and the timeline of a pending sale', async () => {
    const sale = saleDetail({
      timeline: [
        { status: 'submitted', at: '2026-11-21T13:05:00.000Z' },
        { status: 'under_review', at: '2026-11-21T14:00:00.000Z' },
      ],
      card_code: 'ABCD-1234',
    });
    routeFetch({ [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }) });
    renderRoutes(routes, { path: `/homepage/history/${sale.id}` });
    const detail = await screen.findByTestId('transaction-detail');
    expect(screen.getByTestId('transaction-value').textContent).toBe('₦36,250.00');
    expect(within(detail).getByText('Pending').getAttribute('data-tone')).toBe('pending');
    for (const text of ['Amazon', 'USA physical · $25–$100', '$25.00', '₦1,450.00/$', 'ABCD-1234'])
      expect(within(detail).getByText(text)).toBeTruthy();
    const bank = screen.getByTestId('transaction-bank');
    expect(bank.textContent).toContain('Guaranty Trust Bank');
    expect(bank.textContent).toContain('0123456789');
    expect(bank.textContent).toContain('ADA OBI');
    const photos = within(screen.getByTestId('transaction-images')).getAllByRole('img');
    expect(photos.map((img) => img.getAttribute('src'))).toEqual(sale.images);
    const steps = [...detail.querySelectorAll('.timeline__step')].map((step) => [
      step.querySelector('.timeline__label')?.textContent,
      step.getAttribute('data-state'),
    ]);
    expect(steps).toEqual([
      ['Submitted', 'done'],
      ['Under review', 'done'],
      ['Paid', 'upcoming'],
    ]);
    expect(screen.queryByTestId('rejection-reason')).toBeNull();
  });

  it('says what was paid, the quoted value and the reason when they differ (the detail is the receipt)', async () => {
    const sale = saleDetail({
      status: 'successful',
      value_kobo: 5_900_000,
      amount_kobo: 5_900_000,
      paid_amount_kobo: 5_000_000,
      amount_reason: saleAmountReasons.balance_lower,
      payout_reference: 'TRF_1',
    });
    routeFetch({ [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }) });
    renderRoutes(routes, { path: `/homepage/history/${sale.id}` });
    const detail = await screen.findByTestId('transaction-detail');
    expect(screen.getByTestId('transaction-value').textContent).toBe('₦50,000.00');
    expect(screen.getByTestId('amount-adjusted').textContent).toContain('Amount paid: ₦50,000.00 (quoted value ₦59,000.00)');
    expect(screen.getByTestId('amount-reason').textContent).toBe(saleAmountReasons.balance_lower);
    expect(within(detail).getByText('Quoted value')).toBeTruthy();
    expect(within(detail).queryByText('Value')).toBeNull();
  });

  it('shows why a rejected sale was rejected, and a missing one as not found', async () => {
    const sale = saleDetail({
      status: 'rejected',
      rejection_reason: 'The code on the card was already used',
      rejection_message: 'The card was redeemed on 30 June.',
      timeline: [
        { status: 'submitted', at: '2026-11-21T13:05:00.000Z' },
        { status: 'rejected', at: '2026-11-21T15:00:00.000Z' },
      ],
    });
    const missing = '00000000-0000-4000-8000-999999999999';
    routeFetch({
      [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }),
      [`GET /api/transactions/${missing}`]: () => ({ status: 404, body: { error: saleMessages.saleNotFound, code: 'NOT_FOUND' } }),
    });
    const { router } = renderRoutes(routes, { path: `/homepage/history/${sale.id}` });
    const why = await screen.findByTestId('rejection-reason');
    expect(why.textContent).toContain('Why it was rejected');
    expect(why.textContent).toContain('The code on the card was already used');
    expect(screen.getByTestId('rejection-message').textContent).toBe('Message from our teamThe card was redeemed on 30 June.');
    expect(within(screen.getByTestId('transaction-status')).getByText('Rejected').getAttribute('data-tone')).toBe('danger');
    const states = [...document.querySelectorAll('.timeline__step')].map((step) => step.getAttribute('data-state'));
    expect(states).toEqual(['done', 'rejected']);
    await router.navigate(`/homepage/history/${missing}`);
    expect(await screen.findByText(saleMessages.saleNotFound)).toBeTruthy();
  });
});

/** Lets the fake clock run `ms`, and a little more so the answers of the queries it fired arrive. */
async function wait(ms: number) {
  for (const step of [ms, 50, 50]) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(step);
    });
  }
}

describe('a bill purchase the network failed', () => {
  const failed = transactionItem({
    id: '5b0c6f1e-3c0b-4b8e-9a57-1f6f3e0a2b11',
    transaction_type: 'airtime',
    title: 'MTN airtime · +234 803 123 4567',
    amount_kobo: 20_000,
    status: 'rejected',
    comment: 'Network busy',
  });

  it("reads 'Failed' and 'Refunded' in the list and in its detail, never 'Rejected'", async () => {
    routeFetch({
      'GET /api/transactions?limit=20': () => ({ status: 200, body: { transactions: [failed], next_cursor: null } }),
      [`GET /api/transactions/${failed.id}`]: () => ({
        status: 200,
        body: {
          transaction: {
            ...failed,
            kind: 'airtime',
            reference: 'REQ-1',
            authorised_at: '2026-11-21T14:05:00.000Z',
            order: {
              id: failed.id,
              kind: 'airtime',
              status: 'failed',
              service: 'mtn',
              amount: 200,
              phone: '+2348031234567',
              plan_name: null,
              customer_id: null,
              token: null,
              units: null,
              message: 'Network busy',
              created_at: '2026-11-21T14:05:00.000Z',
              settled_at: '2026-11-21T14:05:05.000Z',
            },
          },
        },
      }),
    });
    const { user } = renderRoutes(routes, { path: paths.history });
    const row = await screen.findByTestId('transaction-row');
    const pills = (root: Element) =>
      [...root.querySelectorAll('[data-tone]')].map((pill) => [pill.textContent, pill.getAttribute('data-tone')]);
    expect(pills(row)).toEqual([
      ['Failed', 'danger'],
      ['Refunded', 'neutral'],
    ]);
    expect(row.textContent).not.toContain('Rejected');

    await user.click(row);
    const detail = await screen.findByTestId('transaction-detail');
    expect(pills(detail.querySelector('header')!)).toEqual([
      ['Failed', 'danger'],
      ['Refunded', 'neutral'],
    ]);
    expect(detail.textContent).not.toContain('Rejected');
  });
});

describe('live status while a sale is pending', () => {
  it('the detail asks again every few seconds and shows Successful in green without a reload, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let status: TransactionStatus = 'pending';
    const sale = saleDetail({ timeline: [{ status: 'submitted', at: '2026-11-21T13:05:00.000Z' }] });
    const url = `GET /api/transactions/${sale.id}`;
    const calls = routeFetch({
      [url]: () => ({
        status: 200,
        body: {
          transaction:
            status === 'pending'
              ? sale
              : {
                  ...sale,
                  status,
                  payout_reference: 'TRF_live_1',
                  timeline: [...sale.timeline, { status: 'paid', at: '2026-11-21T13:10:00.000Z' }],
                },
        },
      }),
    });
    renderRoutes(routes, { path: `/homepage/history/${sale.id}` });
    await wait(0);
    expect(within(screen.getByTestId('transaction-status')).getByText('Pending')).toBeTruthy();
    expect(calls.filter((c) => c === url)).toHaveLength(1);

    await wait(PENDING_REFETCH_MS);
    expect(calls.filter((c) => c === url)).toHaveLength(2);
    status = 'successful';
    await wait(PENDING_REFETCH_MS);
    const pill = within(screen.getByTestId('transaction-status')).getByText('Successful');
    expect(pill.getAttribute('data-tone')).toBe('success');
    expect(screen.getByText('TRF_live_1')).toBeTruthy();

    // Settled: no more asking.
    await wait(PENDING_REFETCH_MS * 3);
    expect(calls.filter((c) => c === url)).toHaveLength(3);
  });

  it('a rejection appears in the detail with its reason while the customer watches', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let rejected = false;
    const sale = saleDetail({ timeline: [{ status: 'submitted', at: '2026-11-21T13:05:00.000Z' }] });
    routeFetch({
      [`GET /api/transactions/${sale.id}`]: () => ({
        status: 200,
        body: {
          transaction: rejected
            ? { ...sale, status: 'rejected', rejection_reason: 'The card has already been used', rejection_message: null }
            : sale,
        },
      }),
    });
    renderRoutes(routes, { path: `/homepage/history/${sale.id}` });
    await wait(0);
    expect(screen.queryByTestId('rejection-reason')).toBeNull();
    rejected = true;
    await wait(PENDING_REFETCH_MS);
    expect(screen.getByTestId('rejection-reason').textContent).toContain('The card has already been used');
    expect(screen.queryByTestId('rejection-message')).toBeNull();
    expect(within(screen.getByTestId('transaction-status')).getByText('Rejected').getAttribute('data-tone')).toBe('danger');
  });

  it('the history list refreshes while a row is pending, and not when none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const row = transactionItem({ title: 'Apple · UK e-code', status: 'pending' });
    let status: TransactionStatus = 'pending';
    const list = 'GET /api/transactions?limit=20';
    const calls = routeFetch({ [list]: () => ({ status: 200, body: { transactions: [{ ...row, status }], next_cursor: null } }) });
    renderRoutes(routes, { path: paths.history });
    await wait(0);
    expect(within(screen.getByTestId('transactions')).getByText('Pending')).toBeTruthy();
    status = 'successful';
    await wait(PENDING_REFETCH_MS);
    expect(within(screen.getByTestId('transactions')).getByText('Successful').getAttribute('data-tone')).toBe('success');
    const asked = calls.filter((c) => c === list).length;
    await wait(PENDING_REFETCH_MS * 3);
    expect(calls.filter((c) => c === list)).toHaveLength(asked);
  });
});
