import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, NOTIFICATIONS_PAGE_SIZE, type NotificationListResponse } from '@wise/shared';
import { createTestApp, get, post, type TestApp } from './support/app';
import { createCustomer, type TestUser } from './support/users';

/**
 * GET /api/notifications pages with a keyset cursor (docs/decisions.md §7b.4): every message is reachable, none
 * twice, in (created_at, id) order even where many share one instant, and a message arriving
 * between two pages does not shift the next one.
 */

let t: TestApp;
let ada: TestUser;
let bola: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ada = await createCustomer(t);
  bola = await createCustomer(t);
  // 75 messages: 30 of them at the very same microsecond, so only the id orders those.
  await t.database.query(
    `INSERT INTO notifications (user_id, message, created_at)
     SELECT $1, 'message ' || g, CASE WHEN g <= 30 THEN timestamptz '2026-03-01 10:00:00.123456+00'
                                     ELSE timestamptz '2026-03-01 10:00:00+00' + g * interval '1 second' END
     FROM generate_series(1, 75) g`,
    [ada.id],
  );
  await t.database.query(`INSERT INTO notifications (user_id, message) VALUES ($1, 'not yours')`, [bola.id]);
});

afterAll(async () => {
  await t?.close();
});

const page = async (user: TestUser, query = '') => {
  const response = await get(t.app, `/api/notifications${query}`, user.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationListResponse>();
};

describe('GET /api/notifications pages', () => {
  it('walks every message once, newest first, pages of the default size and a null cursor at the end', async () => {
    const seen: NotificationListResponse['notifications'] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const answer: NotificationListResponse = await page(ada, cursor ? `?cursor=${cursor}` : '');
      sizes.push(answer.notifications.length);
      seen.push(...answer.notifications);
      cursor = answer.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE, 75 - 2 * NOTIFICATIONS_PAGE_SIZE]);
    expect(new Set(seen.map((n) => n.id)).size).toBe(75);
    expect(seen.map((n) => n.message)).not.toContain('not yours');
    const order = seen.map((n) => [n.date_created, n.id] as const);
    const sorted = [...order].sort((a, b) => (a[0] !== b[0] ? (a[0] < b[0] ? 1 : -1) : a[1] < b[1] ? 1 : -1));
    expect(order).toEqual(sorted);
  });

  it('keeps its place when a message arrives between pages, and takes a smaller limit', async () => {
    const first = await page(ada, '?limit=10');
    expect(first.notifications).toHaveLength(10);
    await t.database.query(`INSERT INTO notifications (user_id, message) VALUES ($1, 'brand new')`, [ada.id]);
    const second = await page(ada, `?limit=10&cursor=${first.next_cursor}`);
    expect(second.notifications.map((n) => n.message)).not.toContain('brand new');
    expect(second.notifications[0]?.id).not.toBe(first.notifications[9]?.id);
    expect((await page(ada, '?limit=1')).notifications[0]?.message).toBe('brand new');
  });

  it('refuses a cursor or limit it did not make with a 400, never a 500', async () => {
    const forged = ['not-ours', Buffer.from('2026-13-45T99:00:00.000000Z|00000000-0000-4000-8000-000000000000').toString('base64url')];
    for (const cursor of forged) {
      const response = await get(t.app, `/api/notifications?cursor=${cursor}`, ada.cookie);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json(), cursor).toMatchObject({ code: 'VALIDATION', fields: { cursor: fieldMessages.invalidEntry } });
    }
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'cursor=a%20b']) {
      expect((await get(t.app, `/api/notifications?${query}`, ada.cookie)).statusCode, query).toBe(400);
    }
  });

  it('marking read still reaches every page, older ones not loaded yet included', async () => {
    expect((await post(t.app, '/api/notifications/read', {}, ada.cookie)).json()).toEqual({ unread_count: 0 });
    const [{ n }] = (await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL',
      [ada.id],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});
