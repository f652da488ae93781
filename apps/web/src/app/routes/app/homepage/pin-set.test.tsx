import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pinErrorCodes, pinMessages, profileMessages } from '@wise/shared';
import { paths } from '#web/config/paths';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { bankDetails, noBankDetails } from '#web/testing/sales';
import { PinConfirmRoute } from './pin-confirm';
import { PinSetRoute } from './pin-set';

const routes = [
  { path: paths.pinSet, Component: PinSetRoute },
  { path: paths.pinConfirm, Component: PinConfirmRoute },
  { path: paths.pinSuccess, Component: () => <p>pin success</p> },
  { path: paths.passwordReset, element: <p>password reset</p> },
];

const pending = { status: 200, body: { pin_status: 'pending' } };

describe('/homepage/pinset: a first PIN once bank details exist', () => {
  it('asks for the password first, then the PIN twice', async () => {
    const calls = routeFetch({
      'GET /api/pin/status': () => pending,
      'GET /api/bank': () => ({ status: 200, body: bankDetails }),
      'POST /api/profile/password/confirm': () => ({ status: 200, body: { message: profileMessages.passwordConfirmed } }),
      'POST /api/pin': () => ({ status: 200, body: { message: pinMessages.set } }),
    });
    const { user, router } = renderRoutes(routes, { path: paths.pinSet });
    expect(await screen.findByText(pinMessages.passwordStepTitle)).toBeTruthy();
    expect(screen.getByText(pinMessages.passwordStepText)).toBeTruthy();
    expect(screen.queryByLabelText('Digit 1 of 4')).toBeNull();

    await user.type(screen.getByLabelText('Password'), 'correct horse 1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Digit 1 of 4'), '2468');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.pinConfirm));
    await user.type(await screen.findByLabelText('Digit 1 of 4'), '2468');
    await user.click(screen.getByRole('button', { name: 'Set' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.pinSuccess));
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /api/profile/password/confirm', 'POST /api/pin']);
  });

  it('without bank details goes straight to the PIN', async () => {
    routeFetch({
      'GET /api/pin/status': () => pending,
      'GET /api/bank': () => ({ status: 200, body: noBankDetails }),
    });
    renderRoutes(routes, { path: paths.pinSet });
    expect(await screen.findByText('Set transaction PIN')).toBeTruthy();
    expect(screen.getByLabelText('Digit 1 of 4')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('goes back to the password when the server asks for it at the end', async () => {
    routeFetch({
      'GET /api/pin/status': () => pending,
      'GET /api/bank': () => ({ status: 200, body: noBankDetails }),
      'POST /api/pin': () => ({ status: 403, body: { error: pinMessages.reauthRequired, code: pinErrorCodes.reauthRequired } }),
    });
    const { user, router } = renderRoutes(routes, { path: paths.pinSet });
    await user.type(await screen.findByLabelText('Digit 1 of 4'), '2468');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Digit 1 of 4'), '2468');
    await user.click(screen.getByRole('button', { name: 'Set' }));
    expect(await screen.findByText(pinMessages.passwordStepTitle)).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.pinSet);
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});
