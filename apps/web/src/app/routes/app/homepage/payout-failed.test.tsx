import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { payoutFailureTexts } from '@wise/shared';
import { paths, transactionHref, withReturnTo } from '#web/config/paths';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { saleDetail, transactionItem } from '#web/testing/sales';
import { HistoryRoute } from './history';
import { TransactionDetailRoute } from './transaction-detail';

/**
 * A sale whose payout failed or was reversed: still pending for the filters, but shown as
 * "Payout failed" with the reason in plain words and the way to fix it (new bank details, which
 * sends the payout again).
 */

const routes = [
  { path: paths.history, Component: HistoryRoute },
  { path: paths.transaction, Component: TransactionDetailRoute },
];

describe('a failed payout', () => {
  it('the detail says Payout failed with the reason and leads to the bank screen, back to the sale', async () => {
    const sale = saleDetail({
      payout_failure: { code: 'bank_declined', reason: payoutFailureTexts.reasons.bank_declined },
      timeline: [
        { status: 'submitted', at: '2026-11-21T13:05:00.000Z' },
        { status: 'under_review', at: '2026-11-21T14:00:00.000Z' },
      ],
    });
    routeFetch({ [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }) });
    renderRoutes(routes, { path: transactionHref(sale.id) });
    const failure = await screen.findByTestId('payout-failure');
    expect(within(screen.getByTestId('transaction-status')).getByText(payoutFailureTexts.label).getAttribute('data-tone')).toBe('danger');
    expect(screen.getByTestId('payout-failure-reason').textContent).toBe(payoutFailureTexts.reasons.bank_declined);
    expect(failure.textContent).toContain(payoutFailureTexts.help);
    const fix = within(failure).getByRole('link', { name: payoutFailureTexts.updateBank });
    expect(fix.getAttribute('href')).toBe(withReturnTo(paths.updateBank, transactionHref(sale.id)));
  });

  it('a sale without a failure shows neither the note nor the action', async () => {
    const sale = saleDetail({});
    routeFetch({ [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }) });
    renderRoutes(routes, { path: transactionHref(sale.id) });
    await screen.findByTestId('transaction-detail');
    expect(screen.queryByTestId('payout-failure')).toBeNull();
    expect(screen.queryByText(payoutFailureTexts.updateBank)).toBeNull();
  });

  it('after a bank change the detail shows the new account the payout goes to', async () => {
    const sale = saleDetail({ payout_account: { bank_name: 'Zenith Bank', account_number: '2233445566', account_name: 'ADA OBI' } });
    routeFetch({ [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }) });
    renderRoutes(routes, { path: transactionHref(sale.id) });
    const bank = await screen.findByTestId('transaction-bank');
    expect(bank.textContent).toContain('Zenith Bank');
    expect(bank.textContent).toContain('2233445566');
  });

  it('the history row reads Payout failed in red', async () => {
    const failed = transactionItem({
      id: '00000000-0000-4000-8000-000000000101',
      payout_failure: { code: 'reversed', reason: payoutFailureTexts.reasons.reversed },
    });
    const waiting = transactionItem({ id: '00000000-0000-4000-8000-000000000102' });
    routeFetch({ 'GET /api/transactions?limit=20': () => ({ status: 200, body: { transactions: [failed, waiting], next_cursor: null } }) });
    renderRoutes(routes, { path: paths.history });
    const rows = await screen.findAllByTestId('transaction-row');
    expect(within(rows[0]!).getByText(payoutFailureTexts.label).getAttribute('data-tone')).toBe('danger');
    expect(within(rows[1]!).getByText('Pending').getAttribute('data-tone')).toBe('pending');
  });
});
