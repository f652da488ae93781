import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { routeFetch } from '#web/testing/render';
import { AdminApp, adminQueryClient } from './admin-app';

const reviewer = {
  id: 'b1d1a0f2-0d5e-4d0b-8a3e-5e9f0f0c0a01',
  email: 'rita@wise.ng',
  name: 'Rita Okafor',
  role: 'reviewer',
  must_change_password: false,
};
const admin = { ...reviewer, email: 'ada@wise.ng', name: 'Ada Obi', role: 'admin' };
const dashboard = {
  pending_sales: { count: 3, oldest_created_at: '2026-11-22T07:00:00Z', oldest_age_minutes: 75 },
  today: { date: '2026-11-22', time_zone: 'Africa/Lagos', approved: 4, rejected: 1 },
  payouts_today: { count: 4, total_kobo: 18_250_000 },
  payouts_failed: { count: 1 },
  bill_orders_stuck: { count: 0, oldest_authorised_at: null },
  generated_at: '2026-11-22T08:15:00Z',
};
const unauthenticated = { status: 401, body: { error: 'Please sign in to the back office.', code: 'UNAUTHENTICATED' } };
const appInfo = () => ({ status: 200, body: { time_zone: 'Africa/Lagos' } });

function renderAdmin(path: string) {
  const router = createMemoryRouter([{ path: '/admin/*', Component: AdminApp }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

afterEach(() => adminQueryClient.clear());

describe('the back-office auth gate', () => {
  it('sends a visitor without a staff session to the sign-in, remembering the page', async () => {
    const calls = routeFetch({ 'GET /api/app-info': appInfo, 'GET /api/admin/auth/me': () => unauthenticated });
    const { router } = renderAdmin('/admin/sales?kind=crypto');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(router.state.location.state).toEqual({ from: '/admin/sales?kind=crypto' });
    expect(calls.filter((call) => call.startsWith('GET /api/admin/sales'))).toEqual([]);
  });

  it('signs in, asks for the authenticator code, then returns to the page asked for', async () => {
    let signedIn = false;
    routeFetch({
      'GET /api/app-info': appInfo,
      'GET /api/admin/auth/me': () => (signedIn ? { status: 200, body: admin } : unauthenticated),
      'POST /api/admin/auth/login': () => ({ status: 200, body: { next: 'verify' } }),
      'POST /api/admin/auth/verify': () => {
        signedIn = true;
        return { status: 200, body: admin };
      },
      'GET /api/admin/staff': () => ({ status: 200, body: { items: [] } }),
    });
    const { router, user } = renderAdmin('/admin/staff');
    await user.type(await screen.findByLabelText('Work email'), 'ada@wise.ng');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // The staff screen is its own chunk: the first import takes a while in a test run.
    expect(await screen.findByRole('heading', { name: 'Staff' }, { timeout: 8000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/staff');
  });

  it('shows a wrong password on the form, without leaving it', async () => {
    routeFetch({
      'GET /api/app-info': appInfo,
      'POST /api/admin/auth/login': () => ({ status: 401, body: { error: 'Incorrect email or password', code: 'UNAUTHENTICATED' } }),
    });
    const { router, user } = renderAdmin('/admin/login');
    await user.type(await screen.findByLabelText('Work email'), 'ada@wise.ng');
    await user.type(screen.getByLabelText('Password'), 'wrong password!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password');
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('sends a staff member with a one-time password to choose a new one first', async () => {
    routeFetch({
      'GET /api/app-info': appInfo,
      'GET /api/admin/auth/me': () => ({ status: 200, body: { ...reviewer, must_change_password: true } }),
    });
    const { router } = renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/password');
  });

  it('shows a reviewer the screens of their role only, and refuses an admin screen', async () => {
    routeFetch({
      'GET /api/app-info': appInfo,
      'GET /api/admin/auth/me': () => ({ status: 200, body: reviewer }),
      'GET /api/admin/dashboard': () => ({ status: 200, body: dashboard }),
    });
    const { router } = renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Hello, Rita' }, { timeout: 8000 })).toBeTruthy();
    const nav = screen.getByRole('complementary', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Review queue' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Deposits' }).getAttribute('href')).toBe('/admin/deposits');
    expect(within(nav).queryByRole('link', { name: 'Staff' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Gift cards' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Customers' })).toBeTruthy();
    expect(await screen.findByText('Oldest waiting 1 h 15 min')).toBeTruthy();

    await router.navigate('/admin/staff');
    expect(await screen.findByText('Admins only', undefined, { timeout: 8000 })).toBeTruthy();
  });

  it('gives an admin every screen', async () => {
    routeFetch({
      'GET /api/app-info': appInfo,
      'GET /api/admin/auth/me': () => ({ status: 200, body: admin }),
      'GET /api/admin/dashboard': () => ({ status: 200, body: dashboard }),
    });
    renderAdmin('/admin');
    const nav = await screen.findByRole('complementary', { name: 'Back office' });
    for (const name of ['Dashboard', 'Review queue', 'Deposits', 'Staff', 'Audit log', 'Gift cards']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
  });

  it('sends the staff member to sign in again when the session ends mid-visit', async () => {
    let expired = false;
    routeFetch({
      'GET /api/app-info': appInfo,
      'GET /api/admin/auth/me': () => (expired ? unauthenticated : { status: 200, body: reviewer }),
      'GET /api/admin/dashboard': () => (expired ? unauthenticated : { status: 200, body: dashboard }),
    });
    const { router } = renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Hello, Rita' }, { timeout: 8000 })).toBeTruthy();
    expired = true;
    await adminQueryClient.refetchQueries({ queryKey: ['admin', 'dashboard'] });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
  });
});
