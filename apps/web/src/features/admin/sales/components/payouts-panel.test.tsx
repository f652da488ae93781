import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { payoutStatusLabels, type AdminPayout, type AdminSaleDetail } from '@wise/shared/admin';
import { BusinessTimeZoneProvider } from '#web/lib/business-time-zone';
import { requestBody, stubFetch } from '#web/testing/render';
import { PayoutsPanel } from './payouts-panel';

/** The payout panel of the staff sale detail: held, reversed and customer-retried attempts. */

const SALE_ID = '6f0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e21';
const bank = { bank_code: '058', bank_name: 'Guaranty Trust Bank', account_number: '0123451111', account_name: 'ADA OBI' };

function attempt(overrides: Partial<AdminPayout>): AdminPayout {
  return {
    id: 'p1',
    attempt: 1,
    reference: 'wpo_abcdefabcdefabcdef_a1',
    method: 'transfer',
    status: 'success',
    amount_kobo: 5_900_000,
    provider_reference: 'TRF_1',
    failure_reason: null,
    note: null,
    created_at: '2026-11-22T09:00:00Z',
    sent_at: '2026-11-22T09:00:01Z',
    settled_at: '2026-11-22T09:00:04Z',
    account: { bank_code: '058', bank_name: 'Guaranty Trust Bank', account_number: '0123451111', account_name: 'ADA OBI' },
    started_by: 'staff',
    account_changed: false,
    ...overrides,
  };
}

type PanelSale = Parameters<typeof PayoutsPanel>[0]['sale'];
function panelSale(payout_status: AdminSaleDetail['payout_status'], payouts: AdminPayout[]): PanelSale {
  return { id: SALE_ID, status: 'approved', payout_status, payouts, bank, decision: null } as unknown as PanelSale;
}

function renderPanel(sale: PanelSale, isAdmin: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <PayoutsPanel sale={sale} isAdmin={isAdmin} /> }], {
    initialEntries: ['/admin/sales/x'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <BusinessTimeZoneProvider timeZone="Africa/Lagos">
        <RouterProvider router={router} />
      </BusinessTimeZoneProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const held = attempt({
  status: 'needs_review',
  settled_at: null,
  reported_amount_kobo: 59_000_000,
  reported_currency: 'NGN',
  review_reason: 'Held: the provider reported 59000000 kobo, the payout is 5900000 kobo',
});

describe('PayoutsPanel', () => {
  it("shows a held payout with the provider's figures; an admin resolves it with a note and the code", async () => {
    const fetchMock = stubFetch({ status: 500, body: { error: 'stop here' } });
    const user = renderPanel(panelSale('needs_review', [held]), true);
    const alert = screen.getByTestId('payout-held');
    expect(alert.textContent).toContain(payoutStatusLabels.needs_review);
    expect(alert.textContent).toContain('₦590,000.00');
    expect(alert.textContent).toContain('₦59,000.00');
    expect(screen.queryByRole('button', { name: 'Retry payout' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resolve held payout' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Choose what happened')).toBeTruthy();
    await user.click(screen.getByLabelText(/Not paid/));
    await user.type(screen.getByLabelText('Note'), 'Nothing reached the account');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText('Authenticator code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/admin/sales/${SALE_ID}/payout/resolve`);
    expect(requestBody(fetchMock)).toEqual({ resolution: 'not_paid', note: 'Nothing reached the account', confirm_code: '654321' });
  });

  it('a reviewer sees a held payout but cannot resolve it', () => {
    renderPanel(panelSale('needs_review', [held]), false);
    expect(screen.getByTestId('payout-held')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resolve held payout' })).toBeNull();
    expect(screen.getByText('An admin resolves a held payout.')).toBeTruthy();
  });

  it('a reversed payout says the sale is reopened and offers a retry; a customer-started attempt shows the new account', () => {
    const reversed = attempt({
      status: 'reversed',
      failure_reason: 'The transfer was reversed by the bank',
      reversed_at: '2026-11-22T10:00:00Z',
    });
    renderPanel(panelSale('reversed', [reversed]), false);
    expect(screen.getByText(/Payout reversed by the bank — the sale is reopened/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry payout' })).toBeTruthy();
  });

  it('marks the attempt that pays the account the customer changed to', () => {
    const failed = attempt({ status: 'failed', failure_reason: 'Sandbox: the bank declined the transfer (account ending 1111)' });
    const retried = attempt({
      id: 'p2',
      attempt: 2,
      status: 'queued',
      provider_reference: null,
      settled_at: null,
      started_by: 'customer',
      account_changed: true,
      account: { bank_code: '057', bank_name: 'Zenith Bank', account_number: '2233445566', account_name: 'ADA OBI' },
    });
    renderPanel(panelSale('queued', [failed, retried]), false);
    expect(screen.getByText(/new account: the customer changed their bank details/)).toBeTruthy();
    expect(screen.getByText(/Zenith Bank ••5566/)).toBeTruthy();
    expect(screen.getByText('The customer (bank details changed after a failed payout)')).toBeTruthy();
  });

  it('a retry pays the account the customer changed to, and says so before the code', async () => {
    const failed = attempt({
      status: 'failed',
      failure_reason: 'The bank declined the transfer',
      settled_at: null,
      account_changed: true,
      account: { bank_code: '057', bank_name: 'Zenith Bank', account_number: '2233445566', account_name: 'ADA OBI' },
    });
    const user = renderPanel(panelSale('failed', [failed]), false);
    await user.click(screen.getByRole('button', { name: 'Retry payout' }));
    expect(screen.getByRole('dialog', { name: 'Retry the payout' }).textContent).toContain(
      'A new transfer of ₦59,000.00 to Zenith Bank ••5566.',
    );
  });
});
