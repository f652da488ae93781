import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileMessages, profileScreenTexts, VERIFICATION_PATH, type PayoutLimits } from '@wise/shared';
import { paths } from '#web/config/paths';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { ProfileRoute } from './profile';

const routes = [{ path: paths.profile, Component: ProfileRoute }];
const profile = {
  full_name: 'Ada Obi',
  phone: '+2348031234567',
  email: 'ada@example.com',
  gender: null,
  address: null,
  date_of_birth: null as string | null,
  photo: '',
  language: 'en',
  identity_locked: false,
};

function open(limits: PayoutLimits, body: typeof profile = profile) {
  routeFetch({
    'GET /api/profile': () => ({ status: 200, body }),
    'GET /api/profile/limits': () => ({ status: 200, body: limits }),
  });
  renderRoutes(routes, { path: paths.profile });
}

describe('/profile selling limit', () => {
  it('shows tier 0, the daily limit, what is used today and left, the total before verification, and the way up', async () => {
    open({
      tier: 0,
      daily_limit_kobo: 10_000_000,
      used_today_kobo: 5_900_000,
      pending_kobo: 2_950_000,
      remaining_today_kobo: 1_150_000,
      total_limit_kobo: 30_000_000,
      used_total_kobo: 11_800_000,
    });
    const card = await screen.findByTestId('selling-limit');
    expect(within(card).getByText('Tier 0')).toBeTruthy();
    expect(within(card).getByText('E-mail verified')).toBeTruthy();
    expect(within(card).getByTestId('daily-limit').textContent).toBe('₦100,000.00');
    expect(within(card).getByTestId('used-today').textContent).toBe('₦59,000.00');
    expect(within(card).getByTestId('left-today').textContent).toBe('₦11,500.00');
    expect(within(card).getByText('₦29,500.00 waiting for review counts towards your limit.')).toBeTruthy();
    expect(within(card).getByTestId('total-limit').textContent).toBe('₦300,000.00');
    expect(within(card).getByTestId('used-total').textContent).toBe('₦118,000.00');
    expect(within(card).getByRole('meter', { name: 'Used today' }).getAttribute('aria-valuenow')).toBe('89');
    expect(within(card).getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe(VERIFICATION_PATH);
  });

  it('at tier 2 shows no total and no verification link', async () => {
    open({
      tier: 2,
      daily_limit_kobo: 1_000_000_000,
      used_today_kobo: 0,
      pending_kobo: 0,
      remaining_today_kobo: 1_000_000_000,
      total_limit_kobo: null,
      used_total_kobo: null,
    });
    const card = await screen.findByTestId('selling-limit');
    expect(within(card).getByText('ID document and selfie verified')).toBeTruthy();
    expect(within(card).getByTestId('daily-limit').textContent).toBe('₦10,000,000.00');
    expect(within(card).queryByTestId('total-limit')).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Verify your identity' })).toBeNull();
  });
});

describe('/profile once a BVN or NIN is verified', () => {
  const limits: PayoutLimits = {
    tier: 1,
    daily_limit_kobo: 50_000_000,
    used_today_kobo: 0,
    pending_kobo: 0,
    remaining_today_kobo: 50_000_000,
    total_limit_kobo: null,
    used_total_kobo: null,
  };

  it('shows the name and date of birth read-only, says why, and links to the way to change them', async () => {
    open(limits, { ...profile, date_of_birth: '1994-02-10', identity_locked: true });
    const details = await screen.findByTestId('profile-details');
    const locked = within(details).getAllByTestId('profile-locked-row');
    expect(locked.map((row) => row.getAttribute('aria-label'))).toEqual([
      profileScreenTexts.lockedRowLabel('Full name', 'Ada Obi'),
      profileScreenTexts.lockedRowLabel('Date of birth', '10 February 1994'),
    ]);
    expect(within(details).queryByRole('link', { name: /^Full name/ })).toBeNull();
    expect(within(details).getByRole('link', { name: /^Address/ })).toBeTruthy();
    const note = screen.getByTestId('profile-locked-note');
    expect(note.textContent).toContain(profileMessages.lockedHint);
    expect(within(note).getByRole('link', { name: profileMessages.lockedHowToChange }).getAttribute('href')).toBe(VERIFICATION_PATH);
  });

  it('lets an unverified customer modify both', async () => {
    open(limits);
    const details = await screen.findByTestId('profile-details');
    expect(within(details).queryAllByTestId('profile-locked-row')).toEqual([]);
    expect(within(details).getByRole('link', { name: /^Full name/ })).toBeTruthy();
    expect(screen.queryByTestId('profile-locked-note')).toBeNull();
  });
});
