import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SPLASH_MS } from '@wise/shared';
import { paths } from '#web/config/paths';
import { renderRoutes } from '#web/testing/render';
import { SplashRoute } from './splash';

describe('splash', () => {
  it('goes to /home after 3000 ms, not before', async () => {
    vi.useFakeTimers();
    const { router } = renderRoutes([
      { path: paths.splash, Component: SplashRoute },
      { path: paths.home, element: <p>landing</p> },
    ]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SPLASH_MS - 1);
    });
    expect(router.state.location.pathname).toBe('/');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByText('landing')).toBeTruthy();
  });
});
