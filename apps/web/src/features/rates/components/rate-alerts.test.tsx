import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rateAlertTexts, type RateAlertListResponse } from '@wise/shared';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { RateAlerts } from './rate-alerts';

/** The customer's rate alerts on /rates: the count, each alert waiting or reached, delete, and no new one past the limit. */

const WAITING = '0d9b2f6e-4c1a-4b7e-9f3a-6a1c2e5d7b01';
const REACHED = '0d9b2f6e-4c1a-4b7e-9f3a-6a1c2e5d7b02';

const list = (alerts: RateAlertListResponse['alerts'], active: number): RateAlertListResponse => ({ alerts, active, limit: 10 });
const waiting = {
  id: WAITING,
  subject: 'coin:bitcoin',
  label: 'Bitcoin (BTC)',
  currency: null,
  threshold_kobo: 150_000_000_00,
  created_at: '2026-11-20T09:00:00.000Z',
  spent_at: null,
  fired_value_kobo: null,
};
const reached = { ...waiting, id: REACHED, label: 'Tether (USDT)', spent_at: '2026-11-21T09:00:00.000Z', fired_value_kobo: 160_000_00 };

describe('rate alerts', () => {
  it('lists the alerts waiting and reached, deletes one, and refuses a new one at the limit', async () => {
    let answer = list([waiting, reached], 10);
    const calls = routeFetch({
      'GET /api/rates/alerts': () => ({ status: 200, body: answer }),
      [`DELETE /api/rates/alerts/${WAITING}`]: () => {
        answer = list([reached], 9);
        return { status: 200, body: { deleted: true } };
      },
    });
    const { user } = renderRoutes([{ path: '/', element: <RateAlerts cards={[]} coins={[]} /> }]);

    expect(await screen.findByTestId('rate-alert-count')).toHaveProperty('textContent', rateAlertTexts.count(10));
    const rows = screen.getAllByTestId('rate-alert');
    expect(rows.map((row) => within(row).getByText(/Bitcoin|Tether/).textContent)).toEqual(['Bitcoin (BTC)', 'Tether (USDT)']);
    expect(within(rows[0]!).getByText(/^When it reaches/)).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Reached/)).toBeTruthy();
    expect(screen.getByRole('button', { name: rateAlertTexts.create })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: rateAlertTexts.deleteLabel('Bitcoin (BTC)') }));
    expect(await screen.findByText(rateAlertTexts.deleted)).toBeTruthy();
    expect(await screen.findByText(rateAlertTexts.count(9))).toBeTruthy();
    expect(screen.getAllByTestId('rate-alert')).toHaveLength(1);
    expect(screen.getByRole('button', { name: rateAlertTexts.create })).toHaveProperty('disabled', false);
    expect(calls).toContain(`DELETE /api/rates/alerts/${WAITING}`);
  });

  it('says so when there are none, and offers a retry when they cannot be loaded', async () => {
    let fail = true;
    routeFetch({
      'GET /api/rates/alerts': () =>
        fail ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Down' } } } : { status: 200, body: list([], 0) },
    });
    const { user } = renderRoutes([{ path: '/', element: <RateAlerts cards={[]} coins={[]} /> }]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(rateAlertTexts.loadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button'));
    expect(await screen.findByText(rateAlertTexts.empty)).toBeTruthy();
  });
});
