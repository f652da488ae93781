import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#web/config/paths';
import { renderRoutes } from '#web/testing/render';
import { ElectricityRoute } from './electricity';
import { TvRoute } from './tv';

const routes = [
  { path: paths.tv, Component: TvRoute },
  { path: paths.electricity, Component: ElectricityRoute },
  { path: paths.tvPin, Component: () => <h1>TV PIN</h1> },
  { path: paths.electricityPin, Component: () => <h1>Electricity PIN</h1> },
];

afterEach(() => vi.unstubAllGlobals());

/** Records each request's body by "METHOD path", answering from `handlers`. */
function serve(handlers: Record<string, () => { status: number; body: unknown }>) {
  const bodies: Record<string, unknown[]> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      (bodies[key] ??= []).push(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
      const handler = handlers[key];
      if (!handler) throw new Error(`unexpected ${key}`);
      const { status, body } = handler();
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return bodies;
}

const order = (kind: string) => ({
  id: '0d9c7f1e-3c0b-4b8e-9a57-1f6f3e0a2b11',
  kind,
  status: 'awaiting_pin',
  service: 'gotv',
  amount: 1900,
  phone: '08031234567',
  plan_name: null,
  customer_id: null,
  token: null,
  units: null,
  message: null,
  created_at: '2026-11-22T06:00:00.000Z',
  settled_at: null,
});

describe('/tv', () => {
  it('the variation value joins code and name; the card is verified, its name shown in the sheet, then the order sent', async () => {
    let found = false;
    const bodies = serve({
      'GET /api/gems/balance': () => ({ status: 200, body: { total_points: 5000 } }),
      'GET /api/bills/tv/gotv/plans': () => ({
        status: 200,
        body: { plans: [{ variation_code: 'gotv-smallie', name: 'GOtv Smallie', amount: 1900 }] },
      }),
      'POST /api/bills/verify': () =>
        found
          ? { status: 200, body: { customer_name: 'ADA OBI' } }
          : { status: 404, body: { error: 'We could not find that smart card number', code: 'CUSTOMER_NOT_FOUND' } },
      'POST /api/bills/orders': () => ({ status: 201, body: { order: order('tv') } }),
    });
    const { user, router } = renderRoutes(routes, { path: paths.tv });
    await screen.findByText('Balance: 5,000 gems');
    await user.selectOptions(screen.getByLabelText('Service'), 'gotv');
    await waitFor(() => expect((screen.getByLabelText('Variation') as HTMLSelectElement).disabled).toBe(false));
    const option = screen.getByRole('option', { name: 'GOtv Smallie · 1,900 gems' }) as HTMLOptionElement;
    expect(option.value).toBe('gotv-smallie|GOtv Smallie');
    await user.selectOptions(screen.getByLabelText('Variation'), option.value);
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('1,900 gems');
    await user.type(screen.getByLabelText('Smart card number'), '0001234567');
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('We could not find that smart card number')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    found = true;
    await user.clear(screen.getByLabelText('Smart card number'));
    await user.type(screen.getByLabelText('Smart card number'), '7027914329');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    const sheet = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(sheet.textContent).toContain('ADA OBI');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.tvPin));
    expect(bodies['POST /api/bills/verify']?.at(-1)).toEqual({ kind: 'tv', service: 'gotv', customer_id: '7027914329' });
    expect(bodies['POST /api/bills/orders']).toEqual([
      {
        kind: 'tv',
        service: 'gotv',
        variation_code: 'gotv-smallie',
        smart_card_number: '7027914329',
        phone: '08031234567',
        expected_amount: 1900,
      },
    ]);
  });
});

describe('/electricity', () => {
  it('all five fields required; over the balance no verify; then meter verified and the order sent', async () => {
    const bodies = serve({
      'GET /api/gems/balance': () => ({ status: 200, body: { total_points: 3000 } }),
      'POST /api/bills/verify': () => ({ status: 200, body: { customer_name: 'TUNDE BELLO' } }),
      'POST /api/bills/orders': () => ({ status: 201, body: { order: order('electricity') } }),
    });
    const { user, router } = renderRoutes(routes, { path: paths.electricity });
    await screen.findByText('Balance: 3,000 gems');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(5);

    await user.selectOptions(screen.getByLabelText('Provider'), 'eko');
    await user.selectOptions(screen.getByLabelText('Meter type'), 'postpaid');
    await user.type(screen.getByLabelText('Meter number'), '45012345678');
    await user.type(screen.getByLabelText('Amount'), '3001');
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByText('Insufficient balance')).toBeTruthy();
    expect(bodies['POST /api/bills/verify']).toBeUndefined();

    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '3000');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    const sheet = await screen.findByRole('dialog', { name: 'Checkout' });
    for (const text of ['TUNDE BELLO', 'Eko Electric', 'Postpaid', '3,000 gems']) expect(sheet.textContent).toContain(text);
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.electricityPin));
    expect(bodies['POST /api/bills/verify']).toEqual([
      { kind: 'electricity', service: 'eko', customer_id: '45012345678', meter_type: 'postpaid' },
    ]);
    expect(bodies['POST /api/bills/orders']).toEqual([
      { kind: 'electricity', provider: 'eko', meter_number: '45012345678', meter_type: 'postpaid', phone: '08031234567', amount: 3000 },
    ]);
  });
});
