import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { depositDeskMessages, depositDeskReasonLabels, type DepositDeskItem, type DepositDeskView } from '@wise/shared/admin';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { DepositDesk } from './deposit-desk';

/** The deposit desk with a mocked API: the facts on each card, and the two decisions with their confirmation. */

const LOOKALIKE_ID = '0b9f4f3e-5a1d-4c2b-8e7f-1a2b3c4d5e6f';
const MISMATCH_ID = '4c6d8e0f-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const SALE_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const TXID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9';

const lookalike: DepositDeskItem = {
  id: LOOKALIKE_ID,
  status: 'review',
  reason: 'unexpected_token',
  customer: { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Ada Obi', email: 'ada@example.ng', closed: false },
  network: 'tron',
  coin: 'usdt',
  genuine: false,
  contract: 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj',
  amount: '250',
  amount_base: '250000000',
  txid: TXID,
  explorer_url: `https://tronscan.org/#/transaction/${TXID}`,
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  sender: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  confirmations: 20,
  required_confirmations: 20,
  block_number: '61234567',
  block_time: '2026-11-22T08:01:00.000Z',
  first_seen_at: '2026-11-22T08:00:30.000Z',
  confirmed_at: '2026-11-22T08:02:00.000Z',
  holder_sale: null,
  can_price: false,
  price_refusal: depositDeskMessages.notGenuine,
  closed_by: null,
  closed_at: null,
  close_note: null,
};

const mismatch: DepositDeskItem = {
  ...lookalike,
  id: MISMATCH_ID,
  reason: 'transaction_id_used',
  customer: { id: 'c0ffee00-0000-4000-8000-000000000002', name: 'Bayo Adeyemi', email: 'bayo@example.ng', closed: true },
  network: 'bitcoin',
  coin: 'btc',
  genuine: true,
  contract: null,
  amount: '0.015',
  amount_base: '1500000',
  txid: 'f'.repeat(64),
  explorer_url: `https://mempool.space/tx/${'f'.repeat(64)}`,
  sender: null,
  confirmations: 2,
  required_confirmations: 3,
  holder_sale: { id: SALE_ID, status: 'submitted', same_customer: false },
  can_price: true,
  price_refusal: null,
};

const list = (deposits: DepositDeskItem[]) => () => ({ status: 200, body: { deposits } });
const listPath = (view: DepositDeskView) => `GET /api/admin/crypto/deposits?view=${view}`;

function SaleScreen() {
  return <h1>Sale {useParams().id}</h1>;
}

/** The desk as /admin/deposits mounts it, its view in state, with the sale page to land on. */
function renderDesk() {
  function Desk() {
    const [view, setView] = useState<DepositDeskView>('review');
    return (
      <DepositDesk
        view={view}
        onViewChange={setView}
        saleHref={(id) => `/admin/sales/${id}`}
        customerHref={(id) => `/admin/customers/${id}`}
      />
    );
  }
  return renderRoutes(
    [
      { path: '/admin/deposits', Component: Desk },
      { path: '/admin/sales/:id', Component: SaleScreen },
    ],
    { path: '/admin/deposits' },
  );
}

describe('the deposit desk', () => {
  it('shows why each deposit waits, whose it is and what the chain says', async () => {
    routeFetch({ [listPath('review')]: list([lookalike, mismatch]) });
    renderDesk();
    const [fake, held] = await screen.findAllByTestId('deposit');
    if (!fake || !held) throw new Error('two cards expected');

    const first = within(fake);
    expect(first.getByText(depositDeskReasonLabels.unexpected_token)).toBeTruthy();
    expect(first.getByRole('heading').textContent).toBe('250 USDT on TRON (TRC20)');
    expect(first.getByText('NOT the real token')).toBeTruthy();
    expect(first.getByText(lookalike.contract ?? '')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Ada Obi' }).getAttribute('href')).toBe(`/admin/customers/${lookalike.customer.id}`);
    expect(first.getByText('ada@example.ng')).toBeTruthy();
    expect(first.queryByText('Account closed')).toBeNull();
    expect(first.getByText('20 of 20')).toBeTruthy();
    expect(first.getByText('a1b2c3d4…d7e8f9').getAttribute('title')).toBe(TXID);
    expect(first.getByRole('button', { name: 'Copy transaction ID' })).toBeTruthy();
    expect(first.getByRole('link', { name: /Tronscan/ }).getAttribute('href')).toBe(lookalike.explorer_url);
    expect(first.getByText(lookalike.sender ?? '')).toBeTruthy();
    expect(first.getByText(lookalike.address)).toBeTruthy();
    expect(first.getByText('22 Nov 2026, 09:01')).toBeTruthy();
    expect(first.getByText('22 Nov 2026, 09:00')).toBeTruthy();

    const second = within(held);
    expect(second.getByText(depositDeskReasonLabels.transaction_id_used)).toBeTruthy();
    expect(second.getByText('Account closed')).toBeTruthy();
    expect(second.queryByText('NOT the real token')).toBeNull();
    expect(second.getByText('2 of 3')).toBeTruthy();
    expect(second.getByText('Not known')).toBeTruthy();
    expect(second.getByRole('link', { name: 'Open that sale' }).getAttribute('href')).toBe(`/admin/sales/${SALE_ID}`);
    expect(second.getByText('Pending')).toBeTruthy();
    expect(second.getByText("Another customer's sale")).toBeTruthy();
    // The count beside the waiting view.
    expect(screen.getByRole('tab', { name: /Waiting for a decision/ }).textContent).toContain('2');
  });

  it('keeps "Price into a sale" disabled with the reason beside it when it cannot work', async () => {
    routeFetch({ [listPath('review')]: list([lookalike, mismatch]) });
    renderDesk();
    const [fake, held] = await screen.findAllByTestId('deposit');
    const refused = within(fake as HTMLElement).getByRole('button', { name: 'Price into a sale' });
    expect((refused as HTMLButtonElement).disabled).toBe(true);
    expect(refused.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(refused.getAttribute('aria-describedby') ?? '')?.textContent).toBe(depositDeskMessages.notGenuine);
    expect((within(held as HTMLElement).getByRole('button', { name: 'Price into a sale' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('prices a deposit after the code, says another reviewer approves it, links the sale and refreshes the list', async () => {
    let sent: unknown;
    let priced = false;
    const calls = routeFetch({
      [listPath('review')]: () => list(priced ? [lookalike] : [lookalike, mismatch])(),
      [`POST /api/admin/crypto/deposits/${MISMATCH_ID}/price`]: (init) => {
        sent = JSON.parse(String(init?.body));
        priced = true;
        return { status: 201, body: { sale: { id: SALE_ID, value_kobo: 2_412_345_600, coin_amount: '0.015' } } };
      },
    });
    const view = renderDesk();
    const [, held] = await screen.findAllByTestId('deposit');
    await view.user.click(within(held as HTMLElement).getByRole('button', { name: 'Price into a sale' }));
    const dialog = screen.getByRole('dialog', { name: 'Price this deposit into a sale?' });
    expect(dialog.textContent).toContain("priced at today's rate");
    expect(dialog.textContent).toContain('another reviewer must approve it');
    expect(dialog.textContent).toContain('0.015 BTC on Bitcoin');
    await view.user.type(within(dialog).getByLabelText('Authenticator code'), '123456');
    await view.user.click(within(dialog).getByRole('button', { name: 'Price into a sale' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({ confirm_code: '123456' });
    // The toast and the notice both lead to the new sale.
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Open the sale' })).toHaveLength(2));
    expect(screen.getByText(depositDeskMessages.priced, { selector: '.Toastify__toast *, .toast-fallback *' })).toBeTruthy();
    const notice = screen.getByTestId('priced-notice');
    expect(notice.textContent).toContain(depositDeskMessages.priced);
    expect(notice.textContent).toContain('₦24,123,456.00 for 0.015 BTC, from Bayo Adeyemi.');
    // The list is asked again and the priced deposit has left it.
    await waitFor(() => expect(screen.getAllByTestId('deposit')).toHaveLength(1));
    expect(calls.filter((call) => call === listPath('review')).length).toBeGreaterThanOrEqual(2);

    await view.user.click(within(notice).getByRole('link', { name: 'Open the sale' }));
    expect(await screen.findByRole('heading', { name: `Sale ${SALE_ID}` })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe(`/admin/sales/${SALE_ID}`);
  });

  it("shows the server's refusal in the price dialog and keeps it open", async () => {
    routeFetch({
      [listPath('review')]: list([mismatch]),
      [`POST /api/admin/crypto/deposits/${MISMATCH_ID}/price`]: () => ({
        status: 409,
        body: { error: depositDeskMessages.notWaiting, code: 'DEPOSIT_NOT_WAITING' },
      }),
    });
    const view = renderDesk();
    await view.user.click(await screen.findByRole('button', { name: 'Price into a sale' }));
    const dialog = screen.getByRole('dialog');
    await view.user.type(within(dialog).getByLabelText('Authenticator code'), '123456{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(depositDeskMessages.notWaiting);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes a deposit only with a reason of the right length and the code', async () => {
    let sent: unknown;
    const calls = routeFetch({
      [listPath('review')]: list([lookalike]),
      [`POST /api/admin/crypto/deposits/${LOOKALIKE_ID}/close`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return {
          status: 200,
          body: {
            deposit: { ...lookalike, status: 'closed', closed_by: { id: 's1', name: 'Rita' }, closed_at: '2026-11-22T09:00:00.000Z' },
          },
        };
      },
    });
    const view = renderDesk();
    await view.user.click(await screen.findByRole('button', { name: 'Close' }));
    const dialog = screen.getByRole('dialog', { name: 'Close this deposit?' });
    const note = within(dialog).getByLabelText('Reason the customer reads');
    await view.user.type(note, 'Fake coin');
    await view.user.type(within(dialog).getByLabelText('Authenticator code'), '654321');
    await view.user.click(within(dialog).getByRole('button', { name: 'Close deposit' }));
    expect((await within(dialog).findByText(depositDeskMessages.closeNoteLength)).getAttribute('role')).toBe('alert');
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);

    await view.user.type(note, ': this token copies USDT from another contract');
    await view.user.click(within(dialog).getByRole('button', { name: 'Close deposit' }));
    expect(await screen.findByText(depositDeskMessages.closed)).toBeTruthy();
    expect(sent).toEqual({ note: 'Fake coin: this token copies USDT from another contract', confirm_code: '654321' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when a view is empty, shows the closed ones with their reason, and retries a failed load', async () => {
    let failed = true;
    routeFetch({
      [listPath('review')]: list([]),
      [listPath('held')]: () =>
        failed ? { status: 500, body: { error: 'Something went wrong', code: 'INTERNAL' } } : { status: 200, body: { deposits: [] } },
      [listPath('closed')]: list([
        {
          ...lookalike,
          status: 'closed',
          closed_by: { id: 's1', name: 'Rita Okafor' },
          closed_at: '2026-11-22T10:00:00.000Z',
          close_note: 'This token is a copy of USDT and has no value.',
        },
      ]),
    });
    const view = renderDesk();
    expect(await screen.findByText('Nothing is waiting for a decision')).toBeTruthy();

    await view.user.click(screen.getByRole('tab', { name: 'Held below minimum' }));
    expect(await screen.findByText("Couldn't load the deposits")).toBeTruthy();
    failed = false;
    await view.user.click(screen.getByRole('button', { name: /Try again|Retry/ }));
    expect(await screen.findByText('No deposit is held below the minimum')).toBeTruthy();

    await view.user.click(screen.getByRole('tab', { name: 'Closed' }));
    const card = within(await screen.findByTestId('deposit'));
    expect(card.getByText('This token is a copy of USDT and has no value.')).toBeTruthy();
    expect(card.getByText(/Rita Okafor/).textContent).toContain('22 Nov 2026, 11:00');
    expect(card.queryByRole('button', { name: 'Price into a sale' })).toBeNull();
    expect(card.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
