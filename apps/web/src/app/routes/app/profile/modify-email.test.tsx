import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileMessages } from '@wise/shared';
import { paths } from '#web/config/paths';
import { renderRoutes, requestBody, stubFetch } from '#web/testing/render';
import { ModifyEmailRoute } from './modify-email';
import { ModifyEmailNewRoute } from './modify-email-new';

const routes = [
  { path: paths.profileEmail, Component: ModifyEmailRoute },
  { path: paths.profileEmailNew, Component: ModifyEmailNewRoute },
  { path: paths.passwordReset, element: <p>password reset</p> },
];

const contact = { status: 200, body: { email: 'ada@wisetest.com' } };

describe('/profile/modifyemail', () => {
  it('shows the current email, asks for the password and links to the password reset', async () => {
    stubFetch(contact);
    renderRoutes(routes, { path: paths.profileEmail });
    expect(((await screen.findByLabelText('Current email')) as HTMLInputElement).value).toBe('ada@wisetest.com');
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot Password. Reset' }).getAttribute('href')).toBe(paths.passwordReset);
  });

  it('keeps Continue disabled while there is no current email', async () => {
    stubFetch({ status: 200, body: { email: '' } });
    renderRoutes(routes, { path: paths.profileEmail });
    await screen.findByLabelText('Current email');
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('validates the password on submit, shows a wrong one under the field, then goes on to the new email', async () => {
    const fetch = stubFetch(
      contact,
      {
        status: 400,
        body: { error: profileMessages.passwordWrong, code: 'PASSWORD_WRONG', fields: { password: profileMessages.passwordWrong } },
      },
      { status: 200, body: { message: profileMessages.passwordConfirmed } },
    );
    const { user, router } = renderRoutes(routes, { path: paths.profileEmail });
    await screen.findByLabelText('Current email');
    const next = screen.getByRole('button', { name: 'Continue' });

    await user.click(next);
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);

    await user.type(screen.getByLabelText('Password'), 'not my password');
    expect(screen.queryByText('Password is required')).toBeNull();
    await user.click(next);
    expect(await screen.findByText(profileMessages.passwordWrong)).toBeTruthy();
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/profile/password/confirm');
    expect(requestBody(fetch, 1)).toEqual({ password: 'not my password' });

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(next);
    expect(await screen.findByLabelText('New email address')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.profileEmailNew);
    expect(requestBody(fetch, 2)).toEqual({ password: 'password123' });
  });

  it('sends the customer back to the password when the confirmation has expired', async () => {
    stubFetch({ status: 403, body: { error: profileMessages.reauthRequiredForEmail, code: 'REAUTH_REQUIRED' } }, contact);
    const { user, router } = renderRoutes(routes, { path: paths.profileEmailNew });
    await user.type(screen.getByLabelText('New email address'), 'new@wisetest.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('Current email')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.profileEmail);
    expect(await screen.findByText(profileMessages.reauthRequiredForEmail)).toBeTruthy();
  });
});
