import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { authStorage } from '../../../lib/auth-storage';
import { renderRoutes } from '../../../testing/render';
import { AppLayout } from './app-layout';

const routes = [
  { path: paths.home, element: <p>landing</p> },
  {
    Component: AppLayout,
    children: [
      { path: paths.homepage, element: <h1>dashboard</h1> },
      { path: paths.profile, element: <h1>profile</h1> },
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
});
