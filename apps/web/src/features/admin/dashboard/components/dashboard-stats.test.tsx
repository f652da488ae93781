import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@wise/shared/admin';
import { BusinessTimeZoneProvider } from '#web/lib/business-time-zone';
import { stubFetch } from '#web/testing/render';
import { DashboardStats } from './dashboard-stats';

/** The dashboard's figures: open alerts, what needs staff (each a link to its list, alerting when non-zero), and today. */

const links = {
  pending: '/admin/sales?status=pending',
  payoutsFailed: '/admin/sales?status=payout_failed',
  awaitingApproval: '/admin/sales?status=awaiting_approval',
  approved: '/admin/sales?status=approved',
  rejected: '/admin/sales?status=rejected',
  paid: '/admin/sales?status=paid',
  bills: '/admin/bills',
};

const dashboard: AdminDashboard = {
  pending_sales: { count: 3, oldest_created_at: '2026-11-22T08:00:00.000Z', oldest_age_minutes: 90 },
  today: { date: '2026-11-22', time_zone: 'Africa/Lagos', approved: 5, rejected: 1 },
  payouts_today: { count: 1, total_kobo: 2_500_000 },
  payouts_failed: { count: 0 },
  payouts_held: { count: 2 },
  payouts_provider_unreachable: { count: 0, since: null, reason: null },
  awaiting_second_approval: { count: 1 },
  bill_orders_stuck: { count: 0, oldest_authorised_at: null },
  alerts: [{ kind: 'payouts_failing', title: 'Payouts failing', detail: '3 in 10 minutes', opened_at: '2026-11-22T09:00:00.000Z' }],
  generated_at: '2026-11-22T09:30:00.000Z',
};

function renderStats() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <DashboardStats links={links} /> }], { initialEntries: ['/admin'] });
  render(
    <QueryClientProvider client={queryClient}>
      <BusinessTimeZoneProvider timeZone="Africa/Lagos">
        <RouterProvider router={router} />
      </BusinessTimeZoneProvider>
    </QueryClientProvider>,
  );
}

describe('the dashboard figures', () => {
  it('shows the open alerts, what needs attention with links and alerts, and today', async () => {
    stubFetch({ status: 200, body: dashboard });
    renderStats();
    const alerts = await screen.findByRole('region', { name: 'Open alerts' });
    expect(within(alerts).getByText('Payouts failing')).toBeTruthy();
    expect(within(alerts).getByText('3 in 10 minutes')).toBeTruthy();

    const stat = (label: string) => screen.getByText(label).parentElement!;
    expect(stat('Sales waiting').getAttribute('href')).toBe(links.pending);
    expect(stat('Sales waiting').className).toContain('admin-stat--alert');
    expect(stat('Sales waiting').textContent).toContain('Oldest waiting');
    expect(stat('Second approval').getAttribute('href')).toBe(links.awaitingApproval);
    expect(stat('Payouts failed').className).not.toContain('admin-stat--alert');
    expect(stat('Payouts held').className).toContain('admin-stat--alert');
    // The provider answers: no tile for it.
    expect(screen.queryByText('Provider unreachable')).toBeNull();
    expect(stat('Bill orders stuck').getAttribute('href')).toBe(links.bills);
    expect(stat('Approved').textContent).toBe('Approved5');
    expect(stat('Paid out').textContent).toContain('1 payout');
    expect(stat('Paid out').getAttribute('href')).toBe(links.paid);
  });

  it('leaves out the alerts section when none is open', async () => {
    stubFetch({ status: 200, body: { ...dashboard, alerts: [] } });
    renderStats();
    expect(await screen.findByText('Needs attention')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Open alerts' })).toBeNull();
    expect(screen.getByText('Today')).toBeTruthy();
  });
});
