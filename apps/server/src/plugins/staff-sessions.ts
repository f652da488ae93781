import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorCodes } from '@wise/shared';
import { staffAuthMessages, staffErrorCodes } from '@wise/shared/admin';
import type { Db } from '../db/client';
import { staffRoles, type StaffRole } from '@wise/shared/admin';
import { DomainError, forbidden } from '../domain/errors';
import type { StaffPrincipal } from '../domain/staff/principal';
import {
  createStaffSession,
  deleteStaffSession,
  findStaffSession,
  type FoundStaffSession,
  type StaffSessionSettings,
  type StaffSessionStage,
} from '../domain/staff/sessions';
import type { Clock } from '../lib/clock';

export const STAFF_COOKIE = 'wise_staff';
/** The browser sends the staff cookie to the back office's API only, never to the customer's. */
export const STAFF_COOKIE_PATH = '/api/admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The staff role an /api/admin route needs: 'reviewer' = any signed-in staff member, 'admin' =
     * admins only. Every /api/admin route declares it (or `public`), or the app refuses to start.
     */
    staff?: StaffRole;
    /**
     * Which session stage reaches the route: 'verified' (default: password and second factor),
     * 'password' (only the second-factor routes, before it is given) or 'any' (sign out).
     */
    staffStage?: 'verified' | 'password' | 'any';
    /** Reachable while the staff member must still change a password someone else chose. */
    staffPasswordChange?: boolean;
  }
  interface FastifyRequest {
    staffSession?: FoundStaffSession;
  }
  interface FastifyInstance {
    startStaffSession: (reply: FastifyReply, staffId: string, stage: StaffSessionStage, previous?: string) => Promise<void>;
    endStaffSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

interface StaffSessionOptions {
  db: Db;
  clock: Clock;
  secureCookies: boolean;
  idleMinutes: number;
}

const isAdminUrl = (url: string) => url === STAFF_COOKIE_PATH || url.startsWith(`${STAFF_COOKIE_PATH}/`);

export const staffUnauthenticated = () => new DomainError(errorCodes.unauthenticated, staffAuthMessages.unauthenticated, 401);

/** The signed-in staff member, for any handler of a route declaring `config.staff`. */
export function currentStaff(request: FastifyRequest): StaffPrincipal {
  if (!request.staffSession) throw staffUnauthenticated();
  return request.staffSession.staff;
}

/** The session itself (its stage and hash), for the sign-in routes. */
export function currentStaffSession(request: FastifyRequest): FoundStaffSession {
  if (!request.staffSession) throw staffUnauthenticated();
  return request.staffSession;
}

/**
 * Staff sessions (docs/decisions.md §8), apart from the customers' in every way: their own table, their own
 * cookie on their own path, their own guard. The customers' guard (plugins/sessions.ts) skips any
 * route declaring `config.staff`, and this one reads only the staff cookie, so neither session can
 * ever act as the other.
 */
async function staffSessionsPlugin(app: FastifyInstance, options: StaffSessionOptions) {
  const { db, clock } = options;
  const settings: StaffSessionSettings = { idleMs: options.idleMinutes * 60_000 };
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: options.secureCookies,
    path: STAFF_COOKIE_PATH,
  };

  app.decorateRequest('staffSession', undefined);

  // Fail closed: an /api/admin route that forgot to say who may call it stops the app from starting,
  // instead of falling to the customers' guard (where any customer would reach it).
  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    const where = `${String(route.method)} ${route.url}`;
    if (config.staff !== undefined && !staffRoles.includes(config.staff)) {
      throw new Error(`${where}: config.staff must be one of ${staffRoles.join(', ')}`);
    }
    if (config.staff !== undefined && config.public === true) throw new Error(`${where}: a route is either public or for staff, not both`);
    if (config.staff !== undefined && !isAdminUrl(route.url)) throw new Error(`${where}: staff routes live under ${STAFF_COOKIE_PATH}`);
    if (isAdminUrl(route.url) && config.staff === undefined && config.public !== true) {
      throw new Error(`${where}: every ${STAFF_COOKIE_PATH} route declares config.staff ('reviewer' or 'admin') or config.public`);
    }
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    const role = config.staff;
    if (role === undefined) return;
    const token = request.cookies[STAFF_COOKIE];
    const found = token ? await findStaffSession(db, clock, settings, token) : undefined;
    if (!found) throw staffUnauthenticated();
    const stage = config.staffStage ?? 'verified';
    // A session still owing its second factor reaches only the second-factor routes.
    if (stage !== 'any' && found.stage !== stage) throw staffUnauthenticated();
    request.staffSession = found;
    if (found.stage === 'verified' && found.mustChangePassword && config.staffPasswordChange !== true) {
      throw new DomainError(staffErrorCodes.passwordChangeRequired, staffAuthMessages.passwordChangeRequired, 403);
    }
    if (role === 'admin' && found.staff.role !== 'admin') throw forbidden();
  });

  app.decorate('startStaffSession', async (reply: FastifyReply, staffId: string, stage: StaffSessionStage, previous?: string) => {
    // Rotation: a new stage gets a new token, so a cookie seen before the second factor is worthless after it.
    if (previous) await deleteStaffSession(db, previous);
    const token = await createStaffSession(db, clock, settings, staffId, stage);
    reply.setCookie(STAFF_COOKIE, token, cookieOptions);
  });

  app.decorate('endStaffSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[STAFF_COOKIE];
    if (token) await deleteStaffSession(db, token);
    reply.clearCookie(STAFF_COOKIE, cookieOptions);
  });
}

export default fp(staffSessionsPlugin, { name: 'staff-sessions', dependencies: ['@fastify/cookie'] });
