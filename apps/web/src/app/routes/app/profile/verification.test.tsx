import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { identityMessages, identityScreenTexts, kycTierTexts, profileMessages } from '@wise/shared';
import { paths } from '../../../../config/paths';
import { renderRoutes, requestBody, stubFetch } from '../../../../testing/render';
import { VerificationRoute } from './verification';
import { VerificationNumberRoute } from './verification-number';

const routes = [
  { path: paths.verification, Component: VerificationRoute },
  { path: paths.verificationNumber, Component: VerificationNumberRoute },
];

const status = (over: Record<string, unknown> = {}) => ({
  status: 200,
  body: { tier: 0, number: null, needs_date_of_birth: false, attempts_left: 5, ...over },
});
const outcome = (name: string, message: string, tier = 0, attemptsLeft = 4) => ({ status: 200, body: { outcome: name, message, tier, attempts_left: attemptsLeft } });

describe('/profile/verification', () => {
  it('shows the tiers, marks the current one and starts Tier 1', async () => {
    stubFetch(status());
    renderRoutes(routes, { path: paths.verification });
    expect(await screen.findByText(kycTierTexts[0].name)).toBeTruthy();
    expect(screen.getByText(kycTierTexts[2].name)).toBeTruthy();
    const current = screen.getByText(kycTierTexts[0].name).closest('li');
    expect(current?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('link', { name: identityScreenTexts.startTier1 }).getAttribute('href')).toBe(paths.verificationNumber);
  });

  it('shows the verified number by its last four digits only', async () => {
    stubFetch(status({ tier: 1, number: { kind: 'bvn', last4: '2222', verified_at: '2026-11-20T09:00:00.000Z' } }));
    renderRoutes(routes, { path: paths.verification });
    expect((await screen.findByTestId('verified-number')).textContent).toContain('•••••••2222');
    expect(screen.getByText(kycTierTexts[1].name).closest('li')?.getAttribute('aria-current')).toBe('step');
    expect(screen.queryByRole('link', { name: identityScreenTexts.startTier1 })).toBeNull();
  });
});

describe('/profile/verification/identitynumber', () => {
  it('refuses a short number under the field, then shows the verified result', async () => {
    const fetch = stubFetch(status(), outcome('verified', identityMessages.verified, 1), status({ tier: 1 }));
    const { user } = renderRoutes(routes, { path: paths.verificationNumber });
    const field = await screen.findByLabelText('Your BVN');
    await user.type(field, '2222');
    await user.click(screen.getByRole('button', { name: identityScreenTexts.verify }));
    expect(await screen.findByText(identityMessages.numberInvalid)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    await user.type(field, '2222222');
    await user.click(screen.getByRole('button', { name: identityScreenTexts.verify }));
    expect(await screen.findByText(identityMessages.verified)).toBeTruthy();
    expect(requestBody(fetch, 1)).toEqual({ kind: 'bvn', number: '22222222222' });
    expect(screen.getByRole('link', { name: identityScreenTexts.done }).getAttribute('href')).toBe(paths.verification);
  });

  it('says why a NIN did not verify and lets the customer try again', async () => {
    const fetch = stubFetch(status(), outcome('mismatch', identityMessages.mismatch, 0, 3), status({ attempts_left: 3 }));
    const { user } = renderRoutes(routes, { path: paths.verificationNumber });
    await user.selectOptions(await screen.findByLabelText(identityScreenTexts.kindLabel), 'nin');
    await user.type(screen.getByLabelText('Your NIN'), '11111111112');
    await user.click(screen.getByRole('button', { name: identityScreenTexts.verify }));
    expect(await screen.findByText(identityMessages.mismatch)).toBeTruthy();
    expect(screen.getByText(identityScreenTexts.triesLeft(3))).toBeTruthy();
    expect(requestBody(fetch, 1)).toEqual({ kind: 'nin', number: '11111111112' });
    await user.click(screen.getByRole('button', { name: identityScreenTexts.tryAgain }));
    expect(await screen.findByLabelText(identityScreenTexts.kindLabel)).toBeTruthy();
  });

  it('says the provider is down without counting a try', async () => {
    stubFetch(status(), outcome('unavailable', identityMessages.unavailable, 0, 5), status());
    const { user } = renderRoutes(routes, { path: paths.verificationNumber });
    await user.type(await screen.findByLabelText('Your BVN'), '22222222298');
    await user.click(screen.getByRole('button', { name: identityScreenTexts.verify }));
    expect(await screen.findByText(identityMessages.unavailable)).toBeTruthy();
    expect(screen.queryByText(/tries left/)).toBeNull();
  });

  it('asks for the date of birth first when the profile has none', async () => {
    const fetch = stubFetch(status({ needs_date_of_birth: true }), { status: 200, body: { message: profileMessages.dobUpdated } }, status());
    const { user } = renderRoutes(routes, { path: paths.verificationNumber });
    expect(await screen.findByText(identityMessages.dobRequired)).toBeTruthy();
    const dob = screen.getByLabelText('Date of birth');
    await user.type(dob, '1994-02-10');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByLabelText('Your BVN')).toBeTruthy();
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/profile/date-of-birth');
  });
});
