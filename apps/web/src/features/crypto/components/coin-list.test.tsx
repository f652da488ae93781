import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { coinListTexts } from '@wise/shared';
import { renderRoutes } from '#web/testing/render';
import { coin } from '../test-data';
import { CoinList } from './coin-list';

describe('CoinList', () => {
  it('shows each coin’s naira price at what we pay for it beside its USD price, and says which rate', () => {
    const coins = [coin(), coin({ id: 'usdt', symbol: 'USDT', name: 'Tether', current_price_usd: '0.99985', rate_ngn_per_usd: '1600.5' })];
    renderRoutes([{ path: '/', Component: () => <CoinList coins={coins} hrefFor={(id) => `/sell/${id}`} /> }]);
    const [bitcoin, tether] = within(screen.getByTestId('coin-list')).getAllByRole('listitem') as HTMLElement[];
    // $67,234.12 × ₦1,580 = ₦106,229,909.60, to the kobo.
    expect(within(bitcoin!).getByText('$67,234')).toBeTruthy();
    expect(within(bitcoin!).getByTestId('coin-naira-price').textContent).toBe('₦106,229,909.60');
    // 0.99985 × 1600.5 = 1600.259925: rounded half up to the kobo.
    expect(within(tether!).getByTestId('coin-naira-price').textContent).toBe('₦1,600.26');
    expect(screen.getByText(coinListTexts.nairaNote)).toBeTruthy();
  });
});
