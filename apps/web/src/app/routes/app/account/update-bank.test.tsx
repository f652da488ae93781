import { screen, waitFor } from '@testing-library/react';
import { bankErrorCodes, bankMessages, updateBankTexts } from '@wise/shared';
import { describe, expect, it } from 'vitest';
import { paths, withReturnTo } from '../../../../config/paths';
import { renderRoutes, routeFetch } from '../../../../testing/render';
import { bankDetails, noBankDetails } from '../../../../testing/sales';
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
  it('says why as soon as the name is known, and shows the server’s refusal under the account number', async () => {
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
          body: { error: bankMessages.nameMismatch, code: bankErrorCodes.nameMismatch, fields: { bank_account: bankMessages.nameMismatch } },
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
    // The field error under the account number (plus the alert above): still on the form, nothing saved.
    await waitFor(() => expect(screen.getAllByText(bankMessages.nameMismatch).length).toBeGreaterThanOrEqual(2));
    expect(view.router.state.location.pathname).toBe(paths.updateBank);
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
