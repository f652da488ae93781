import { useRef } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AdminSaleDetail, AdminSaleListItem, SaleApprovalRequest, StaffMe } from '@wise/shared/admin';
import { BusinessTimeZoneProvider } from '#web/lib/business-time-zone';
import { SaleReview } from './sale-review';
import { WorkMode } from './work-mode';

const ADA = { id: '0b6f2a53-7a1e-4a47-9d0b-1f4c2d9e0a11', name: 'Ada Admin' };
const TUNDE = { id: '5a1e0c6e-2b3f-4c55-8e77-3d9a0f1b2c33', name: 'Tunde Admin' };
const SALE_ID = '6f0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e21';
const NEXT_ID = '6f0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e22';

const request: SaleApprovalRequest = {
  id: 'r1',
  amount_kobo: 65_000_000,
  value_kobo: 5_900_000,
  reason_code: 'other',
  note: 'The receipt shows more',
  requested_by: ADA,
  created_at: '2026-11-22T09:00:00Z',
  outcome: null,
  decided_by: null,
  decided_at: null,
  decision_note: null,
};

function detail(overrides: Partial<AdminSaleDetail> = {}): AdminSaleDetail {
  return {
    id: SALE_ID,
    kind: 'giftcard',
    title: 'Amazon · USA physical',
    status: 'submitted',
    payout_status: null,
    created_at: '2026-11-22T08:00:00Z',
    age_minutes: 75,
    customer: {
      id: 'c1',
      full_name: 'Chinedu Eze',
      username: 'chinedu',
      email: 'chinedu@example.com',
      phone: '+2348031234567',
      joined_at: '2026-10-01T10:00:00Z',
      locked: false,
      locked_reason: null,
    },
    images: [{ position: 0, url: `/api/admin/sales/${SALE_ID}/images/0` }],
    currency: 'USD',
    currency_amount: '50.00',
    exchange_rate: '1180.00',
    value_kobo: 5_900_000,
    card: { id: 'g1', name: 'Amazon', slug: 'amazon' },
    subcategory: { id: 's1', label: 'USA physical · $25–$100' },
    coin: null,
    coin_amount: null,
    quote: null,
    current_rate: null,
    comment: null,
    card_code_provided: false,
    transaction_id: null,
    risk_flags: [],
    bank: { bank_code: '058', bank_name: 'GTBank', account_number: '0123451111', account_name: 'CHINEDU EZE', name_match: 'match' },
    history: [{ status: 'submitted', at: '2026-11-22T08:00:00Z', actor: null }],
    payouts: [],
    claim: null,
    decision: null,
    earlier_sales: [],
    approval_limit_kobo: 50_000_000,
    ...overrides,
  };
}

const awaiting = () => detail({ status: 'under_review', approval_request: request });

function listItem(id: string, overrides: Partial<AdminSaleListItem> = {}): AdminSaleListItem {
  return {
    id,
    kind: 'giftcard',
    title: 'Amazon · USA physical',
    customer: { id: 'c1', full_name: 'Chinedu Eze', username: 'chinedu' },
    value_kobo: 5_900_000,
    currency: 'USD',
    currency_amount: '50.00',
    coin: null,
    coin_amount: null,
    created_at: '2026-11-22T08:00:00Z',
    age_minutes: 75,
    status: 'submitted',
    payout_status: null,
    decided_at: null,
    claimed_by: null,
    claimed_until: null,
    second_approval: null,
    risk_flags: [],
    ...overrides,
  };
}

/**
 * The server, by URL: the waiting queue holds the next sale, the second-approval view this one
 * when it waits; everything else answers a 500 so nothing passes unnoticed.
 */
