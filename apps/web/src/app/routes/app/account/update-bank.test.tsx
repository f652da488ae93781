import { act, screen, waitFor } from '@testing-library/react';
import { bankErrorCodes, bankMessages, updateBankTexts } from '@wise/shared';
import { describe, expect, it, vi } from 'vitest';
import { paths, withReturnTo } from '#web/config/paths';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { bankDetails, noBankDetails } from '#web/testing/sales';
import { useBankDetails } from '#web/features/bank/api/get-bank-details';
import { usePinStatus } from '#web/features/pin/api/get-pin-status';
import { UpdateBankRoute } from './update-bank';

const Start = () => null;
const routes = [
  { path: '/start', Component: Start },
  { path: paths.updateBank, Component: UpdateBankRoute },
  { path: paths.accountSuccess, Component: () => <p>account success</p> },
  { path: paths.giftCardConfirmAccount, Component: () => <p>confirm account</p> },
];

const noPin = () => ({ status: 200, body: { pin_status: 'pending' } });

/** A first account with no PIN set: the password goes with it (docs/identity.md). */
async function saveBankDetails(returnTo: string) {
  const sent: unknown[] = [];
  routeFetch({
    'GET /api/banks': () => ({ status: 200, body: [{ code: '058', name: 'Guaranty Trust Bank' }] }),
    'GET /api/bank': () => ({ status: 200, body: noBankDetails }),
    'GET /api/pin/status': noPin,
    'POST /api/bank/resolve': () => ({ status: 200, body: { account_name: 'ADA OBI', name_match: 'match' } }),
    'PUT /api/bank': (init) => {
      sent.push(JSON.parse(String(init?.body)));
      return { status: 200, body: bankDetails };
    },
  });
  const view = renderRoutes(routes, { path: '/start' });
  await view.router.navigate(withReturnTo(paths.updateBank, returnTo));
  await view.user.selectOptions(await screen.findByLabelText('Bank name'), '058');
  await view.user.type(screen.getByLabelText('Account number'), '0123456789');
  await screen.findByTestId('resolved-name');
  await view.user.type(screen.getByLabelText(updateBankTexts.password), 'correct horse 1');
  await view.user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(sent).toEqual([{ bank_code: '058', bank_account: '0123456789', password: 'correct horse 1' }]));
  return view;
}

describe('/account/updatebank?returnTo=', () => {
  it('goes back to the in-app path it came from once saved', async () => {
    const back = '/sellgiftcards/giftcardscatalogue/confirmaccount?card=amazon';
    const { router } = await saveBankDetails(back);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(back));
    expect(await screen.findByText('Bank details updated successfully')).toBeTruthy();
  });

  it('ignores a returnTo that leads out of the app', async () => {
    const { router } = await saveBankDetails('//evil.example/steal');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.accountSuccess));
  });
});

