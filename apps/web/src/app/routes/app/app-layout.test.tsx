import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateTime } from '#web/components/ui/date-time';
import { paths } from '#web/config/paths';
import { authStorage } from '#web/lib/auth-storage';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { AppLayout } from './app-layout';

const routes = [
  { path: paths.home, element: <p>landing</p> },
  {
    Component: AppLayout,
    children: [
      { path: paths.homepage, element: <h1>dashboard</h1> },
      { path: paths.profile, element: <h1>profile</h1> },
      { path: paths.notifications, element: <DateTime iso="2026-11-21T13:05:00Z" /> },
    ],
  },
];

describe('authenticated group', () => {
  it('sends a logged-out visitor to /home', async () => {
    renderRoutes(routes, { path: paths.homepage });
    expect(await screen.findByText('landing')).toBeTruthy();
    expect(screen.queryByText('dashboard')).toBeNull();
  });

  it('shows a logged-in customer the screen with the bottom navigation, current tab marked', async () => {
    authStorage.signIn({ id: 'u1', full_name: 'Ada Chioma Obi' });
    renderRoutes(routes, { path: paths.profile });
    expect(await screen.findByRole('heading', { name: 'profile' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const tabs = within(nav).getAllByRole('link');
    expect(tabs.map((link) => link.textContent)).toEqual(['Home', 'Wallet', 'Earn', 'Support', 'Profile']);
    expect(tabs.map((link) => link.getAttribute('href'))).toEqual([
      paths.homepage,
      paths.account,
      paths.earn,
      paths.support,
      paths.profile,
    ]);
    const current = tabs.filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Profile']);
  });

  it('writes dates in the time zone the server names, with a placeholder until it has', async () => {
    authStorage.signIn({ id: 'u1', full_name: 'Ada Chioma Obi' });
    const calls = routeFetch({ 'GET /api/app-info': () => ({ status: 200, body: { time_zone: 'America/New_York' } }) });
    const { container } = renderRoutes(routes, { path: paths.notifications, timeZone: null });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(container.querySelector('time')?.getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByText('21 Nov 2026, 08:05')).toBeTruthy();
    expect(calls).toEqual(['GET /api/app-info']);
  });

  it('falls back to the business default zone only when the server cannot say', async () => {
    authStorage.signIn({ id: 'u1', full_name: 'Ada Chioma Obi' });
    routeFetch({ 'GET /api/app-info': () => ({ status: 503, body: { error: 'Service unavailable' } }) });
    renderRoutes(routes, { path: paths.notifications, timeZone: null });
    expect(await screen.findByText('21 Nov 2026, 14:05')).toBeTruthy();
  });

  it('refuses a zone this browser cannot format rather than breaking the screen', async () => {
    authStorage.signIn({ id: 'u1', full_name: 'Ada Chioma Obi' });
    routeFetch({ 'GET /api/app-info': () => ({ status: 200, body: { time_zone: 'Mars/Olympus_Mons' } }) });
    renderRoutes(routes, { path: paths.notifications, timeZone: null });
    expect(await screen.findByText('21 Nov 2026, 14:05')).toBeTruthy();
  });
});
