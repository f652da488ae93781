import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  adminCustomerMessages,
  type AdminBillOrder,
  type AdminCustomerDetail,
  type AdminCustomerReferrals,
  type AdminReferral,
  type StaffMe,
} from '@wise/shared/admin';
import { StaffProvider } from '#web/features/admin/auth/staff-context';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { BillOrdersScreen } from './bills';
import { CustomerDetailScreen } from './customer-detail';
import { CustomersScreen } from './customers';

const order = (overrides: Partial<AdminBillOrder>): AdminBillOrder => ({
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'airtime',
  status: 'successful',
  customer: { id: '22222222-2222-4222-8222-222222222222', full_name: 'Ada Obi', username: 'adaobi' },
  amount: 500,
  service: 'mtn',
  phone: '08031234567',
  plan_name: null,
  variation_code: null,
  customer_number: null,
  meter_type: null,
  request_id: '202611220945abc',
  message: null,
  provider_message: 'MTN airtime of ₦500 sent to 08031234567',
  units: null,
  has_token: false,
  created_at: '2026-11-22T08:45:00.000Z',
  authorised_at: '2026-11-22T08:45:10.000Z',
  settled_at: '2026-11-22T08:45:12.000Z',
  stuck: false,
  ...overrides,
});

const stuckId = '33333333-3333-4333-8333-333333333333';

describe('/admin/bills', () => {
  it('offers a re-query only for an order still processing, and says what the provider answered', async () => {
    const stuck = order({ id: stuckId, status: 'processing', settled_at: null, provider_message: null, stuck: true });
    const calls = routeFetch({
      'GET /api/admin/bills/orders': () => ({ status: 200, body: { items: [stuck, order({})], next_cursor: null } }),
      [`POST /api/admin/bills/orders/${stuckId}/requery`]: () => ({
        status: 200,
        body: { outcome: 'settled', order: { ...stuck, status: 'successful', stuck: false } },
      }),
    });
    const { user } = renderRoutes([{ path: '/admin/bills', Component: BillOrdersScreen }], { path: '/admin/bills' });
    const stuckBadge = await screen.findByText('Stuck');
    expect(within(stuckBadge.closest('tr') as HTMLElement).getByText('Processing')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Re-query' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Re-query' }));
    expect(await screen.findByText('The provider delivered it: the order is successful')).toBeTruthy();
    expect(calls).toContain(`POST /api/admin/bills/orders/${stuckId}/requery`);
  });

  it('filters by status and kind, kept in the query string', async () => {
    const calls = routeFetch({
      'GET /api/admin/bills/orders': () => ({ status: 200, body: { items: [order({})], next_cursor: null } }),
      'GET /api/admin/bills/orders?status=processing&kind=tv': () => ({ status: 200, body: { items: [], next_cursor: null } }),
    });
    const { user, router } = renderRoutes([{ path: '/admin/bills', Component: BillOrdersScreen }], { path: '/admin/bills' });
    await screen.findByText('Ada Obi');
    await user.selectOptions(screen.getByLabelText('Status'), 'processing');
    await user.selectOptions(screen.getByLabelText('Kind'), 'tv');
    expect(await screen.findByText('No orders match these filters')).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('processing');
    expect(calls).toContain('GET /api/admin/bills/orders?status=processing&kind=tv');
    expect(router.state.location.search).toBe('?status=processing&kind=tv');
  });
});

const customerId = '44444444-4444-4444-8444-444444444444';
const detail: AdminCustomerDetail = {
  profile: {
    id: customerId,
    full_name: 'Tunde Bakare',
    username: 'tunde',
    email: 'tunde@wisetest.com',
    phone: '+2348031234567',
    email_verified: true,
    created_at: '2026-11-01T10:00:00.000Z',
    locked: true,
    closed_at: null,
    gender: null,
    address: null,
    date_of_birth: null,
  },
  bank: null,
  gems: { balance: 1250, held: 0, claimable_rewards: 40 },
  has_pin: true,
  lock: { locked_at: '2026-11-22T08:00:00.000Z', reason: 'Three cards reported as used' },
  active_sessions: 0,
  sales: [],
  bill_orders: [],
  gem_lines: [],
};

const limits = {
  tier: 0,
  daily_limit_kobo: 25_000_000,
  used_today_kobo: 5_900_000,
  pending_kobo: 2_950_000,
  remaining_today_kobo: 16_150_000,
  total_limit_kobo: 30_000_000,
  used_total_kobo: 11_800_000,
  tier_daily_limit_kobo: 10_000_000,
  tier_total_limit_kobo: 30_000_000,
  raises: [
    {
      id: 'r1',
      daily_limit_kobo: 25_000_000,
      total_limit_kobo: null,
      note: 'Known trader',
      created_by: { id: 's2', name: 'Ada Admin' },
      created_at: '2026-11-24T09:00:00.000Z',
    },
  ],
};

const referral = (overrides: Partial<AdminReferral>): AdminReferral => ({
  id: 'ref-1',
  customer: { id: '55555555-5555-4555-8555-555555555555', full_name: 'Chidi Okeke', username: 'chidi' },
  status: 'signed_up',
  refusal_reason: null,
  created_at: '2026-11-20T09:00:00.000Z',
  decided_at: null,
  referrer_gems: null,
  referee_gems: null,
  first_sale: null,
  ...overrides,
});

