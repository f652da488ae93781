import { screen } from '@testing-library/react';
import { Navigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages, errorCodes } from '@wise/shared';
import { paths } from '#web/config/paths';
import { renderRoutes, stubFetch } from '#web/testing/render';
import { PasswordResetNewRoute } from './password-reset-new';

afterEach(() => vi.unstubAllGlobals());

/** The memory router takes a pathname only: an entry route redirects to the link with its token. */
const openLink = () =>
  renderRoutes([
    { path: paths.passwordResetNew, Component: PasswordResetNewRoute },
    { path: paths.passwordReset, Component: () => <h1>Request a reset</h1> },
    { path: '/', Component: () => <Navigate to={`${paths.passwordResetNew}?token=used-token`} replace /> },
  ]);

describe('/passwordreset/newpassword', () => {
  it('a link the server refuses: its words as a toast, then no form, only the way to a new link', async () => {
    stubFetch({ status: 400, body: { error: authMessages.resetTokenInvalid, code: errorCodes.resetTokenInvalid } });
    const { user } = openLink();
    await user.type(await screen.findByLabelText('New password'), 'brandnew123');
    await user.type(screen.getByLabelText('Confirm password'), 'brandnew123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining(authMessages.resetTokenInvalid));
    expect(await screen.findByText(authMessages.resetLinkRefusedTitle)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByRole('heading', { name: 'Request a reset' })).toBeTruthy();
  });

  it('any other refusal keeps the form, so the customer can try again', async () => {
    stubFetch({ status: 429, body: { error: authMessages.tooManyRequests, code: errorCodes.rateLimited } });
    const { user } = openLink();
    await user.type(await screen.findByLabelText('New password'), 'brandnew123');
    await user.type(screen.getByLabelText('Confirm password'), 'brandnew123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(authMessages.tooManyRequests)).toBeTruthy();
    expect(screen.getByLabelText('New password')).toBeTruthy();
    expect(screen.queryByText(authMessages.resetLinkRefusedTitle)).toBeNull();
  });
});