describe('/account/updatebank: an account in someone else’s name', () => {
  it('says why as soon as the name is known, and only there: the server’s refusal does not repeat it', async () => {
    let saved = 0;
    routeFetch({
      'GET /api/banks': () => ({ status: 200, body: [{ code: '058', name: 'Guaranty Trust Bank' }] }),
      'GET /api/bank': () => ({ status: 200, body: noBankDetails }),
      'GET /api/pin/status': () => ({ status: 200, body: { pin_status: 'set' } }),
      'POST /api/bank/resolve': () => ({ status: 200, body: { account_name: 'BALOGUN TUNDE', name_match: 'mismatch' } }),
      'PUT /api/bank': () => {
        saved += 1;
        return {
          status: 422,
          body: {
            error: bankMessages.nameMismatch,
            code: bankErrorCodes.nameMismatch,
            fields: { bank_account: bankMessages.nameMismatch },
          },
        };
      },
    });
    const view = renderRoutes(routes, { path: '/start' });
    await view.router.navigate(paths.updateBank);
    await view.user.selectOptions(await screen.findByLabelText('Bank name'), '058');
    await view.user.type(screen.getByLabelText('Account number'), '5123456789');
    // A PIN is set: a first account needs no password.
    expect(screen.queryByLabelText(updateBankTexts.password)).toBeNull();
    const mismatch = await screen.findByTestId('name-mismatch');
    expect(mismatch.textContent).toContain('BALOGUN TUNDE');
    expect(mismatch.textContent).toContain(bankMessages.nameMismatch);
    expect(mismatch.getAttribute('role')).toBe('alert');

    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saved).toBe(1));
    // Still on the form, nothing saved, and the reason once: beside the name, not again under the number nor in a toast.
    await screen.findByTestId('name-mismatch');
    expect(screen.getAllByText(bankMessages.nameMismatch)).toHaveLength(1);
    expect(screen.getByLabelText('Account number').getAttribute('aria-invalid')).not.toBe('true');
    expect(view.router.state.location.pathname).toBe(paths.updateBank);
  });

  it('a refusal the look-up did not foresee is told beside the name, once', async () => {
    routeFetch({
      'GET /api/banks': () => ({ status: 200, body: [{ code: '058', name: 'Guaranty Trust Bank' }] }),
      'GET /api/bank': () => ({ status: 200, body: noBankDetails }),
      'GET /api/pin/status': () => ({ status: 200, body: { pin_status: 'set' } }),
      'POST /api/bank/resolve': () => ({ status: 200, body: { account_name: 'ADA OBI', name_match: 'match' } }),
      'PUT /api/bank': () => ({
        status: 422,
        body: { error: bankMessages.nameMismatch, code: bankErrorCodes.nameMismatch, fields: { bank_account: bankMessages.nameMismatch } },
      }),
    });
    const view = renderRoutes(routes, { path: paths.updateBank });
    await view.user.selectOptions(await screen.findByLabelText('Bank name'), '058');
    await view.user.type(screen.getByLabelText('Account number'), '0123456789');
    await screen.findByTestId('resolved-name');
    expect(screen.queryByTestId('name-mismatch')).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    const note = await screen.findByTestId('name-mismatch');
    expect(note.textContent).toContain('ADA OBI');
    expect(screen.getAllByText(bankMessages.nameMismatch)).toHaveLength(1);
  });

  it('a name that fits shows no warning', async () => {
    routeFetch({
      'GET /api/banks': () => ({ status: 200, body: [{ code: '058', name: 'Guaranty Trust Bank' }] }),
      'GET /api/bank': () => ({ status: 200, body: noBankDetails }),
      'GET /api/pin/status': noPin,
      'POST /api/bank/resolve': () => ({ status: 200, body: { account_name: 'OBI ADA', name_match: 'partial' } }),
    });
    const view = renderRoutes(routes, { path: '/start' });
    await view.router.navigate(paths.updateBank);
    await view.user.selectOptions(await screen.findByLabelText('Bank name'), '058');
    await view.user.type(screen.getByLabelText('Account number'), '0123456789');
    expect((await screen.findByTestId('resolved-name')).textContent).toContain('OBI ADA');
    expect(screen.queryByTestId('name-mismatch')).toBeNull();
  });
});

describe('/account/updatebank: replacing details asks for the PIN', () => {
  const existing = () => ({
    'GET /api/banks': () => ({ status: 200, body: [{ code: '058', name: 'Guaranty Trust Bank' }] }),
    'GET /api/bank': () => ({ status: 200, body: bankDetails }),
    'GET /api/pin/status': () => ({ status: 200, body: { pin_status: 'set' } }),
    'POST /api/bank/resolve': () => ({ status: 200, body: { account_name: 'ADA OBI', name_match: 'match' } }),
  });

  it('shows the PIN boxes from the start, not in error, like the other PIN screens', async () => {
    routeFetch(existing());
    const view = renderRoutes(routes, { path: paths.updateBank });
    await screen.findByLabelText('Account number');
    const pin = screen.getByRole('group', { name: updateBankTexts.pin });
    const boxes = screen.getAllByLabelText(/^Digit \d of 4$/);
    expect(boxes).toHaveLength(4);
    expect(boxes.every((box) => box.getAttribute('aria-invalid') === null)).toBe(true);
    expect(pin.textContent).not.toContain('PIN is required');
    expect(screen.queryByRole('alert')).toBeNull();
    // Not focused either: the customer starts with the bank, as on every other form.
    expect(boxes.includes(document.activeElement as HTMLElement)).toBe(false);

    // Only a submit without it says it is missing.
    await view.user.selectOptions(screen.getByLabelText('Bank name'), '058');
    await view.user.type(screen.getByLabelText('Account number'), '0123456789');
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('PIN is required')).toBeTruthy();
  });
});

