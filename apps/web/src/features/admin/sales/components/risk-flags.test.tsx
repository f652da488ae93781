import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { riskFlagTexts, type AdminSaleListItem } from '@wise/shared/admin';
import { BusinessTimeZoneProvider } from '#web/lib/business-time-zone';
import type { SaleQueueFilters } from '../api/keys';
import { SaleFilters } from './sale-filters';
import { SalesTable } from './sales-table';

const row: AdminSaleListItem = {
  id: '6f0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e21',
  kind: 'crypto',
  title: 'USDT · 20',
  customer: { id: 'c1', full_name: 'Chinedu Eze', username: 'chinedu' },
  value_kobo: 3_200_000,
  currency: 'USD',
  currency_amount: '20',
  coin: 'usdt',
  coin_amount: '20',
  created_at: '2026-11-22T08:00:00Z',
  age_minutes: 12,
  status: 'submitted',
  payout_status: null,
  decided_at: null,
  claimed_by: null,
  claimed_until: null,
  risk_flags: ['duplicate_transaction_id', 'first_sale'],
};

function renderInRouter(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/admin/sales'] });
  render(
    <BusinessTimeZoneProvider timeZone="Africa/Lagos">
      <RouterProvider router={router} />
    </BusinessTimeZoneProvider>,
  );
  return userEvent.setup();
}

describe('the review queue and risk flags', () => {
  it("shows each row's flags, explained on hover", () => {
    renderInRouter(
      <SalesTable
        rows={[row, { ...row, id: '7a0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e22', risk_flags: [] }]}
        isLoading={false}
        error={null}
        onRetry={() => undefined}
        retrying={false}
        hasMore={false}
        loadingMore={false}
        onLoadMore={() => undefined}
        onOpen={() => undefined}
        saleHref={(id) => `/admin/sales/${id}`}
        staffId="s1"
        waiting
      />,
    );
    const badge = screen.getAllByText('Transaction ID used before')[0];
    expect(badge?.getAttribute('title')).toBe(riskFlagTexts.duplicate_transaction_id.explanation);
    expect(screen.getAllByText('First sale').length).toBeGreaterThan(0);
  });

  it('filters by a flag and orders the waiting view by the number of flags', async () => {
    const onChange = vi.fn<(next: SaleQueueFilters) => void>();
    const user = renderInRouter(<SaleFilters filters={{ status: 'pending' }} onChange={onChange} />);
    await user.selectOptions(screen.getByLabelText('Risk flag'), 'duplicate_photo');
    expect(onChange).toHaveBeenLastCalledWith({ status: 'pending', flag: 'duplicate_photo' });
    await user.selectOptions(screen.getByLabelText('Order'), 'flags');
    expect(onChange).toHaveBeenLastCalledWith({ status: 'pending', sort: 'flags' });
  });

  it('offers the order by flags in the waiting view only, the flag filter in the open views only', () => {
    renderInRouter(
      <>
        <SaleFilters filters={{ status: 'paid' }} onChange={() => undefined} />
        <SaleFilters filters={{ status: 'payout_failed' }} onChange={() => undefined} />
      </>,
    );
    expect(screen.queryByLabelText('Order')).toBeNull();
    expect(screen.getAllByLabelText('Risk flag')).toHaveLength(1);
  });
});
