import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#web/config/paths';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { DataPlansRoute, DataRoute } from './data';

const plans = [
  { variation_code: 'mtn-100mb-daily', name: 'MTN 100MB (Daily) – 1 day', amount: 100 },
  { variation_code: 'mtn-10gb-sme', name: 'MTN 10GB (SME) – 30 days', amount: 5500 },
];
const routes = [
  { path: paths.data, Component: DataRoute },
  { path: paths.dataProvider, Component: DataPlansRoute },
];

afterEach(() => vi.unstubAllGlobals());

describe('/data', () => {
  it('shows the four network buttons', async () => {
    renderRoutes(routes, { path: paths.data });
    for (const name of ['MTN Data Plans', 'Airtel Data Plans', 'GLO Data Plans', '9mobile Data Plans']) {
      expect((await screen.findByRole('link', { name })).getAttribute('href')).toMatch(/^\/data\/(mtn|airtel|glo|etisalat)$/);
    }
  });

  it('opens the checkout sheet only when the phone is valid and non-empty (docs/product.md §4)', async () => {
    routeFetch({
      'GET /api/gems/balance': () => ({ status: 200, body: { total_points: 1000 } }),
      'GET /api/bills/data/mtn/plans': () => ({ status: 200, body: { plans } }),
    });
    const { user } = renderRoutes(routes, { path: '/data/mtn' });
    expect(screen.getByLabelText('Loading data plans').getAttribute('aria-busy')).toBe('true');
    const plan = await screen.findByRole('button', { name: /MTN 100MB/ });
    expect(plan.textContent).toContain('100 gems');

    await user.click(plan);
    // The first validation waits for the form's schema module (lib/use-zod-form.ts).
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(screen.getByLabelText('Phone number'), '0803');
    await user.click(plan);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '+2348031234567');
    await user.click(plan);
    const sheet = await screen.findByRole('dialog', { name: 'Checkout' });
    for (const text of ['Amount', '100 gems', 'Network', 'MTN', 'Number', '+234 803 123 4567']) expect(sheet.textContent).toContain(text);
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeTruthy();
  });

  it("a plan beyond the balance is 'Insufficient balance'; a failed fetch is 'Couldn't fetch data plans'", async () => {
    routeFetch({
      'GET /api/gems/balance': () => ({ status: 200, body: { total_points: 1000 } }),
      'GET /api/bills/data/mtn/plans': () => ({ status: 200, body: { plans } }),
      'GET /api/bills/data/glo/plans': () => ({ status: 503, body: { error: 'Service unavailable' } }),
    });
    const { user, router } = renderRoutes(routes, { path: '/data/mtn' });
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.click(await screen.findByRole('button', { name: /MTN 10GB/ }));
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await router.navigate('/data/glo');
    expect(await screen.findByText("Couldn't fetch data plans")).toBeTruthy();
  });

  it("a number of another network says so and leads to that network's plans with the number; 'My number' fills the own phone", async () => {
    routeFetch({
      'GET /api/gems/balance': () => ({ status: 200, body: { total_points: 1000 } }),
      'GET /api/profile': () => ({
        status: 200,
        body: {
          full_name: 'Ada Obi',
          email: 'ada@example.com',
          phone: '+2348031234567',
          gender: null,
          address: null,
          date_of_birth: null,
          photo: '',
          language: 'en',
          identity_locked: false,
        },
      }),
      'GET /api/bills/data/mtn/plans': () => ({ status: 200, body: { plans } }),
      'GET /api/bills/data/airtel/plans': () => ({ status: 200, body: { plans: [] } }),
    });
    const { user, router } = renderRoutes(routes, { path: '/data/mtn' });
    await user.click(await screen.findByRole('button', { name: 'My number' }));
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('+2348031234567');
    expect(screen.queryByText(/looks like/)).toBeNull();

    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '0802 123 4567');
    expect(screen.getByText(/This number looks like Airtel\./)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'See Airtel plans' }));
    expect(router.state.location.pathname).toBe('/data/airtel');
    expect((await screen.findByLabelText<HTMLInputElement>('Phone number')).value).toBe('0802 123 4567');
  });
});
