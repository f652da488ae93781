import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYOUT_LIMITS_NAIRA,
  documentMessages,
  documentScreenTexts,
  identityMessages,
  identityScreenTexts,
  kycTierTexts,
  profileMessages,
  tierLimitTexts,
} from '@wise/shared';
import { paths } from '#web/config/paths';
import { FakeXhr } from '#web/testing/fake-xhr';
import { renderRoutes, requestBody, stubFetch } from '#web/testing/render';
import { VerificationRoute } from './verification';
import { VerificationDocumentRoute } from './verification-document';
import { VerificationNumberRoute } from './verification-number';

const routes = [
  { path: paths.verification, Component: VerificationRoute },
  { path: paths.verificationNumber, Component: VerificationNumberRoute },
  { path: paths.verificationDocument, Component: VerificationDocumentRoute },
];
const tier1 = { tier: 1, number: { kind: 'bvn', last4: '2222', verified_at: '2026-11-20T09:00:00.000Z' } };
const documentRow = (status: string, reason: string | null = null) => ({
  id: '3f1c6c1e-8a4e-4a57-9d7e-0b6a2c1d9e10',
  status,
  submitted_at: '2026-11-21T09:00:00.000Z',
  decided_at: status === 'pending' ? null : '2026-11-21T12:00:00.000Z',
  reject_reason: reason,
});

const status = (over: Record<string, unknown> = {}) => ({
  status: 200,
  body: { tier: 0, number: null, needs_date_of_birth: false, attempts_left: 5, document: null, ...over },
});
const outcome = (name: string, message: string, tier = 0, attemptsLeft = 4) => ({
  status: 200,
  body: { outcome: name, message, tier, attempts_left: attemptsLeft },
});

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

  it("shows each tier's naira limits as the server is configured, the defaults when it does not say", async () => {
    const configured = [
      { tier: 0, daily_kobo: 5_000_000, total_kobo: 20_000_000 },
      { tier: 1, daily_kobo: 150_000_000, total_kobo: null },
      { tier: 2, daily_kobo: 900_000_000, total_kobo: null },
    ];
    stubFetch(status({ tier_limits: configured }));
    const view = renderRoutes(routes, { path: paths.verification });
    const tier0 = await screen.findByTestId('tier-0-limits');
    expect(tier0.textContent).toContain(tierLimitTexts.daily('₦50,000'));
    expect(tier0.textContent).toContain(tierLimitTexts.total('₦200,000'));
    expect(screen.getByTestId('tier-1-limits').textContent).toBe(tierLimitTexts.daily('₦1,500,000'));
    expect(screen.getByTestId('tier-2-limits').textContent).toBe(tierLimitTexts.daily('₦9,000,000'));
    view.unmount();

    stubFetch(status());
    renderRoutes(routes, { path: paths.verification });
    expect((await screen.findByTestId('tier-1-limits')).textContent).toBe(
      tierLimitTexts.daily(`₦${DEFAULT_PAYOUT_LIMITS_NAIRA.tier1Daily.toLocaleString('en-NG')}`),
    );
    expect(screen.getByTestId('tier-0-limits').textContent).toContain(
      tierLimitTexts.total(`₦${DEFAULT_PAYOUT_LIMITS_NAIRA.tier0Total.toLocaleString('en-NG')}`),
    );
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
    const fetch = stubFetch(status(), outcome('not_verified', identityMessages.notVerified, 0, 3), status({ attempts_left: 3 }));
    const { user } = renderRoutes(routes, { path: paths.verificationNumber });
    await user.selectOptions(await screen.findByLabelText(identityScreenTexts.kindLabel), 'nin');
    await user.type(screen.getByLabelText('Your NIN'), '11111111112');
    await user.click(screen.getByRole('button', { name: identityScreenTexts.verify }));
    expect(await screen.findByText(identityMessages.notVerified)).toBeTruthy();
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
    const fetch = stubFetch(
      status({ needs_date_of_birth: true }),
      { status: 200, body: { message: profileMessages.dobUpdated } },
      status(),
    );
    const { user } = renderRoutes(routes, { path: paths.verificationNumber });
    expect(await screen.findByText(identityMessages.dobRequired)).toBeTruthy();
    const dob = screen.getByLabelText('Date of birth');
    await user.type(dob, '1994-02-10');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByLabelText('Your BVN')).toBeTruthy();
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/profile/date-of-birth');
  });
});