describe('/account/updatebank: answers cached from before a change', () => {
  /** The answers, by "METHOD path"; the PIN status waits for `releasePin` once it is held. */
  function serve(state: { pin: 'pending' | 'set'; hold: boolean; holdBank?: boolean; bank: typeof bankDetails | typeof noBankDetails }) {
    const sent: unknown[] = [];
    const answered: string[] = [];
    let releasePin: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      releasePin = resolve;
    });
    let releaseBank: () => void = () => undefined;
    const bankHeld = new Promise<void>((resolve) => {
      releaseBank = resolve;
    });
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const key = `${init?.method ?? 'GET'} ${String(input)}`;
        answered.push(key);
        if (key === 'GET /api/banks') return json([{ code: '058', name: 'Guaranty Trust Bank' }]);
        if (key === 'GET /api/bank') {
          const answer = state.bank;
          if (state.holdBank) await bankHeld;
          return json(answer);
        }
        if (key === 'GET /api/pin/status') {
          const answer = state.pin;
          if (state.hold) await held;
          return json({ pin_status: answer });
        }
        if (key === 'POST /api/bank/resolve') return json({ account_name: 'ADA OBI', name_match: 'match' });
        if (key === 'PUT /api/bank') {
          sent.push(JSON.parse(String(init?.body)));
          return json(bankDetails);
        }
        throw new Error(`unexpected ${key}`);
      }),
    );
    return { sent, answered, releasePin: () => releasePin(), releaseBank: () => releaseBank() };
  }

  /** A screen read earlier in the visit (the PIN screen does) that leaves the PIN status in the cache. */
  function PinStatusReader() {
    const status = usePinStatus();
    return <p>pin {status.data?.pin_status ?? '…'}</p>;
  }

  it('a PIN status cached before the PIN was set never leaves the form asking for a password, nor blocks Submit', async () => {
    const state = { pin: 'pending' as 'pending' | 'set', hold: false, bank: noBankDetails };
    const server = serve(state);
    const view = renderRoutes([...routes, { path: '/pin', Component: PinStatusReader }], { path: '/pin' });
    await screen.findByText('pin pending');
    // The PIN is set since; this visit's answer comes late.
    state.pin = 'set';
    state.hold = true;
    await view.router.navigate(paths.updateBank);
    // Banks and details answered; only this visit's PIN status is awaited.
    await waitFor(() => expect(server.answered).toEqual(expect.arrayContaining(['GET /api/banks', 'GET /api/bank'])));
    await settleQueries();
    // The cached "pending" does not draw the form (it would ask for the password).
    expect(screen.getByLabelText(updateBankTexts.loading)).toBeTruthy();
    expect(screen.queryByLabelText(updateBankTexts.password)).toBeNull();
    expect(screen.queryByLabelText('Account number')).toBeNull();
    server.releasePin();
    await view.user.selectOptions(await screen.findByLabelText('Bank name'), '058');
    expect(screen.queryByLabelText(updateBankTexts.password)).toBeNull();
    await view.user.type(screen.getByLabelText('Account number'), '0123456789');
    await screen.findByTestId('resolved-name');
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(paths.accountSuccess));
    expect(server.sent).toEqual([{ bank_code: '058', bank_account: '0123456789' }]);
  });

  it('details cached as none are checked again: the PIN boxes show from the start when there are details now', async () => {
    const state = { pin: 'set' as const, hold: false, holdBank: false, bank: noBankDetails as typeof bankDetails | typeof noBankDetails };
    const server = serve(state);
    const view = renderRoutes([...routes, { path: '/wallet', Component: () => <WalletReader /> }], { path: '/wallet' });
    await screen.findByText('bank none');
    // Details were added since (another device); this visit's answer comes late.
    state.bank = bankDetails;
    state.holdBank = true;
    await view.router.navigate(paths.updateBank);
    await waitFor(() => expect(server.answered.filter((key) => key === 'GET /api/pin/status')).toHaveLength(1));
    await settleQueries();
    // The cached "none" does not draw a form without the PIN.
    expect(screen.getByLabelText(updateBankTexts.loading)).toBeTruthy();
    expect(screen.queryByLabelText('Account number')).toBeNull();
    server.releaseBank();
    await screen.findByLabelText('Account number');
    expect(screen.getAllByLabelText(/^Digit \d of 4$/)).toHaveLength(4);
    expect(screen.queryByText('PIN is required')).toBeNull();
  });
});

/** Lets answers already given reach the screen (the query cache tells its observers on a zero-delay timer). */
async function settleQueries() {
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

function WalletReader() {
  const details = useBankDetails();
  return <p>bank {details.data ? (details.data.bank_account ?? 'none') : '…'}</p>;
}
