import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { payoutDelayTexts } from '@wise/shared';
import { paths, transactionHref } from '#web/config/paths';
import { applyLanguage } from '#web/lib/i18n';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { saleDetail } from '#web/testing/sales';
import { TransactionDetailRoute } from './transaction-detail';

/**
 * A sale whose payout has not reached the payout provider for a while (docs/RELIABILITY.md,
 * "Provider outages"): the detail says it is delayed on the bank's side and goes out by itself,
 * in the app's language, with nothing for the customer to do.
 */

const routes = [{ path: paths.transaction, Component: TransactionDetailRoute }];

describe('a delayed payout', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  it('the detail says the payout is delayed on the bank side, in English and in Pidgin', async () => {
    const sale = saleDetail({ payout_delay: payoutDelayTexts.notice });
    routeFetch({ [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }) });
    renderRoutes(routes, { path: transactionHref(sale.id) });
    expect((await screen.findByTestId('payout-delay')).textContent).toBe(
      "Your payout is delayed on the bank's side; it will go out automatically",
    );
    await applyLanguage('pcm');
    await expect
      .poll(() => screen.getByTestId('payout-delay').textContent)
      .toBe('Your payout don delay for the bank side; e go comot by itself');
    expect(screen.queryByTestId('payout-failure')).toBeNull();
  });

  it('a sale without a delay shows no such note', async () => {
    const sale = saleDetail({});
    routeFetch({ [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }) });
    renderRoutes(routes, { path: transactionHref(sale.id) });
    await screen.findByTestId('transaction-detail');
    expect(screen.queryByTestId('payout-delay')).toBeNull();
  });
});
