import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginResponseSchema,
  messageResponseSchema,
  passkeyAddedResponseSchema,
  passkeyCreationOptionsResponseSchema,
  passkeyErrorCodes,
  passkeyIdParamsSchema,
  passkeyListResponseSchema,
  passkeyLoginSchema,
  passkeyMessages,
  passkeyRegistrationSchema,
  passkeyRequestOptionsResponseSchema,
  PASSKEY_CHALLENGE_TTL_MS,
} from '@wise/shared';
import type { RouteContext } from '#server/context';
import { DomainError } from '#server/domain/errors';
import {
  listPasskeys,
  loginOptions,
  logInWithPasskey,
  registerPasskey,
  registrationOptions,
  removePasskey,
  type PasskeyDeps,
} from '#server/domain/passkeys/service';
import { grantReauth } from '#server/domain/profile/service';
import { randomToken, sha256 } from '#server/lib/secrets';
import { currentUser, SESSION_COOKIE } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['passkeys'];
/** Binds a sign-in's challenge to the browser that asked for it; only its sha256 is stored. */
export const PASSKEY_FLOW_COOKIE = 'wise_passkey_flow';
const FLOW_PATH = '/api/auth/passkeys';

export function passkeyDeps(ctx: RouteContext): PasskeyDeps {
  const app = new URL(ctx.config.appUrl);
  return {
    clock: ctx.clock,
    // The relying party is APP_URL's host: passkeys made on it work on no other site.
    rpId: app.hostname,
    origin: app.origin,
    messenger: ctx.messenger,
    onDeliveryError: ctx.auth.onDeliveryError,
  };
}

/** Sign-in with a passkey (public): /api/auth/passkeys/options, then /api/auth/passkeys/login. */
export const passkeyLoginRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates } = ctx;
  const deps = passkeyDeps(ctx);
  const flowCookie = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: ctx.config.isProduction || ctx.config.appUrl.startsWith('https:'),
    path: FLOW_PATH,
  };

  app.post(
    '/options',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Start a passkey sign-in: a challenge for this browser',
        response: { 200: passkeyRequestOptionsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rates.consume('passkeyOptionsPerIp', request.ip);
      const flow = randomToken();
      const options = await loginOptions(db, deps, sha256(flow));
      reply.setCookie(PASSKEY_FLOW_COOKIE, flow, { ...flowCookie, maxAge: PASSKEY_CHALLENGE_TTL_MS / 1000 });
      return { options };
    },
  );

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Sign in with the passkey's answer to this browser's challenge",
        body: passkeyLoginSchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // The password login's limit: a passkey is one more way to try to sign in.
      await rates.consume('loginPerIp', request.ip);
      const flow = request.cookies[PASSKEY_FLOW_COOKIE];
      reply.clearCookie(PASSKEY_FLOW_COOKIE, flowCookie);
      if (!flow) throw new DomainError(passkeyErrorCodes.challengeInvalid, passkeyMessages.challengeInvalid, 400);
      const { user } = await logInWithPasskey(db, deps, sha256(flow), request.body);
      const sessionHash = await app.startSession(reply, user.id, request.cookies[SESSION_COOKIE]);
      // A passkey sign-in is a fresh proof: the phone, e-mail and first-PIN changes need no password for a while.
      await grantReauth(db, ctx.clock, user.id, sessionHash);
      return { user: { id: user.id, full_name: user.fullName, email: user.email, language: user.language } };
    },
  );
};

/** The customer's passkeys (private): /api/profile/passkeys. */
export const passkeyProfileRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates } = ctx;
  const deps = passkeyDeps(ctx);
  const ownerOf = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    return { user, sessionHash: request.principal?.sessionHash ?? '' };
  };

  app.get(
    '/',
    { schema: { tags, summary: "The customer's passkeys", response: { 200: passkeyListResponseSchema, ...errorResponses } } },
    async (request) => ({ passkeys: await listPasskeys(db, currentUser(request).id) }),
  );

  app.post(
    '/options',
    {
      schema: {
        tags,
        summary: 'Start adding a passkey: a challenge bound to this session',
        response: { 200: passkeyCreationOptionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user, sessionHash } = ownerOf(request);
      await rates.consume('passkeyChangesPerUser', user.id);
      return { options: await registrationOptions(db, deps, user, sessionHash) };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: "Add the passkey the browser made for this session's challenge",
        body: passkeyRegistrationSchema,
        response: { 201: passkeyAddedResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user, sessionHash } = ownerOf(request);
      const passkey = await registerPasskey(db, deps, user, sessionHash, request.body, request.headers['user-agent']);
      return reply.status(201).send({ passkey, message: passkeyMessages.added });
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Remove a passkey (after the password, or soon after signing in)',
        params: passkeyIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user, sessionHash } = ownerOf(request);
      await rates.consume('passkeyChangesPerUser', user.id);
      await removePasskey(db, deps, user, sessionHash, request.params.id);
      return { message: passkeyMessages.removed };
    },
  );
};
