import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, type TestApp } from './support/app';
import { createCustomer } from './support/users';

const DAY_MS = 24 * 60 * 60 * 1000;
const clock = new ManualClock('2026-03-02T08:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

const setCookieOf = (headers: Record<string, unknown>) => [headers['set-cookie'] ?? []].flat().join('\n');

describe('sessions', () => {
  it('expire 30 days after the last refresh: then every private route answers 401', async () => {
    const user = await createCustomer(t);
    clock.advance(10 * DAY_MS);
    expect((await get(t.app, '/api/dashboard', user.cookie)).statusCode).toBe(200);
    clock.advance(20 * DAY_MS + 1000);
    const expired = await get(t.app, '/api/dashboard', user.cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('slide forward once past half their life, and the cookie is re-sent with a fresh lifetime', async () => {
    const user = await createCustomer(t);
    clock.advance(5 * DAY_MS);
    const early = await get(t.app, '/api/dashboard', user.cookie);
    expect(setCookieOf(early.headers)).not.toContain('wise_session');

    clock.advance(11 * DAY_MS); // 16 days in: past half of 30
    const refreshed = await get(t.app, '/api/dashboard', user.cookie);
    expect(refreshed.statusCode).toBe(200);
    expect(setCookieOf(refreshed.headers)).toMatch(/wise_session=.*Max-Age=2592000/);
    const [row] = await t.database.query<{ expires_at: Date }>('SELECT expires_at FROM sessions WHERE user_id = $1', [user.id]);
    expect(new Date(row!.expires_at).getTime()).toBe(clock.now().getTime() + 30 * DAY_MS);

    clock.advance(25 * DAY_MS); // 41 days after login, 25 after the refresh
    expect((await get(t.app, '/api/dashboard', user.cookie)).statusCode).toBe(200);
  });

  it('end at logout: the old cookie is refused afterwards', async () => {
    const user = await createCustomer(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: user.cookie } });
    expect(out.statusCode).toBe(200);
    expect((await get(t.app, '/api/dashboard', user.cookie)).statusCode).toBe(401);
  });
});