const referrals: AdminCustomerReferrals = {
  code: 'ABCD2345',
  referred_by: referral({
    customer: { id: '66666666-6666-4666-8666-666666666666', full_name: 'Ngozi Eze', username: 'ngozi' },
    status: 'rewarded',
    referrer_gems: 100,
    referee_gems: 50,
  }),
  referees: [
    referral({
      id: 'ref-2',
      status: 'refused',
      refusal_reason: 'same_bank_account',
      decided_at: '2026-11-21T09:00:00.000Z',
      first_sale: { id: '77777777-7777-4777-8777-777777777777', status: 'paid', paid_at: '2026-11-21T09:00:00.000Z' },
    }),
    referral({ id: 'ref-3', customer: { id: '88888888-8888-4888-8888-888888888888', full_name: 'Bola Ade', username: 'bola' } }),
  ],
  referees_total: 2,
};

function renderCustomer(role: StaffMe['role'], body: AdminCustomerDetail = detail) {
  routeFetch({
    [`GET /api/admin/customers/${customerId}`]: () => ({ status: 200, body }),
    [`GET /api/admin/customers/${customerId}/limits`]: () => ({ status: 200, body: limits }),
    [`GET /api/admin/customers/${customerId}/referrals`]: () => ({ status: 200, body: referrals }),
  });
  const staff: StaffMe = { id: 's1', email: 'staff@wise.test', name: 'Sam Staff', role, must_change_password: false } as StaffMe;
  return renderRoutes(
    [
      {
        path: '/admin/customers/:id',
        Component: () => (
          <StaffProvider staff={staff}>
            <CustomerDetailScreen />
          </StaffProvider>
        ),
      },
    ],
    { path: `/admin/customers/${customerId}` },
  );
}

describe('/admin/customers/:id', () => {
  it('shows an admin the lock with its reason and the unlock and PIN reset actions', async () => {
    renderCustomer('admin');
    expect(await screen.findByRole('heading', { name: /Tunde Bakare/ })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Three cards reported as used');
    expect(screen.getByText('+234 803 123 4567')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unlock account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset PIN' })).toBeTruthy();
  });

  it('shows a closed account as closed, with what was erased and kept', async () => {
    renderCustomer('reviewer', {
      ...detail,
      lock: null,
      profile: { ...detail.profile, full_name: 'Closed account', closed_at: '2026-11-25T09:00:00.000Z' },
    });
    expect(await screen.findByRole('heading', { name: /Closed account/ })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(adminCustomerMessages.closedNotice);
  });

  it("shows the tier, the limits with the raise and today's usage, and lets an admin raise the limit", async () => {
    const { user } = renderCustomer('admin');
    const panel = (await screen.findByRole('heading', { name: /Verification and limits/ })).closest('section') as HTMLElement;
    await waitFor(() => expect(within(panel).getByText('Tier 0 · E-mail verified')).toBeTruthy());
    expect(within(panel).getByText('₦250,000.00 (raised by staff)')).toBeTruthy();
    expect(within(panel).getByText('₦59,000.00')).toBeTruthy();
    expect(within(panel).getByTestId('limit-raises').textContent).toContain('Known trader');
    await user.click(within(panel).getByRole('button', { name: 'Raise limit' }));
    expect(await screen.findByRole('dialog', { name: "Raise this customer's limit" })).toBeTruthy();
    expect(screen.getByLabelText('Authenticator code')).toBeTruthy();
  });

  it('shows the referral tree: the code, who referred the customer and whom they referred, with each state and reason', async () => {
    renderCustomer('reviewer');
    const panel = (await screen.findByRole('heading', { name: 'Referrals' })).closest('section') as HTMLElement;
    await waitFor(() => expect(within(panel).getByTestId('admin-referral-code').textContent).toBe('ABCD2345'));
    expect(within(panel).getByTestId('admin-referred-by').textContent).toContain('Ngozi Eze');
    expect(within(panel).getByTestId('admin-referred-by').textContent).toContain('100 gems to the referrer, 50 to the referee');
    const table = within(panel).getByRole('table', { name: 'Referred (2)' });
    expect(within(table).getByText('Self-referral: the two accounts share a payout bank account')).toBeTruthy();
    expect(within(table).getByText('Bola Ade')).toBeTruthy();
    expect(within(table).getByText('No sale yet')).toBeTruthy();
    // Read-only: nothing in the panel changes a referral.
    expect(within(panel).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows a reviewer the customer without the admin actions', async () => {
    renderCustomer('reviewer');
    await screen.findByRole('heading', { name: /Tunde Bakare/ });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unlock account' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Reset PIN' })).toBeNull();
  });
});

describe('/admin/customers', () => {
  it('finds a sale by its transaction ID and links to it', async () => {
    const hash = '9f2c4e7a1b0d8e3f5a6c7b8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f';
    routeFetch({
      'GET /api/admin/customers': () => ({ status: 200, body: { items: [], next_cursor: null } }),
      'GET /api/admin/customers?q=': () => ({ status: 200, body: { items: [], next_cursor: null } }),
      [`GET /api/admin/customers?q=${hash}`]: () => ({
        status: 200,
        body: {
          items: [],
          next_cursor: null,
          sales: [
            {
              id: '44444444-4444-4444-8444-444444444444',
              title: 'USDT · 20',
              status: 'paid',
              created_at: '2026-11-22T08:45:00.000Z',
              matched: 'transaction_id',
              customer: { id: '22222222-2222-4222-8222-222222222222', full_name: 'Ada Obi', username: 'adaobi' },
            },
          ],
        },
      }),
    });
    const { user } = renderRoutes([{ path: '/admin/customers', Component: CustomersScreen }], { path: '/admin/customers' });
    await user.type(screen.getByLabelText('Search customers'), hash);
    const link = await screen.findByRole('link', { name: /USDT · 20/ });
    expect(link.getAttribute('href')).toBe('/admin/sales/44444444-4444-4444-8444-444444444444');
    expect(link.textContent).toContain('Transaction ID · Ada Obi (@adaobi)');
  });
});
