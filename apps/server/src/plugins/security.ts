import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorCodes, httpMessages } from '@wise/shared';
import { DomainError } from '../domain/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request that says where it came from must come from us. Requests with no
 * Origin (server-to-server, curl) pass: the SameSite=Lax cookie already keeps browsers honest.
 */
export function originAllowed(request: FastifyRequest, appUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.origin;
  if (!origin) return true;
  if (origin === 'null') return false;
  try {
    const { host } = new URL(origin);
    return origin === new URL(appUrl).origin || host === request.headers.host;
  } catch {
    return false;
  }
}

async function securityPlugin(app: FastifyInstance, options: { appUrl: string }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The same as frame-ancestors 'none', for browsers that only know the older header (helmet's default is SAMEORIGIN).
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });

  app.addHook('onRequest', async (request) => {
    if (!originAllowed(request, options.appUrl)) {
      throw new DomainError(errorCodes.forbidden, httpMessages.badOrigin, 403);
    }
  });
}

export default fp(securityPlugin, { name: 'security' });
