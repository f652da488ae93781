import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '@wise/shared';
import { paths } from '../../../../config/paths';
import { NOTIFICATIONS_REFETCH_MS } from '../../../../features/notifications/api/get-notifications';
import { renderRoutes, routeFetch } from '../../../../testing/render';
import { NotificationsRoute } from './notifications';

const routes = [{ path: paths.notifications, Component: NotificationsRoute }];

async function wait(ms: number) {
  for (const step of [ms, 50, 50]) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(step);
    });
  }
}

const message = (id: number, text: string, read: boolean): Notification => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  message: text,
  date_created: '2026-11-21T13:05:00.000Z',
  read,
});

describe('/homepage/notifications', () => {
  it('refreshes while open: a decision arriving shows up, is marked read, and earlier unread ones keep their dot for this visit', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const welcome = message(1, 'welcome to Wise', false);
    const rejected = message(2, 'Your Amazon · USA physical sale of ₦72,500.00 was rejected. Reason: The card has already been used.', false);
    let answer: Notification[] = [welcome];
    const calls = routeFetch({
      'GET /api/notifications': () => ({ status: 200, body: answer }),
      'POST /api/notifications/read': () => ({ status: 200, body: { unread_count: 0 } }),
    });
    renderRoutes(routes, { path: paths.notifications });
    await wait(0);
    expect(within(screen.getByTestId('notifications')).getByText('Welcome to Wise')).toBeTruthy();
    expect(calls.filter((c) => c === 'POST /api/notifications/read')).toHaveLength(1);

    // The server now has the first one read and a new one unread.
    answer = [rejected, { ...welcome, read: true }];
    await wait(NOTIFICATIONS_REFETCH_MS);
    const rows = within(screen.getByTestId('notifications')).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('was rejected. Reason: The card has already been used.');
    expect(rows.map((row) => row.getAttribute('data-unread'))).toEqual(['true', 'true']);
    expect(calls.filter((c) => c === 'POST /api/notifications/read')).toHaveLength(2);
  });
});