function stubServer(sale: AdminSaleDetail) {
  const second =
    sale.approval_request?.outcome === null
      ? [
          listItem(SALE_ID, {
            status: 'under_review',
            second_approval: {
              id: request.id,
              amount_kobo: request.amount_kobo,
              requested_by: request.requested_by,
              created_at: request.created_at,
            },
          }),
        ]
      : [];
  const waiting = [...(second.length === 0 ? [listItem(SALE_ID)] : []), listItem(NEXT_ID)];
  const mock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/admin/sales')
      return json({ items: url.searchParams.get('status') === 'awaiting_approval' ? second : waiting, next_cursor: null });
    if (url.pathname === '/api/admin/auth/passkeys') return json({ passkeys: [] });
    if (url.pathname === `/api/admin/sales/${SALE_ID}/approval/confirm`)
      return json({ sale: { ...sale, status: 'approved', approval_request: { ...request, outcome: 'confirmed' } } });
    if (url.pathname === `/api/admin/sales/${SALE_ID}/reject`) return json({ sale: { ...sale, status: 'rejected' } });
    return json({ error: 'not in this test' }, 500);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const calls = (mock: ReturnType<typeof stubServer>, method: string, path: string) =>
  mock.mock.calls.filter(
    ([input, init]) => new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );

/** The sale's page as /admin/sales/:id puts it together: the review, with work mode as its banner. */
function WorkedSale({ sale, staff }: { sale: AdminSaleDetail; staff: Pick<StaffMe, 'id' | 'role'> }) {
  const approveRef = useRef<(() => void) | null>(null);
  const nextRef = useRef<() => void>(() => undefined);
  return (
    <SaleReview
      sale={sale}
      staff={staff}
      backHref="/admin/sales"
      saleHref={(id) => `/admin/sales/${id}`}
      approveRef={approveRef}
      onDecided={() => nextRef.current()}
      banner={
        <WorkMode
          sale={sale}
          staff={staff}
          saleHref={(id) => `/admin/sales/${id}`}
          queueHref="/admin/sales"
          onApprove={() => approveRef.current?.()}
          nextRef={nextRef}
        />
      }
    />
  );
}

function renderWorkMode(sale: AdminSaleDetail, staff: Pick<StaffMe, 'id' | 'role'>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/admin/sales/:id', element: <WorkedSale sale={sale} staff={staff} /> },
      { path: '*', element: <p>Queue</p> },
    ],
    { initialEntries: [`/admin/sales/${SALE_ID}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <BusinessTimeZoneProvider timeZone="Africa/Lagos">
        <RouterProvider router={router} />
      </BusinessTimeZoneProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

const workBar = () => screen.getByRole('region', { name: 'Work mode' });

describe('work mode keys', () => {
  it('a: the first approver approves the quoted amount with their code', async () => {
    const server = stubServer(detail());
    const { user } = renderWorkMode(detail(), { id: TUNDE.id, role: 'admin' });
    expect(workBar().textContent).toContain('a approve');
    await vi.waitFor(() => expect(calls(server, 'POST', `/api/admin/sales/${SALE_ID}/claim`)).toHaveLength(1));
    await user.keyboard('a');
    const dialog = screen.getByRole('dialog', { name: 'Approve and pay' });
    expect(within(dialog).getByLabelText('Authenticator code')).toBeTruthy();
  });

  it('a: a second admin confirms with their code, and the next sale opens', async () => {
    const server = stubServer(awaiting());
    const { user, router } = renderWorkMode(awaiting(), { id: TUNDE.id, role: 'admin' });
    expect(workBar().textContent).toContain('a confirm');
    expect(workBar().textContent).not.toContain('r reject');
    // The waiting queue has loaded (the next sale is known) before the key is pressed.
    await vi.waitFor(() => expect(workBar().textContent).toContain('1 of 2'));
    await user.keyboard('a');
    const dialog = screen.getByRole('dialog', { name: 'Confirm the second approval' });
    await user.type(within(dialog).getByLabelText('Authenticator code'), '246810{Enter}');
    const [confirm] = calls(server, 'POST', `/api/admin/sales/${SALE_ID}/approval/confirm`);
    expect(JSON.parse(String(confirm?.[1]?.body))).toEqual({
      request_id: request.id,
      amount_kobo: request.amount_kobo,
      confirm_code: '246810',
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/admin/sales/${NEXT_ID}`));
    // Nothing to decide on it: it was never claimed.
    expect(calls(server, 'POST', `/api/admin/sales/${SALE_ID}/claim`)).toHaveLength(0);
  });

  it('a and r do nothing for the admin who asked, who is told another admin confirms', async () => {
    const server = stubServer(awaiting());
    const { user, router } = renderWorkMode(awaiting(), { id: ADA.id, role: 'admin' });
    expect(workBar().textContent).toContain('You asked for this approval: another admin confirms it');
    expect(workBar().textContent).not.toContain('a approve');
    expect(workBar().textContent).not.toContain('a confirm');
    await vi.waitFor(() => expect(calls(server, 'GET', '/api/admin/sales').length).toBeGreaterThan(0));
    await user.keyboard('a');
    await user.keyboard('r');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm and pay' })).toBeNull();
    expect(calls(server, 'POST', `/api/admin/sales/${SALE_ID}/claim`)).toHaveLength(0);
    // j still moves on, to the next sale they can work.
    await vi.waitFor(async () => {
      await user.keyboard('j');
      expect(router.state.location.pathname).toBe(`/admin/sales/${NEXT_ID}`);
    });
  });

  it('r: rejects with a reason chosen from the keyboard, and the next sale opens; q goes back to the queue', async () => {
    const server = stubServer(detail());
    const { user, router } = renderWorkMode(detail(), { id: TUNDE.id, role: 'reviewer' });
    await vi.waitFor(() => expect(workBar().textContent).toContain('1 of 2'));
    await user.keyboard('r');
    let dialog = screen.getByRole('dialog', { name: 'Reject this sale' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject sale' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a reason');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.keyboard('r');
    dialog = screen.getByRole('dialog', { name: 'Reject this sale' });
    await user.click(within(dialog).getByLabelText('Used card'));
    await user.click(within(dialog).getByRole('button', { name: 'Reject sale' }));
    const [reject] = calls(server, 'POST', `/api/admin/sales/${SALE_ID}/reject`);
    expect(JSON.parse(String(reject?.[1]?.body))).toEqual({ reason: 'used_card' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/admin/sales/${NEXT_ID}`));

    await user.keyboard('q');
    expect(router.state.location.pathname).toBe('/admin/sales');
  });
});
