import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillOrder } from '@wise/shared';
import { billHrefs, paths } from '#web/config/paths';
import { renderRoutes } from '#web/testing/render';
import { Navigate } from 'react-router';
import { AirtimeRoute } from './airtime';
import { AirtimePinRoute, DataPinRoute } from './bill-pin';
import { AirtimeSuccessRoute } from './bill-success';
import { ORDER_POLL_MS } from '#web/features/bills/api/get-order';
import { PROCESSING_SCREEN_AFTER_MS } from '#web/features/bills/components/bill-pin-screen';
import { forgetBillDraft } from '#web/features/bills/hooks/bill-draft';

const ORDER_ID = '0d9c7f1e-3c0b-4b8e-9a57-1f6f3e0a2b11';

function order(overrides: Partial<BillOrder> = {}): BillOrder {
  return {
    id: ORDER_ID,
    kind: 'airtime',
    status: 'awaiting_pin',
    service: 'mtn',
    amount: 200,
    phone: '08031234567',
    plan_name: null,
    customer_id: null,
    token: null,
    units: null,
    message: null,
    created_at: '2026-11-22T06:00:00.000Z',
    settled_at: null,
    ...overrides,
  };
}

interface Call {
  key: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch stub answering per "METHOD path" (a list answers in turn, its last answer repeating). */
function serve(handlers: Record<string, { status: number; body: unknown } | { status: number; body: unknown }[]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push({
        key,
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const handler = handlers[key];
      if (!handler) throw new Error(`unexpected ${key}`);
      const answer = Array.isArray(handler) ? (handler.length > 1 ? handler.shift()! : handler[0]!) : handler;
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const routes = [
  { path: paths.airtime, Component: AirtimeRoute },
  { path: paths.airtimePin, Component: AirtimePinRoute },
  { path: paths.airtimeSuccess, Component: AirtimeSuccessRoute },
  { path: paths.dataPin, Component: DataPinRoute },
  { path: paths.dataProvider, Component: () => <h1>Data plans</h1> },
];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // A draft outlives its screen on purpose (back from the PIN screen restores the form); not a test.
  forgetBillDraft('airtime');
});

/** The memory router takes a pathname only: an entry route redirects to the address with its query. */
const renderAt = (href: string) => renderRoutes([...routes, { path: '/', Component: () => <Navigate to={href} replace /> }]);

describe('/airtime checkout sheet (docs/product.md §4)', () => {
  it('opens only when every field is filled, valid and within the balance; Purchase sends an Idempotency-Key per opening', async () => {
    const calls = serve({
      'GET /api/gems/balance': { status: 200, body: { total_points: 500 } },
      'POST /api/bills/orders': { status: 201, body: { order: order() } },
    });
    const { user, router } = renderRoutes(routes, { path: paths.airtime });
    const proceed = await screen.findByRole('button', { name: 'Proceed' });
    await screen.findByText('Balance: 500 gems');

    await user.click(proceed);
    // The first validation waits for the form's schema module (lib/use-zod-form.ts).
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Network'), 'mtn');
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.type(screen.getByLabelText('Amount'), '501');
    await user.click(proceed);
    expect(screen.getByText('Insufficient balance')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    // Editing the field clears its error (docs/product.md §4).
    await user.clear(screen.getByLabelText('Amount'));
    expect(screen.queryByText('Insufficient balance')).toBeNull();
    await user.type(screen.getByLabelText('Amount'), '200');
    await user.click(proceed);
    const sheet = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(sheet.textContent).toContain('200 gems');
    expect(sheet.textContent).toContain('MTN');
    expect(sheet.textContent).toContain('+234 803 123 4567');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(proceed);
    await user.click(await screen.findByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.airtimePin));
    expect(router.state.location.search).toBe(`?order=${ORDER_ID}`);
    const posts = calls.filter((c) => c.key === 'POST /api/bills/orders');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ kind: 'airtime', network: 'mtn', phone: '08031234567', amount: 200 });
    expect(posts[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a refused order shows the server message as a toast and stays on the sheet', async () => {
    serve({
      'GET /api/gems/balance': { status: 200, body: { total_points: 500 } },
      'POST /api/bills/orders': { status: 409, body: { error: 'Insufficient balance', code: 'INSUFFICIENT_GEMS' } },
    });
    const { user, router } = renderRoutes(routes, { path: paths.airtime });
    await screen.findByText('Balance: 500 gems');
    await user.selectOptions(screen.getByLabelText('Network'), 'glo');
    await user.type(screen.getByLabelText('Phone number'), '+2348051234567');
    await user.type(screen.getByLabelText('Amount'), '100');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.click(await screen.findByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.airtime);
  });
});

describe("/airtime: as quick as the market's best", () => {
  const profile = {
    full_name: 'Ada Obi',
    email: 'ada@example.com',
    phone: '+2348161234567',
    gender: null,
    address: null,
    date_of_birth: null,
    photo: '',
    language: 'en',
    identity_locked: false,
  };

  it('the number picks its network, visibly; the customer can change it, and more digits do not undo the change', async () => {
    serve({ 'GET /api/gems/balance': { status: 200, body: { total_points: 5000 } }, 'GET /api/profile': { status: 200, body: profile } });
    const { user } = renderRoutes(routes, { path: paths.airtime });
    const network = await screen.findByLabelText<HTMLSelectElement>('Network');
    const phone = screen.getByLabelText('Phone number');
    await user.type(phone, '080');
    expect(network.value).toBe('');
    await user.type(phone, '5');
    expect(network.value).toBe('glo');
    expect(screen.getByText('GLO, from the number. Number moved to another network? Choose it above.')).toBeTruthy();

    // A ported number: the customer's choice stands while they finish typing it.
    await user.selectOptions(network, 'mtn');
    expect(screen.queryByText(/from the number/)).toBeNull();
    await user.type(phone, '1230000');
    expect(network.value).toBe('mtn');

    // Another prefix is another number: its network is picked again.
    await user.clear(phone);
    await user.type(phone, '+234 802');
    expect(network.value).toBe('airtel');
  });

  it("'My number' fills the customer's own phone and its network; quick amounts fill the amount within the balance", async () => {
    const calls = serve({
      'GET /api/gems/balance': { status: 200, body: { total_points: 1500 } },
      'GET /api/profile': { status: 200, body: profile },
      'POST /api/bills/orders': { status: 201, body: { order: order({ phone: '+2348161234567', amount: 1000 }) } },
    });
    const { user } = renderRoutes(routes, { path: paths.airtime });
    await screen.findByText('Balance: 1,500 gems');
    await user.click(await screen.findByRole('button', { name: 'My number' }));
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('+2348161234567');
    expect(screen.getByLabelText<HTMLSelectElement>('Network').value).toBe('mtn');

    const amounts = screen.getByRole('group', { name: 'Quick top-ups' });
    expect([...amounts.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['₦100', '₦200', '₦500', '₦1,000']);
    await user.click(screen.getByRole('button', { name: '₦1,000' }));
    expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('1000');
    expect(screen.getByRole('button', { name: '₦1,000' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.click(await screen.findByRole('button', { name: 'Purchase' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/bills/orders')?.body).toEqual({
        kind: 'airtime',
        network: 'mtn',
        phone: '+2348161234567',
        amount: 1000,
      }),
    );
  });
});

describe('PIN screen', () => {
  it('the fourth digit submits the PIN once; Verify stays, and a tap or Enter while it verifies sends nothing more', async () => {
    let answer: (response: Response) => void = () => undefined;
    const authorisations: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('/authorise')) {
          authorisations.push(JSON.parse(String(init?.body)));
          return new Promise<Response>((resolve) => (answer = resolve));
        }
        return new Response(JSON.stringify({ order: order() }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const { user } = renderAt(billHrefs.pin('airtime', ORDER_ID));
    await user.type(await screen.findByLabelText('Digit 1 of 4'), '246');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
    expect(authorisations).toEqual([]);

    await user.type(screen.getByLabelText('Digit 4 of 4'), '8');
    const verifying = await screen.findByRole('button', { name: /Verifying/ });
    await user.click(verifying);
    await user.keyboard('{Enter}');
    expect(authorisations).toEqual([{ pin: '2468' }]);
    answer(
      new Response(JSON.stringify({ error: 'Incorrect PIN. 4 attempts left before your PIN is locked', code: 'PIN_WRONG' }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await screen.findByText('Incorrect PIN. 4 attempts left before your PIN is locked')).toBeTruthy();

    // After a refusal the boxes are empty and the next four digits submit again, once.
    await user.type(screen.getByLabelText('Digit 1 of 4'), '1357');
    await waitFor(() => expect(authorisations).toEqual([{ pin: '2468' }, { pin: '1357' }]));
  });

  it("'Enter PIN' → processing (202) says it is being confirmed and polls until successful → success", async () => {
    const calls = serve({
      [`GET /api/bills/orders/${ORDER_ID}`]: [
        { status: 200, body: { order: order() } },
        { status: 200, body: { order: order({ status: 'processing' }) } },
        { status: 200, body: { order: order({ status: 'successful', settled_at: '2026-11-22T06:01:00.000Z' }) } },
      ],
      [`POST /api/bills/orders/${ORDER_ID}/authorise`]: { status: 202, body: { order: order({ status: 'processing' }) } },
    });
    // The screen's own clock: the polls are stepped through, not waited for.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = renderAt(billHrefs.pin('airtime', ORDER_ID));
    expect(await screen.findByRole('heading', { name: 'Enter PIN' })).toBeTruthy();
    expect(screen.getByText('Enter your four digits pin')).toBeTruthy();
    await user.type(screen.getByLabelText('Digit 1 of 4'), '2468');
    expect(await screen.findByText('Your purchase is being processed. We will notify you when it completes')).toBeTruthy();
    expect(calls.find((c) => c.key.endsWith('/authorise'))!.body).toEqual({ pin: '2468' });

    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    expect(await screen.findByText('Airtime purchased successfully')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.airtimeSuccess);
  });

  it("a refused data purchase reads 'Invalid request' and goes back to the network's plans", async () => {
    serve({
      [`GET /api/bills/orders/${ORDER_ID}`]: { status: 200, body: { order: order({ kind: 'data', service: 'airtel', plan_name: '1GB' }) } },
      [`POST /api/bills/orders/${ORDER_ID}/authorise`]: { status: 422, body: { error: 'Invalid request', code: 'PROVIDER_DECLINED' } },
    });
    const { user, router } = renderAt(billHrefs.pin('data', ORDER_ID));
    await user.type(await screen.findByLabelText('Digit 1 of 4'), '2468');
    expect(await screen.findByText('Invalid request')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(billHrefs.dataProvider('airtel')));
  });

  it('PIN not set: the message and a way to set one; a wrong PIN is a toast', async () => {
    serve({
      [`GET /api/bills/orders/${ORDER_ID}`]: { status: 200, body: { order: order() } },
      [`POST /api/bills/orders/${ORDER_ID}/authorise`]: [
        { status: 400, body: { error: 'Incorrect PIN. 4 attempts left before your PIN is locked', code: 'PIN_WRONG' } },
        { status: 409, body: { error: 'Set your transaction PIN first', code: 'PIN_NOT_SET' } },
      ],
    });
    const { user } = renderAt(billHrefs.pin('airtime', ORDER_ID));
    await user.type(await screen.findByLabelText('Digit 1 of 4'), '1111');
    expect(await screen.findByText('Incorrect PIN. 4 attempts left before your PIN is locked')).toBeTruthy();
    await user.type(screen.getByLabelText('Digit 1 of 4'), '2468');
    expect(await screen.findByText('Set your transaction PIN first')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set PIN' }).getAttribute('href')).toBe(paths.pinSet);
  });

  it('a refusal brings the customer back to the form exactly as they left it, with the provider message', async () => {
    serve({
      'GET /api/gems/balance': { status: 200, body: { total_points: 500 } },
      'POST /api/bills/orders': { status: 201, body: { order: order({ service: 'glo', phone: '+2348051230000', amount: 100 }) } },
      [`GET /api/bills/orders/${ORDER_ID}`]: {
        status: 200,
        body: { order: order({ service: 'glo', phone: '+2348051230000', amount: 100 }) },
      },
      [`POST /api/bills/orders/${ORDER_ID}/authorise`]: {
        status: 422,
        body: { error: 'Transaction failed: this number cannot be recharged on the selected network', code: 'PROVIDER_DECLINED' },
      },
    });
    const { user, router } = renderRoutes([...routes, { path: paths.history, Component: () => <h1>History</h1> }], { path: paths.airtime });
    await screen.findByText('Balance: 500 gems');
    await user.selectOptions(screen.getByLabelText('Network'), 'glo');
    await user.type(screen.getByLabelText('Phone number'), '+2348051230000');
    await user.type(screen.getByLabelText('Amount'), '100');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.click(await screen.findByRole('button', { name: 'Purchase' }));
    await user.type(await screen.findByLabelText('Digit 1 of 4'), '2468');

    expect(await screen.findByText('Transaction failed: this number cannot be recharged on the selected network')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.airtime));
    expect((await screen.findByLabelText<HTMLSelectElement>('Network')).value).toBe('glo');
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('+2348051230000');
    expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('100');
    expect(await screen.findByText('Balance: 500 gems')).toBeTruthy();

    // Taken once: the next visit to the form starts empty.
    await router.navigate(paths.history);
    await screen.findByRole('heading', { name: 'History' });
    await router.navigate(paths.airtime);
    expect((await screen.findByLabelText<HTMLInputElement>('Phone number')).value).toBe('');
  });

  it('a provider that keeps the customer waiting: after a few seconds, Processing with the gems held and Go to history', async () => {
    serve({
      [`GET /api/bills/orders/${ORDER_ID}`]: [
        { status: 200, body: { order: order() } },
        { status: 200, body: { order: order({ status: 'processing' }) } },
      ],
      [`POST /api/bills/orders/${ORDER_ID}/authorise`]: { status: 202, body: { order: order({ status: 'processing' }) } },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderAt(billHrefs.pin('airtime', ORDER_ID));
    await user.type(await screen.findByLabelText('Digit 1 of 4'), '2468');
    expect(await screen.findByText('Your purchase is being processed. We will notify you when it completes')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Processing' })).toBeNull();

    await vi.advanceTimersByTimeAsync(PROCESSING_SCREEN_AFTER_MS);
    expect(await screen.findByRole('heading', { name: 'Processing' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Your 200 gems are held, not lost.');
    expect(screen.getByRole('status').textContent).toContain('We will notify you of the outcome');
    expect(screen.getByRole('link', { name: 'Go to history' }).getAttribute('href')).toBe(paths.history);
  });

  it('an order already processing when the screen opens (a reload) shows Processing at once', async () => {
    serve({ [`GET /api/bills/orders/${ORDER_ID}`]: { status: 200, body: { order: order({ status: 'processing' }) } } });
    renderAt(billHrefs.pin('airtime', ORDER_ID));
    expect(await screen.findByRole('heading', { name: 'Processing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to history' })).toBeTruthy();
  });
});
