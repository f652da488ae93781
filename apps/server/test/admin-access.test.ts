import cookie from '@fastify/cookie';
import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../src/plugins/sessions';
import sessions from '../src/plugins/sessions';
import staffSessions from '../src/plugins/staff-sessions';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, post, type TestApp } from './support/app';
import { createStaff, staffCookie, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * The staff access matrix, generated from the app's own route catalogue (docs/decisions.md §8):
 * every /api/admin route refuses a caller without a staff session and a customer's session; an
 * admin route refuses a reviewer; and a staff session never acts as a customer on any customer
 * route. A route added later is covered without anyone listing it here.
 */
let t: TestApp;
const clock = new ManualClock('2026-03-02T08:00:00Z');
let admin: TestStaff;
let reviewer: TestStaff;
let customer: TestUser;

/** The second-factor routes: reached by a session between the password and the code, not after. */
const passwordStageRoutes = [
  'GET /api/admin/auth/enrolment',
  'POST /api/admin/auth/enrolment',
  'POST /api/admin/auth/verify',
  // A passkey instead of the code (docs/features.md, "Staff passkeys").
  'POST /api/admin/auth/passkeys/login/options',
  'POST /api/admin/auth/passkeys/login',
];
/** Reachable while a one-time password still has to be changed. */
const beforePasswordChange = ['GET /api/admin/auth/me', 'POST /api/admin/auth/password', 'POST /api/admin/auth/logout'];

interface Endpoint {
  route: ApiRoute;
  name: string;
  url: string;
}

const UUID = '00000000-0000-4000-8000-000000000000';
const endpoint = (route: ApiRoute): Endpoint => ({
  route,
  name: `${route.method} ${route.url}`,
  // Path parameters get a well-formed value; the guards answer before the handler looks.
  url: route.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'name' ? `${'a'.repeat(32)}.webp` : name === 'position' ? '1' : UUID)),
});

const isAdminUrl = (url: string) => url === '/api/admin' || url.startsWith('/api/admin/');
const staffEndpoints = () => t.app.apiRoutes.filter((r) => isAdminUrl(r.url) && !r.public).map(endpoint);
const customerEndpoints = () =>
  t.app.apiRoutes.filter((r) => !isAdminUrl(r.url) && !r.public && !r.url.startsWith('/api/docs')).map(endpoint);

function call(target: Endpoint, cookieHeader?: string) {
  const method = target.route.method as InjectOptions['method'];
  const payload = target.route.method === 'GET' || target.route.method === 'DELETE' ? undefined : {};
  return t.app.inject({ method, url: target.url, payload, headers: cookieHeader ? { cookie: cookieHeader } : {} });
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createStaff(t, { role: 'admin' });
  reviewer = await createStaff(t, { role: 'reviewer' });
  customer = await createCustomer(t);
});
afterAll(async () => {
  await t.close();
});

