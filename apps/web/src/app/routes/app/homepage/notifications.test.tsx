import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listTexts, NOTIFICATION_TOPICS, NOTIFICATIONS_PAGE_SIZE, type Notification } from '@wise/shared';
import { paths } from '#web/config/paths';
import { NOTIFICATIONS_REFETCH_MS } from '#web/features/notifications/api/get-notifications';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { NotificationsRoute } from './notifications';

const routes = [{ path: paths.notifications, Component: NotificationsRoute }];

async function wait(ms: number) {
  for (const step of [ms, 50, 50]) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(step);
    });
  }
}

const message = (id: number, text: string, read: boolean, transactionId: string | null = null): Notification => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  message: text,
  date_created: '2026-11-21T13:05:00.000Z',
  read,
  transaction_id: transactionId,
});

describe('/homepage/notifications', () => {
  it('refreshes while open: a decision arriving shows up, is marked read, and earlier unread ones keep their dot for this visit', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const welcome = message(1, 'welcome to Wise', false);
    const rejected = message(
      2,
      'Your Amazon · USA physical sale of ₦72,500.00 was rejected. Reason: The card has already been used.',
      false,
    );
    let answer: Notification[] = [welcome];
    const calls = routeFetch({
      [`GET /api/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}`]: () => ({
        status: 200,
        body: { notifications: answer, next_cursor: null },
      }),
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

/** A stand-in for the browser's IntersectionObserver: the test says when the list's end comes into view. */
class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>();
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    FakeIntersectionObserver.live.add(this);
  }
  disconnect() {
    FakeIntersectionObserver.live.delete(this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static scrollIntoView() {
    for (const observer of FakeIntersectionObserver.live) {
      observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
    }
  }
}

describe('/homepage/notifications rows', () => {
  it('opens the transaction a message is about; a plain notice is no link', async () => {
    vi.useRealTimers();
    const saleId = '11111111-2222-4333-8444-555555555555';
    routeFetch({
      [`GET /api/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}`]: () => ({
        status: 200,
        body: {
          notifications: [message(2, 'your Amazon sale has been paid', true, saleId), message(1, 'your PIN was set', true)],
          next_cursor: null,
        },
      }),
    });
    renderRoutes(routes, { path: paths.notifications });
    const list = await screen.findByTestId('notifications');
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe(`/homepage/history/${saleId}`);
    expect(links[0]?.textContent).toContain('Your Amazon sale has been paid');
    expect(within(list).getByText('Your PIN was set').closest('a')).toBeNull();
  });

  it('every kind of notice leads somewhere: each topic opens a screen of the app, a fired rate alert /rates', async () => {
    vi.useRealTimers();
    const notices = NOTIFICATION_TOPICS.map((topic, i) => ({ ...message(i, `notice about ${topic}`, true), topic }));
    routeFetch({
      [`GET /api/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}`]: () => ({
        status: 200,
        body: { notifications: notices, next_cursor: null },
      }),
    });
    renderRoutes(routes, { path: paths.notifications });
    const list = await screen.findByTestId('notifications');
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(NOTIFICATION_TOPICS.length);
    // A screen of the app's own route table (config/paths.ts), not an address made up here.
    const mounted = new Set<string>(Object.values(paths));
    for (const link of links) expect(mounted, `${link.textContent} → ${link.getAttribute('href')}`).toContain(link.getAttribute('href'));
    expect(within(list).getByText('Notice about rates').closest('a')?.getAttribute('href')).toBe(paths.rates);
  });
});

describe('/homepage/notifications older messages', () => {
  it('loads the next page when the end of the list scrolls into view, says so while loading, and stops at the last page', async () => {
    vi.useRealTimers();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const newer = Array.from({ length: 3 }, (_, i) => message(i + 1, `newer ${i + 1}`, true));
    const older = [message(7, 'older one', true)];
    let releaseOlder: () => void = () => undefined;
    const olderArrived = new Promise<void>((resolve) => {
      releaseOlder = resolve;
    });
    const calls = routeFetch({
      [`GET /api/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}`]: () => ({
        status: 200,
        body: { notifications: newer, next_cursor: 'c1' },
      }),
      [`GET /api/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}&cursor=c1`]: () => ({
        status: 200,
        body: { notifications: older, next_cursor: null },
      }),
    });
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('cursor=c1')) await olderArrived;
      return answer!(input, init);
    });
    renderRoutes(routes, { path: paths.notifications });
    const list = await screen.findByTestId('notifications');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // Reachable without scrolling too: a keyboard or screen-reader user has the button.
    expect(screen.getByRole('button', { name: listTexts.loadMore })).toBeTruthy();

    await act(async () => FakeIntersectionObserver.scrollIntoView());
    expect((await screen.findByRole('status')).textContent).toContain(listTexts.loadingMore);
    expect(screen.queryByRole('button', { name: listTexts.loadMore })).toBeNull();
    await act(async () => releaseOlder());
    expect(await screen.findByText('Older one')).toBeTruthy();
    expect(within(screen.getByTestId('notifications')).getAllByRole('listitem')).toHaveLength(4);
    expect(calls.filter((c) => c.includes('cursor=c1'))).toHaveLength(1);
    // The last page: nothing more to load, no button, no observer left watching.
    expect(screen.queryByTestId('load-more')).toBeNull();
    expect(FakeIntersectionObserver.live.size).toBe(0);
    vi.unstubAllGlobals();
  });
});
