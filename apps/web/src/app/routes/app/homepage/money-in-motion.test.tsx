import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { salesSummaryTexts, type SalesSummaryResponse } from '@wise/shared';
import { paths, transactionHref, withReturnTo } from '#web/config/paths';
import { formatNaira } from '#web/lib/format';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { bankDetails } from '#web/testing/sales';
import { AccountRoute } from '../account/account';
import { DashboardRoute } from './dashboard';

/**
 * Home is the money screen and the Wallet the money page: what is in review, being paid, paid
 * today and this month, and a failed payout with its fix where the customer sees it.
 */

const FAILED_ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
const nothing = { count: 0, amount_kobo: 0 };
const summary = (overrides: Partial<SalesSummaryResponse> = {}): SalesSummaryResponse => ({
  waiting: nothing,
  paying: nothing,
  failed: { ...nothing, sale_ids: [] },
  paid_today: nothing,
  paid_this_month: nothing,
  ...overrides,
});
const dashboard = { full_name: 'Ada Obi', photo: '', wallet: 120, unread_notifications: 0, pending_actions: [] };

function home(answer: SalesSummaryResponse | 'error') {
  routeFetch({
    'GET /api/dashboard': () => ({ status: 200, body: dashboard }),
    'GET /api/sales/summary': () =>
      answer === 'error' ? { status: 500, body: { error: 'Something went wrong on our side' } } : { status: 200, body: answer },
    'GET /api/crypto/trending': () => ({ status: 200, body: { coins: [], stale: false } }),
    'GET /api/app-info': () => ({ status: 200, body: { time_zone: 'Africa/Lagos' } }),
  });
  return renderRoutes([{ path: paths.homepage, Component: DashboardRoute }], { path: paths.homepage });
}

describe('Home: "Your sales"', () => {
  it('shows a failed payout with its amount and "Update bank details" right there, and what is in review and paid today', async () => {
    home(
      summary({
        waiting: { count: 2, amount_kobo: 11_800_000 },
        failed: { count: 1, amount_kobo: 75_421_800, sale_ids: [FAILED_ID] },
        paid_today: { count: 1, amount_kobo: 5_900_000 },
      }),
    );
    const strip = await screen.findByTestId('sales-strip');
    const failed = within(strip).getByTestId('sales-strip-failed');
    expect(
      within(failed)
        .getByRole('link', { name: `${salesSummaryTexts.failed} · ${formatNaira(75_421_800)}` })
        .getAttribute('href'),
    ).toBe(transactionHref(FAILED_ID));
    expect(failed.textContent).toContain(salesSummaryTexts.failedText(1));
    expect(within(failed).getByRole('link', { name: salesSummaryTexts.fixBank }).getAttribute('href')).toBe(
      withReturnTo(paths.updateBank, paths.homepage),
    );
    expect(within(strip).getByTestId('sales-strip-waiting').textContent).toBe(
      `${salesSummaryTexts.waiting}${salesSummaryTexts.count(2)}${formatNaira(11_800_000)}`,
    );
    expect(within(strip).getByTestId('sales-strip-paid').textContent).toContain(formatNaira(5_900_000));
    // Nothing is being paid: no empty row.
    expect(within(strip).queryByTestId('sales-strip-paying')).toBeNull();
    expect(within(strip).getByRole('link', { name: salesSummaryTexts.seeAll }).getAttribute('href')).toBe(paths.history);
  });

  it('several failed payouts are counted together and lead to the bank screen', async () => {
    home(summary({ failed: { count: 3, amount_kobo: 30_000_000, sale_ids: [FAILED_ID, 'b', 'c'] } }));
    const failed = await screen.findByTestId('sales-strip-failed');
    expect(failed.textContent).toContain(salesSummaryTexts.failedText(3));
    expect(within(failed).queryByRole('link', { name: new RegExp(salesSummaryTexts.failed) })).toBeNull();
  });

  it('is left out when nothing is moving (paid only earlier this month)', async () => {
    home(summary({ paid_this_month: { count: 4, amount_kobo: 40_000_000 } }));
    await screen.findByTestId('gem-balance');
    expect(screen.queryByTestId('sales-strip')).toBeNull();
  });

  it('is left out when the summary fails, and the rest of Home still shows', async () => {
    home('error');
    await screen.findByTestId('gem-balance');
    expect(screen.queryByTestId('sales-strip')).toBeNull();
  });
});

describe('Wallet: "Your money"', () => {
  it('shows what is on its way and what was paid this month above the bank account, and a failed payout with its fix', async () => {
    routeFetch({
      'GET /api/bank': () => ({ status: 200, body: bankDetails }),
      'GET /api/sales/summary': () => ({
        status: 200,
        body: summary({
          waiting: { count: 1, amount_kobo: 5_900_000 },
          paying: { count: 1, amount_kobo: 11_800_000 },
          failed: { count: 1, amount_kobo: 2_000_000, sale_ids: [FAILED_ID] },
          paid_this_month: { count: 3, amount_kobo: 17_700_000 },
        }),
      }),
    });
    renderRoutes([{ path: paths.account, Component: AccountRoute }], { path: paths.account });
    const money = await screen.findByTestId('wallet-money');
    expect(within(money).getByTestId('wallet-on-its-way').textContent).toBe(
      `${salesSummaryTexts.onItsWay}${formatNaira(17_700_000)}${salesSummaryTexts.onItsWayText(2)}`,
    );
    expect(within(money).getByTestId('wallet-paid-month').textContent).toBe(
      `${salesSummaryTexts.paidThisMonth}${formatNaira(17_700_000)}${salesSummaryTexts.paidThisMonthText(3)}`,
    );
    expect(within(money).getByRole('link', { name: salesSummaryTexts.fixBank }).getAttribute('href')).toBe(
      withReturnTo(paths.updateBank, paths.account),
    );
    expect(within(money).getByRole('link', { name: salesSummaryTexts.history }).getAttribute('href')).toBe(paths.history);
    expect(await screen.findByTestId('bank-details')).toBeTruthy();
    // The money comes first, then where it is paid.
    expect(money.compareDocumentPosition(screen.getByTestId('bank-details')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
