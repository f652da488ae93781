import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { authStorage } from '../../../lib/auth-storage';
import { renderRoutes } from '../../../testing/render';
import { AppLayout } from './app-layout';
import { DashboardRoute } from './homepage/dashboard';

const routes = [
  { path: paths.home, element: <p>landing</p> },
  { Component: AppLayout, children: [{ path: paths.homepage, Component: DashboardRoute }] },
];

describe('authenticated group', () => {
  it('sends a logged-out visitor to /home', async () => {
    renderRoutes(routes, { path: paths.homepage });
    expect(await screen.findByText('landing')).toBeTruthy();
  });

  it('greets a logged-in customer by first name, with the bottom navigation', async () => {
    authStorage.signIn({ id: 'u1', full_name: 'Ada Chioma Obi' });
    renderRoutes(routes, { path: paths.homepage });
    expect(await screen.findByRole('heading', { name: 'Hi, Ada' })).toBeTruthy();
    const tabs = screen.getAllByRole('link').map((link) => link.textContent);
    expect(tabs).toEqual(['Home', 'Wallet', 'Earn', 'Support', 'Profile']);
  });
});
