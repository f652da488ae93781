import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authMessages, errorCodes } from '@wise/shared';
import { paths } from '#web/config/paths';
import { renderRoutes, requestBody, stubFetch } from '#web/testing/render';
import { LoginPasswordRoute } from './login-password';

function HomeProbe() {
  return <p>home screen</p>;
}

const routes = [
  { path: paths.loginPassword, Component: LoginPasswordRoute },
  { path: paths.homepage, Component: HomeProbe },
];
const state = { email_or_phone: 'ada@wisetest.com' };

describe('/login/password', () => {
  it('logs in and goes home', async () => {
    const fetch = stubFetch({ status: 200, body: { user: { id: 'u1', full_name: 'Ada Obi', email: 'ada@wisetest.com' } } });
    const { user } = renderRoutes(routes, { path: paths.loginPassword, state });
    await user.type(screen.getByPlaceholderText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('home screen');
    expect(requestBody(fetch)).toEqual({ email_or_phone: 'ada@wisetest.com', password: 'password123' });
  });

  it("tells a locked customer the server's words and stays on the screen", async () => {
    stubFetch({ status: 403, body: { error: authMessages.accountLocked, code: errorCodes.accountLocked } });
    const { user } = renderRoutes(routes, { path: paths.loginPassword, state });
    await user.type(screen.getByPlaceholderText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(authMessages.accountLocked)).toBeTruthy();
    expect(screen.queryByText('home screen')).toBeNull();
  });
});
