import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '#web/config/paths';
import { renderRoutes, requestBody, stubFetch } from '#web/testing/render';
import { CreateAccountRoute } from './create-account';

function OtpProbe() {
  return <p>otp screen</p>;
}

const routes = [
  { path: paths.createAccount, Component: CreateAccountRoute },
  { path: paths.createAccountOtp, Component: OtpProbe },
];

describe('/createaccount', () => {
  it('validates on submit, dims Create while errors show and clears an error when its field is edited', async () => {
    const { user } = renderRoutes(routes, { path: paths.createAccount });
    const create = screen.getByRole('button', { name: 'Create' });

    await user.type(screen.getByLabelText('Email address'), 'bad');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);

    await user.click(create);
    expect(await screen.findAllByText('This field is required')).toHaveLength(4);
    expect(screen.getByText('Invalid entry')).toBeTruthy();
    expect((create as HTMLButtonElement).disabled).toBe(true);

    await user.type(screen.getByLabelText('Full name'), 'A');
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
  });

  it('sends the form and goes to the OTP screen carrying the e-mail', async () => {
    const fetch = stubFetch({ status: 201, body: { email: 'ada@wisetest.com', message: 'ok' } });
    const { user, router } = renderRoutes(routes, { path: paths.createAccount });

    await user.type(screen.getByLabelText('Full name'), 'Ada Obi');
    await user.type(screen.getByLabelText('Username'), 'adaobi');
    await user.type(screen.getByLabelText('Email address'), 'ada@wisetest.com');
    await user.type(screen.getByLabelText('Phone number'), '8031234567');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await screen.findByText('otp screen');
    expect(router.state.location.state).toEqual({ email: 'ada@wisetest.com' });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/signup');
    expect(requestBody(fetch)).toEqual({
      full_name: 'Ada Obi',
      username: 'adaobi',
      email: 'ada@wisetest.com',
      phone: '+2348031234567',
      password: 'password123',
    });
  });

  it('carries the code of a referral link to the sign-up', async () => {
    const fetch = stubFetch({ status: 201, body: { email: 'ada@wisetest.com', message: 'ok' } });
    const { user } = renderRoutes(routes, { path: paths.createAccount, search: '?ref=abcd2345' });
    expect(screen.getByText('You were invited with the code ABCD2345.')).toBeTruthy();

    await user.type(screen.getByLabelText('Full name'), 'Ada Obi');
    await user.type(screen.getByLabelText('Username'), 'adaobi');
    await user.type(screen.getByLabelText('Email address'), 'ada@wisetest.com');
    await user.type(screen.getByLabelText('Phone number'), '8031234567');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('otp screen');
    expect(requestBody(fetch)).toMatchObject({ email: 'ada@wisetest.com', referral_code: 'ABCD2345' });
  });

  it('shows no invitation for a link whose ref is not a code', () => {
    renderRoutes(routes, { path: paths.createAccount, search: `?ref=${encodeURIComponent('<script>')}` });
    expect(screen.getByRole('heading', { name: 'Complete your profile' })).toBeTruthy();
    expect(screen.queryByTestId('signup-invited')).toBeNull();
  });

  it('puts a 409 field error under its field and the message in a toast', async () => {
    const message = 'An account with this email already exists';
    stubFetch({ status: 409, body: { error: message, code: 'CONFLICT', fields: { email: message } } });
    const { user } = renderRoutes(routes, { path: paths.createAccount });

    await user.type(screen.getByLabelText('Full name'), 'Ada Obi');
    await user.type(screen.getByLabelText('Username'), 'adaobi');
    await user.type(screen.getByLabelText('Email address'), 'ada@wisetest.com');
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(screen.queryByText('otp screen')).toBeNull();
  });
});
