import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
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

const HELMET_OPTIONS: HelmetOptions = {
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
};

/**
 * The headers helmet sets with our options, computed once: they depend on nothing in the request
 * (no nonces), and building helmet's middleware per request cost ~16 % of a bare route's CPU.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/** The full set, for HTML, images, the API reference pages and everything else outside the JSON API and scripts. */
export const PAGE_HEADERS = helmetHeaders(HELMET_OPTIONS);

/**
 * What matters on a JSON answer: it may not be framed, sniffed into something else, loaded by
 * another origin or leak the URL onwards, and the browser keeps to HTTPS. Its CSP allows nothing,
 * since a JSON document never loads anything (OWASP REST Security Cheat Sheet).
 */
export const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': PAGE_HEADERS['strict-transport-security']!,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * The JSON API. Its reference pages (HTML, scripts) under /api/docs and the images it serves
 * (gift-card and coin art, profile photos: an SVG may carry inline styles) get the page set.
 */
const isJsonApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs') && !/\/(?:art|photo)\//.test(url);

/**
 * The web build's hashed scripts and styles are not documents either, and the API set fits them:
 * a screen fetches up to 30 of them, many of a few hundred bytes, and the page set's 0.9 KB of
 * headers on each was most of what the phone downloaded for them (docs/PERFORMANCE.md).
 */
const isScriptOrStyle = (url: string) => url.startsWith('/assets/') && /\.(?:js|css)$/.test(url);

async function securityPlugin(app: FastifyInstance, options: { appUrl: string }) {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(isJsonApi(request.url) || isScriptOrStyle(request.url) ? API_HEADERS : PAGE_HEADERS);
    if (!originAllowed(request, options.appUrl)) {
      throw new DomainError(errorCodes.forbidden, httpMessages.badOrigin, 403);
    }
  });
}

export default fp(securityPlugin, { name: 'security' });