describe('the staff route catalogue', () => {
  it('every /api/admin route declares a staff role; only the sign-in is public', () => {
    const admins = t.app.apiRoutes.filter((r) => isAdminUrl(r.url));
    // The sign-in, and a staff invitation's link (its single-use token is the only key).
    expect(
      admins
        .filter((r) => r.public)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(['POST /api/admin/auth/invitation', 'POST /api/admin/auth/invitation/check', 'POST /api/admin/auth/login']);
    for (const route of admins.filter((r) => !r.public))
      expect(['reviewer', 'admin'], `${route.method} ${route.url}`).toContain(route.staff);
    // Customer routes never carry a staff role.
    expect(t.app.apiRoutes.filter((r) => !isAdminUrl(r.url) && r.staff !== undefined)).toEqual([]);
    const names = staffEndpoints().map((e) => e.name);
    for (const expected of [
      'GET /api/admin/auth/me',
      'GET /api/admin/staff',
      'POST /api/admin/staff',
      'PATCH /api/admin/staff/:id',
      'POST /api/admin/staff/:id/reset',
    ]) {
      expect(names).toContain(expected);
    }
  });
});

describe('without a staff session', () => {
  it('every staff route → 401', async () => {
    for (const target of staffEndpoints()) {
      const response = await call(target);
      expect(response.statusCode, target.name).toBe(401);
      expect(response.json(), target.name).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it("a customer's session → 401 on every staff route (under either cookie name)", async () => {
    const forged = customer.cookie.replace('wise_session=', 'wise_staff=');
    for (const target of staffEndpoints()) {
      for (const cookieHeader of [customer.cookie, forged]) {
        const response = await call(target, cookieHeader);
        expect(response.statusCode, `${target.name} with ${cookieHeader.split('=')[0]}`).toBe(401);
      }
    }
  });

  it('a session that has not given the second factor → 401 everywhere but the second-factor routes', async () => {
    const halfway = staffCookie(await post(t.app, '/api/admin/auth/login', { email: reviewer.email, password: reviewer.password }));
    for (const target of staffEndpoints()) {
      if (passwordStageRoutes.includes(target.name) || target.name === 'POST /api/admin/auth/logout') continue;
      expect((await call(target, halfway)).statusCode, target.name).toBe(401);
    }
  });
});

describe('roles', () => {
  it('a reviewer → 403 on every admin route', async () => {
    const adminOnly = staffEndpoints().filter((e) => e.route.staff === 'admin');
    expect(adminOnly.length).toBeGreaterThanOrEqual(4);
    for (const target of adminOnly) {
      const response = await call(target, reviewer.cookie);
      expect(response.statusCode, target.name).toBe(403);
      expect(response.json(), target.name).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('each role passes the guard of every route it may use (whatever the handler then answers)', async () => {
    const reachable = staffEndpoints().filter((e) => !passwordStageRoutes.includes(e.name) && e.name !== 'POST /api/admin/auth/logout');
    for (const [who, staff] of [
      ['admin', admin],
      ['reviewer', reviewer],
    ] as const) {
      for (const target of reachable.filter((e) => who === 'admin' || e.route.staff === 'reviewer')) {
        const response = await call(target, staff.cookie);
        expect(response.statusCode, `${who}: ${target.name}`).not.toBe(401);
        expect(['FORBIDDEN', 'PASSWORD_CHANGE_REQUIRED'], `${who}: ${target.name} → ${response.body}`).not.toContain(
          response.json<{ code?: string }>().code,
        );
      }
    }
  });

  it('a staff member who must change their password → 403 PASSWORD_CHANGE_REQUIRED except me, password and logout', async () => {
    const newcomer = await createStaff(t, { role: 'admin' });
    await t.database.query('UPDATE staff SET must_change_password = true WHERE id = $1', [newcomer.id]);
    for (const target of staffEndpoints()) {
      if (passwordStageRoutes.includes(target.name) || beforePasswordChange.includes(target.name)) continue;
      const response = await call(target, newcomer.cookie);
      expect(response.statusCode, target.name).toBe(403);
      expect(response.json(), target.name).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    }
    expect(
      (await call(endpoint({ method: 'GET', url: '/api/admin/auth/me', public: false, staff: 'reviewer' }), newcomer.cookie)).statusCode,
    ).toBe(200);
  });
});

describe('a staff session on the customer side', () => {
  it('→ 401 on every customer route: a staff session never acts as a customer', async () => {
    const targets = customerEndpoints();
    expect(targets.length).toBeGreaterThan(30);
    const asSession = admin.cookie.replace('wise_staff=', 'wise_session=');
    for (const target of targets) {
      for (const cookieHeader of [admin.cookie, asSession]) {
        const response = await call(target, cookieHeader);
        expect(response.statusCode, `${target.name} with ${cookieHeader.split('=')[0]}`).toBe(401);
        expect(response.json(), target.name).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
    }
  });
});

describe('fail closed', () => {
  type Register = (app: ReturnType<typeof Fastify>) => void;
  async function appWith(register: Register) {
    const app = Fastify({ logger: false });
    await app.register(cookie);
    const db = t.database.db;
    await app.register(sessions, { db, clock, secureCookies: false });
    await app.register(staffSessions, { db, clock, secureCookies: false, idleMinutes: 30 });
    register(app);
    await app.ready();
    return app;
  }

  it('an /api/admin route without config.staff (or public) stops the app from starting', async () => {
    await expect(appWith((a) => a.get('/api/admin/forgotten', async () => ({ ok: true })))).rejects.toThrow(/declares config\.staff/);
  });

  it('so does a misspelt role, a staff route outside /api/admin, or one both public and staff', async () => {
    const cases: [string, Register][] = [
      ['must be one of', (a) => a.get('/api/admin/x', { config: { staff: 'root' as 'admin' } }, async () => ({}))],
      ['live under /api/admin', (a) => a.get('/api/x', { config: { staff: 'admin' } }, async () => ({}))],
      ['either public or for staff', (a) => a.get('/api/admin/x', { config: { staff: 'admin', public: true } }, async () => ({}))],
    ];
    for (const [message, register] of cases) await expect(appWith(register), message).rejects.toThrow(message);
  });

  it('a declared route starts', async () => {
    const app = await appWith((a) => a.get('/api/admin/fine', { config: { staff: 'reviewer' } }, async () => ({ ok: true })));
    expect((await app.inject({ method: 'GET', url: '/api/admin/fine', headers: { cookie: reviewer.cookie } })).json()).toEqual({
      ok: true,
    });
    expect((await app.inject({ method: 'GET', url: '/api/admin/fine' })).statusCode).toBe(401);
    await app.close();
  });
});
