import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passkeyErrorCodes, passkeyMessages, passkeyTexts, profileMessages } from '@wise/shared';
import { paths } from '#web/config/paths';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { PasskeysRoute } from './passkeys';

const routes = [
  { path: paths.profilePasskeys, Component: PasskeysRoute },
  { path: paths.passwordReset, element: <p>password reset</p> },
];

const PASSKEY_ID = '6f1c1a52-4d2a-4b8e-9d1e-2b7f0a1c3d4e';
const phone = {
  id: PASSKEY_ID,
  device_name: 'Chrome on Android',
  created_at: '2026-11-20T08:00:00.000Z',
  last_used_at: '2026-11-25T13:05:00.000Z',
};

describe('/profile/passkeys', () => {
  it('lists each passkey with its device and last use', async () => {
    routeFetch({ 'GET /api/profile/passkeys': () => ({ status: 200, body: { passkeys: [phone] } }) });
    renderRoutes(routes, { path: paths.profilePasskeys });
    const row = await screen.findByRole('listitem');
    expect(within(row).getByText('Chrome on Android')).toBeTruthy();
    expect(row.textContent).toContain('Last used 25 Nov 2026, 14:05');
  });

  it('says when there is none', async () => {
    routeFetch({ 'GET /api/profile/passkeys': () => ({ status: 200, body: { passkeys: [] } }) });
    renderRoutes(routes, { path: paths.profilePasskeys });
    expect(await screen.findByText(passkeyTexts.empty)).toBeTruthy();
  });

  it('removes one after the password when the sign-in is not recent', async () => {
    let removeCalls = 0;
    let removed = false;
    const calls = routeFetch({
      'GET /api/profile/passkeys': () => ({ status: 200, body: { passkeys: removed ? [] : [phone] } }),
      [`DELETE /api/profile/passkeys/${PASSKEY_ID}`]: () => {
        removeCalls += 1;
        if (removeCalls === 1)
          return { status: 403, body: { error: passkeyMessages.reauthRequired, code: passkeyErrorCodes.reauthRequired } };
        removed = true;
        return { status: 200, body: { message: passkeyMessages.removed } };
      },
      'POST /api/profile/password/confirm': () => ({ status: 200, body: { message: profileMessages.passwordConfirmed } }),
    });
    const { user } = renderRoutes(routes, { path: paths.profilePasskeys });
    await user.click(await screen.findByRole('button', { name: 'Remove Chrome on Android' }));
    const sheet = screen.getByRole('dialog', { name: passkeyTexts.removeTitle });
    await user.click(within(sheet).getByRole('button', { name: passkeyTexts.remove }));

    const password = await screen.findByRole('dialog', { name: passkeyTexts.confirmPasswordText });
    await user.type(within(password).getByLabelText('Password'), 'correct horse 1');
    await user.click(within(password).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(passkeyMessages.removed)).toBeTruthy();
    expect(await screen.findByText(passkeyTexts.empty)).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('DELETE'))).toHaveLength(2);
  });
});
