import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { privacyMessages, profileMessages } from '@wise/shared';
import { paths } from '#web/config/paths';
import { renderRoutes, requestBody, stubFetch } from '#web/testing/render';
import { CloseAccountRoute } from './close-account';
import { DataDownloadRoute } from './data-download';
import { DataExportRoute } from './data-export';

const routes = [
  { path: paths.profileData, Component: DataExportRoute },
  { path: paths.profileDataDownload, Component: DataDownloadRoute },
  { path: paths.profileClose, Component: CloseAccountRoute },
  { path: paths.home, element: <p>home</p> },
  { path: paths.passwordReset, element: <p>password reset</p> },
];

const rights = (overrides: { state?: string; blocked?: string | null; gems?: number; has_pin?: boolean } = {}) => ({
  status: 200,
  body: {
    export: { state: overrides.state ?? 'none', requested_at: null, expires_at: null },
    close: { blocked: overrides.blocked ?? null, gems: overrides.gems ?? 120, has_pin: overrides.has_pin ?? true },
  },
});
const confirmed = { status: 200, body: { message: profileMessages.passwordConfirmed } };

describe('/profile/data', () => {
  it('asks for the password, then asks for the export', async () => {
    const fetch = stubFetch(
      rights(),
      confirmed,
      { status: 202, body: { message: privacyMessages.exportRequested } },
      rights({ state: 'building' }),
    );
    const { user } = renderRoutes(routes, { path: paths.profileData });
    expect(await screen.findByText(privacyMessages.exportPasswordHint)).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'correct horse 1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(privacyMessages.exportInProgress)).toBeTruthy();
    expect(fetch.mock.calls[2]?.[0]).toBe('/api/profile/data-export');
  });

  it('says a request is already being prepared instead of asking again', async () => {
    stubFetch(rights({ state: 'building' }));
    renderRoutes(routes, { path: paths.profileData });
    expect(await screen.findByText(privacyMessages.exportInProgress)).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});

describe('/profile/data/download', () => {
  it('sends the token in the body once and says when the link no longer works', async () => {
    const createObjectURL = vi.fn(() => 'blob:wise');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const token = 'a'.repeat(43);
    const fetch = stubFetch({ status: 200, body: { profile: { full_name: 'Ada Obi' } } });
    const { user, router } = renderRoutes(routes, { path: paths.profileDataDownload });
    await router.navigate(`${paths.profileDataDownload}?token=${token}`);
    await user.click(await screen.findByRole('button', { name: privacyMessages.downloadButton }));
    expect(await screen.findByText(privacyMessages.downloadDone)).toBeTruthy();
    expect(requestBody(fetch, 0)).toEqual({ token });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s refusal of a used link', async () => {
    stubFetch({ status: 404, body: { error: privacyMessages.exportLinkInvalid, code: 'EXPORT_LINK_INVALID' } });
    const { user, router } = renderRoutes(routes, { path: paths.profileDataDownload });
    await router.navigate(`${paths.profileDataDownload}?token=${'b'.repeat(43)}`);
    await user.click(await screen.findByRole('button', { name: privacyMessages.downloadButton }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', privacyMessages.exportLinkInvalid);
  });
});

describe('/profile/close', () => {
  it('refuses with the reason while money is moving', async () => {
    stubFetch(rights({ blocked: privacyMessages.closeBlockedSale }));
    renderRoutes(routes, { path: paths.profileClose });
    expect(await screen.findByText(privacyMessages.closeBlockedSale)).toBeTruthy();
    expect(screen.queryByRole('button', { name: privacyMessages.closeContinue })).toBeNull();
  });

  it('says what is erased and kept, then takes the password, the PIN and an explicit confirmation', async () => {
    const fetch = stubFetch(rights({ gems: 120 }), confirmed, { status: 200, body: { message: privacyMessages.closed } });
    const { user, router } = renderRoutes(routes, { path: paths.profileClose });
    expect(await screen.findByText(privacyMessages.closeErased)).toBeTruthy();
    expect(screen.getByText(privacyMessages.closeKept)).toBeTruthy();
    expect(screen.getByText(privacyMessages.closeGems(120))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: privacyMessages.closeContinue }));

    await user.type(screen.getByLabelText('Password'), 'correct horse 1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const remove = await screen.findByRole('button', { name: privacyMessages.closeButton });
    await user.click(remove);
    expect(await screen.findByText(privacyMessages.closeConfirmRequired)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);

    await user.type(screen.getByLabelText('Digit 1 of 4'), '2580');
    await user.click(screen.getByRole('checkbox', { name: privacyMessages.closeConfirmLabel }));
    await user.click(remove);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(fetch.mock.calls[2]?.[0]).toBe('/api/profile/close');
    expect(requestBody(fetch, 2)).toEqual({ confirm: true, pin: '2580' });
  });
});
