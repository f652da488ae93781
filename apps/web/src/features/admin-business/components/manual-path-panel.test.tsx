import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BusinessTimeZoneProvider } from '#web/lib/business-time-zone';
import { routeFetch } from '#web/testing/render';
import { ManualPathPanel } from './manual-path-panel';

const at = '2026-11-22T08:00:00Z';

describe('ManualPathPanel', () => {
  it('shows whether screenshot sales are open and closes them with the authenticator code', async () => {
    let sent: unknown;
    routeFetch({
      'GET /api/admin/crypto/manual-path': () => ({
        status: 200,
        body: { manual_path: { enabled: true, changed_at: at, changed_by: null } },
      }),
      'PUT /api/admin/crypto/manual-path': (init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 200, body: { manual_path: { enabled: false, changed_at: at, changed_by: { id: 's1', name: 'Ada Admin' } } } };
      },
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <BusinessTimeZoneProvider timeZone="Africa/Lagos">
          <ManualPathPanel />
        </BusinessTimeZoneProvider>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: /shared addresses with a screenshot/ });
    await screen.findByText(/Customers may send coins to the shared addresses/);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    expect(screen.getByRole('dialog', { name: 'Stop screenshot sales?' })).toBeTruthy();
    await user.type(screen.getByLabelText('Authenticator code'), '123456{Enter}');
    expect(await screen.findByText(/Closed: customers pay to their own deposit addresses only/)).toBeTruthy();
    expect(sent).toEqual({ enabled: false, confirm_code: '123456' });
    expect(screen.getByRole('switch', { name: /shared addresses with a screenshot/ }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/Changed by Ada Admin/)).toBeTruthy();
  });
});
