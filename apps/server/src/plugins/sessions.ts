import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authMessages, errorCodes } from '@wise/shared';
import type { Db } from '../db/client';
import { DomainError, forbidden } from '../domain/errors';
import { createSession, deleteSession, findSession, SESSION_TTL_MS, type SessionPrincipal } from '../domain/auth/sessions';
import type { Clock } from '../lib/clock';
import { sha256 } from '../lib/secrets';

export const SESSION_COOKIE = 'wise_session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declares an /api route reachable without a session. Every other /api route needs one. */
    public?: boolean;
  }
  interface FastifyRequest {
    principal?: SessionPrincipal;
  }
  interface FastifyInstance {
    /** Every /api route and whether it is public: the access-matrix tests are generated from it. */
    apiRoutes: ApiRoute[];
    /** Starts a session and answers its hash (the key the re-authentication window is bound to). */
    startSession: (reply: FastifyReply, userId: string, previous?: string) => Promise<string>;
    endSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
  /** The staff role a back-office route needs (plugins/staff-sessions.ts); undefined for customer routes. */
  staff: 'reviewer' | 'admin' | undefined;
}

/** The API lives under /api; the web app, health checks and docs assets are outside the session guard. */
const isApiUrl = (url: string | undefined) => url !== undefined && url.startsWith('/api/');

interface SessionOptions {
  db: Db;
  clock: Clock;
  secureCookies: boolean;
}

const unauthenticated = () => new DomainError(errorCodes.unauthenticated, authMessages.sessionExpired, 401);

/** The id the original calls carry (`user_id`), wherever a client put it. */
function claimedUserId(request: FastifyRequest): unknown {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.user_id;
  const body = request.body;
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).user_id : undefined;
  return fromQuery ?? fromBody;
}

/** The logged-in customer, for any /api handler not declared public. */
export function currentUser(request: FastifyRequest): SessionPrincipal['user'] {
  if (!request.principal) throw unauthenticated();
  return request.principal.user;
}

async function sessionsPlugin(app: FastifyInstance, options: SessionOptions) {
  const { db, clock } = options;
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secureCookies,
    path: '/',
  };

  app.decorateRequest('principal', undefined);
  app.decorate('apiRoutes', [] as ApiRoute[]);

  // Private unless declared public: a route added anywhere under /api is guarded without anyone
  // remembering to ask for it, and the catalogue lets tests cover it the same way.
  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      // Read when asked: hooks of inner scopes (the docs) may declare the route public after us.
      app.apiRoutes.push({
        method,
        url: route.url,
        get public() {
          return route.config?.public === true;
        },
        get staff() {
          return route.config?.staff;
        },
      });
    }
  });

  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isApiUrl(request.routeOptions.url) || request.routeOptions.config.public === true) return;
    // Staff routes have their own guard (plugins/staff-sessions.ts): a customer's session never counts there.
    if (request.routeOptions.config.staff !== undefined) return;
    const token = request.cookies[SESSION_COOKIE];
    const found = token ? await findSession(db, clock, token) : undefined;
    if (!token || !found) throw unauthenticated();
    // The server acts only as the session's user; naming anyone else is refused outright.
    const claimed = claimedUserId(request);
    if (claimed !== undefined && claimed !== found.principal.user.id) throw forbidden();
    request.principal = found.principal;
    // A sliding session: the cookie's lifetime follows the server's, so an active customer stays in.
    if (found.refreshed) reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
  });

  app.decorate('startSession', async (reply: FastifyReply, userId: string, previous?: string) => {
    // Rotation: whatever session the browser held before is gone once a new one starts.
    if (previous) await deleteSession(db, previous);
    const token = await createSession(db, clock, userId);
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
    return sha256(token);
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(db, token);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
  });
}

export default fp(sessionsPlugin, { name: 'sessions', dependencies: ['@fastify/cookie'] });