describe('Tier 2: ID document and selfie', () => {
  it('offers Tier 2 to a Tier 1 customer, shows a request under review, and a refusal with its reason and a new try', async () => {
    stubFetch(status(tier1));
    const first = renderRoutes(routes, { path: paths.verification });
    expect((await screen.findByRole('link', { name: documentScreenTexts.startTier2 })).getAttribute('href')).toBe(
      paths.verificationDocument,
    );
    first.unmount();

    stubFetch(status({ ...tier1, document: documentRow('pending') }));
    const second = renderRoutes(routes, { path: paths.verification });
    expect((await screen.findByTestId('document-status')).textContent).toContain(documentScreenTexts.pendingTitle);
    expect(screen.queryByRole('link', { name: documentScreenTexts.startTier2 })).toBeNull();
    second.unmount();

    stubFetch(status({ ...tier1, document: documentRow('rejected', 'The photo is blurred') }));
    renderRoutes(routes, { path: paths.verification });
    expect((await screen.findByTestId('document-status')).textContent).toContain(
      documentScreenTexts.rejectedReason('The photo is blurred'),
    );
    expect(screen.getByRole('link', { name: documentScreenTexts.tryAgain }).getAttribute('href')).toBe(paths.verificationDocument);
  });

  it('tells a Tier 0 customer to verify the BVN or NIN first', async () => {
    stubFetch(status());
    renderRoutes(routes, { path: paths.verificationDocument });
    expect(await screen.findByText(documentScreenTexts.tier1First)).toBeTruthy();
    expect(screen.queryByTestId('document-front-input')).toBeNull();
  });

  it('asks for every picture, opens the right camera, and sends the three together with progress', async () => {
    const requests = FakeXhr.install();
    stubFetch(status(tier1), status({ ...tier1, document: documentRow('pending') }));
    const { user } = renderRoutes(routes, { path: paths.verificationDocument });
    const frontInput = await screen.findByTestId('document-front-input');
    expect(frontInput.getAttribute('capture')).toBe('environment');
    expect(screen.getByTestId('document-back-input').getAttribute('capture')).toBe('environment');
    expect(screen.getByTestId('document-selfie-input').getAttribute('capture')).toBe('user');

    await user.click(screen.getByRole('button', { name: documentScreenTexts.submit }));
    expect(await screen.findByText(documentMessages.frontRequired)).toBeTruthy();
    expect(screen.getByText(documentMessages.backRequired)).toBeTruthy();
    expect(screen.getByText(documentMessages.selfieRequired)).toBeTruthy();
    expect(requests).toHaveLength(0);

    const upload = userEvent.setup({ applyAccept: false });
    const photo = (name: string) => new File([new Uint8Array(2048)], name, { type: 'image/jpeg' });
    await upload.upload(frontInput, photo('front.jpg'));
    await upload.upload(screen.getByTestId('document-back-input'), photo('back.jpg'));
    await upload.upload(screen.getByTestId('document-selfie-input'), photo('selfie.jpg'));
    await waitFor(() => expect(screen.queryByLabelText('Preparing image')).toBeNull());
    await user.click(screen.getByRole('button', { name: documentScreenTexts.submit }));

    await waitFor(() => expect(requests).toHaveLength(1));
    const sent = requests[0] as FakeXhr;
    expect(sent.url).toBe('/api/profile/verification/document');
    const body = sent.body as FormData;
    expect(['front', 'back', 'selfie'].map((side) => (body.get(side) as File | null)?.name)).toEqual([
      'front.jpg',
      'back.jpg',
      'selfie.jpg',
    ]);
    sent.progress(512, 1024);
    expect(await screen.findByTestId('upload-progress')).toBeTruthy();
    sent.respond(200, { message: documentMessages.submitted, document: documentRow('pending') });
    expect(await screen.findByTestId('document-status')).toBeTruthy();
  });
});
