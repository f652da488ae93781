import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GEM_REWARD_BY_DAY, gemMessages, STORAGE_KEYS, type GemCollectionResponse } from '@wise/shared';
import { paths } from '#web/config/paths';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { EarnRoute } from './earn';
import { EarnSuccessRoute } from './earn-success';

/** Wednesday 2026-03-04, 23:59:57 in Africa/Lagos (UTC+1). */
const NOW = Date.parse('2026-03-04T22:59:57Z');
const MIDNIGHT = '2026-03-04T23:00:00.000Z';

function collection(overrides: Partial<GemCollectionResponse> & { collectedDays?: number[] }): GemCollectionResponse {
  const collectedDays = overrides.collectedDays ?? [];
  const { collectedDays: _ignored, ...rest } = overrides;
  return {
    collection_status: Object.fromEntries(collectedDays.map((d) => [String(d), 'collected'])),
    days: ([1, 2, 3, 4, 5, 6, 7] as const).map((day) => ({ day, amount: GEM_REWARD_BY_DAY[day], collected: collectedDays.includes(day) })),
    today: 3,
    collected_today: collectedDays.includes(3),
    next_reset_at: MIDNIGHT,
    server_time: new Date(Date.now()).toISOString(),
    time_zone: 'Africa/Lagos',
    ...rest,
  };
}

const routes = [
  { path: paths.earn, Component: EarnRoute },
  { path: paths.earnSuccess, Component: EarnSuccessRoute },
];

const tick = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/**
 * Retries an assertion while flushing promises, without moving the fake clock (Testing Library's
 * waitFor/findBy poll on timers, which are fake here).
 */
async function settle<T>(assertion: () => T): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      return assertion();
    } catch (error) {
      lastError = error;
      await tick(0);
    }
  }
  throw lastError;
}

describe('/earn', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down every second after today’s collection and unlocks at midnight without a reload', async () => {
    let dayOver = false;
    const calls = routeFetch({
      'GET /api/gems/balance': () => ({ status: 200, body: { total_points: 40 } }),
      'GET /api/gems/collection': () => ({
        status: 200,
        body: dayOver
          ? collection({ today: 4, collectedDays: [3], collected_today: false, next_reset_at: '2026-03-05T23:00:00.000Z' })
          : collection({ collectedDays: [1, 3] }),
      }),
    });
    renderRoutes(routes, { path: paths.earn });
    const locked = await settle(() => screen.getByRole('button', { name: 'Come back in 00:00:03' }));
    expect((locked as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('gem-day-1').dataset.state).toBe('collected');
    expect(screen.getByTestId('gem-day-2').dataset.state).toBe('missed');
    expect(screen.getByTestId('gem-day-3').dataset.state).toBe('collected');
    expect(screen.getByTestId('gem-day-7').dataset.state).toBe('upcoming');
    expect(screen.getByTestId('gem-day-7').textContent).toContain('+50');

    await tick(1000);
    expect(screen.getByRole('button', { name: 'Come back in 00:00:02' })).toBeTruthy();
    await tick(1000);
    expect(screen.getByRole('button', { name: 'Come back in 00:00:01' })).toBeTruthy();

    dayOver = true;
    await tick(1000); // 00:00:00 in Lagos: the screen asks the server again
    // Until the server confirms the new day the button reads 'Collect Wise Gems' but stays disabled.
    await settle(() => expect((screen.getByRole('button', { name: gemMessages.collectButton }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByTestId('gem-day-4').dataset.state).toBe('today');
    expect(calls.filter((c) => c === 'GET /api/gems/collection').length).toBeGreaterThanOrEqual(2);
  });

  it('uses the server clock, not a phone clock that is an hour fast', async () => {
    routeFetch({
      'GET /api/gems/balance': () => ({ status: 200, body: { total_points: 0 } }),
      'GET /api/gems/collection': () => ({
        status: 200,
        body: collection({ collectedDays: [3], server_time: new Date(NOW - 3600_000).toISOString(), next_reset_at: MIDNIGHT }),
      }),
    });
    renderRoutes(routes, { path: paths.earn });
    // The server says 22:59:57 in Lagos: 1 h 0 min 3 s to go, whatever this device believes.
    await settle(() => screen.getByRole('button', { name: 'Come back in 01:00:03' }));
  });

  it('collects, stores today’s weekday under `day` and shows the success screen', async () => {
    let collected = false;
    routeFetch({
      'GET /api/gems/balance': () => ({ status: 200, body: { total_points: collected ? 50 : 40 } }),
      'GET /api/gems/collection': () => ({ status: 200, body: collection({ collectedDays: collected ? [3] : [] }) }),
      'POST /api/gems/collect': () => {
        collected = true;
        return { status: 200, body: { status: 'success', message: gemMessages.collected, day: 3, points: 10, total_points: 50 } };
      },
    });
    const { router } = renderRoutes(routes, { path: paths.earn });
    const button = await settle(() => screen.getByRole('button', { name: gemMessages.collectButton }));
    await act(async () => {
      button.click();
      await vi.advanceTimersByTimeAsync(0);
    });
    await settle(() => expect(router.state.location.pathname).toBe(paths.earnSuccess));
    await settle(() => screen.getByRole('heading', { name: gemMessages.collected }));
    expect(localStorage.getItem(STORAGE_KEYS.day)).toBe('3');
    expect(screen.getByRole('heading', { name: gemMessages.collected })).toBeTruthy();
    expect(screen.getByText('+10 gems')).toBeTruthy();
    expect(screen.getByText('50 gems')).toBeTruthy();
  });

  it('shows the server message as a toast when the server refuses', async () => {
    routeFetch({
      'GET /api/gems/balance': () => ({ status: 200, body: { total_points: 10 } }),
      'GET /api/gems/collection': () => ({ status: 200, body: collection({}) }),
      'POST /api/gems/collect': () => ({ status: 409, body: { error: gemMessages.alreadyCollected, code: 'GEMS_ALREADY_COLLECTED' } }),
    });
    const { router } = renderRoutes(routes, { path: paths.earn });
    const button = await settle(() => screen.getByRole('button', { name: gemMessages.collectButton }));
    await act(async () => {
      button.click();
      await vi.advanceTimersByTimeAsync(0);
    });
    await settle(() => screen.getByText(gemMessages.alreadyCollected));
    expect(router.state.location.pathname).toBe(paths.earn);
    expect(localStorage.getItem(STORAGE_KEYS.day)).toBeNull();
  });
});
