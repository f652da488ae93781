import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passkeyCreationOptionsResponseSchema, passkeyIdParamsSchema, passkeyRequestOptionsResponseSchema } from '@wise/shared';
import {
  staffMeSchema,
  staffMessageSchema,
  staffPasskeyAddedSchema,
  staffPasskeyCodeSchema,
  staffPasskeyListSchema,
  staffPasskeyLoginSchema,
  staffPasskeyMessages,
  staffPasskeyRegistrationSchema,
} from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import {
  listStaffPasskeys,
  registerStaffPasskey,
  removeStaffPasskey,
  staffLoginOptions,
  staffPasskeyLogin,
  staffRegistrationOptions,
  type StaffPasskeyDeps,
} from '#server/domain/staff/passkeys';
import { staffConfirmOptions } from '#server/domain/staff/confirm';
import { currentStaffSession, STAFF_COOKIE } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';

const tags = ['admin: auth'];

/**
 * Staff passkeys (docs/features.md, "Staff passkeys (back office)"), under /api/admin/auth/passkeys: any staff
 * member manages their own (with the authenticator code), and one may be given at sign-in instead
 * of the code, from the half-signed-in (password-stage) session. A signed-in staff member with a
 * passkey also asks here for a challenge to confirm a sensitive action with it (docs/decisions.md §8.6).
 */
export const adminPasskeyRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  await app.register(ownPasskeyRoutes, { ctx });
  await app.register(passkeyConfirmationRoutes, { ctx });
  await app.register(passkeySignInRoutes, { ctx });
};

/** Passkeys are bound to the app's own origin (its host is the relying party). */
function passkeyDeps(ctx: RouteContext): StaffPasskeyDeps {
  const appUrl = new URL(ctx.config.appUrl);
  return { db: ctx.db, clock: ctx.clock, rpId: appUrl.hostname, origin: appUrl.origin, secret: ctx.config.sessionSecret };
}

/** A staff member's own passkeys: listed, added and removed (adding and removing need the authenticator code). */
const ownPasskeyRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const deps = passkeyDeps(ctx);

  app.get(
    '/',
    {
      config: { staff: 'reviewer' },
      schema: { tags, summary: 'My passkeys', response: { 200: staffPasskeyListSchema, ...errorResponses } },
    },
    async (request) => ({ passkeys: await listStaffPasskeys(ctx.db, currentStaffSession(request).staff.id) }),
  );

  app.post(
    '/options',
    {
      config: { staff: 'reviewer' },
      schema: {
        tags,
        summary: 'Start adding a passkey (needs the authenticator code)',
        body: staffPasskeyCodeSchema,
        response: { 200: passkeyCreationOptionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const session = currentStaffSession(request);
      return { options: await staffRegistrationOptions(deps, session.staff, session.sessionHash, request.body) };
    },
  );

  app.post(
    '/',
    {
      config: { staff: 'reviewer' },
      schema: {
        tags,
        summary: 'Add the passkey the browser made',
        body: staffPasskeyRegistrationSchema,
        response: { 201: staffPasskeyAddedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = currentStaffSession(request);
      const passkey = await registerStaffPasskey(
        deps,
        session.staff,
        session.sessionHash,
        request.body,
        request.headers['user-agent'],
        request.ip,
      );
      reply.code(201);
      return { passkey, message: staffPasskeyMessages.added };
    },
  );

  app.post(
    '/:id/remove',
    {
      config: { staff: 'reviewer' },
      schema: {
        tags,
        summary: 'Remove one of my passkeys (needs the authenticator code)',
        params: passkeyIdParamsSchema,
        body: staffPasskeyCodeSchema,
        response: { 200: staffMessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const session = currentStaffSession(request);
      await removeStaffPasskey(deps, session.staff, request.params.id, request.body, request.ip);
      return { message: staffPasskeyMessages.removed };
    },
  );
};

/** The challenge a signed-in staff member answers with a passkey to confirm a sensitive action (docs/decisions.md §8.6). */
const passkeyConfirmationRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const deps = passkeyDeps(ctx);

  app.post(
    '/confirm/options',
    {
      config: { staff: 'reviewer' },
      schema: {
        tags,
        summary: 'A single-use challenge (5 minutes, this session) to confirm a sensitive action with a passkey instead of the code',
        response: { 200: passkeyRequestOptionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const session = currentStaffSession(request);
      return { options: await staffConfirmOptions(deps, session.staff.id, session.sessionHash) };
    },
  );
};

/** Sign-in's second step with a passkey instead of the code, from the password-stage session. */
const passkeySignInRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { rates } = ctx;
  const deps = passkeyDeps(ctx);

  app.post(
    '/login/options',
    {
      config: { staff: 'reviewer', staffStage: 'password' },
      schema: {
        tags,
        summary: 'Staff sign-in, step 2 with a passkey: the challenge',
        response: { 200: passkeyRequestOptionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const session = currentStaffSession(request);
      return { options: await staffLoginOptions(deps, session.staff.id, session.sessionHash) };
    },
  );

  app.post(
    '/login',
    {
      config: { staff: 'reviewer', staffStage: 'password' },
      schema: {
        tags,
        summary: 'Staff sign-in, step 2 with a passkey instead of the code',
        body: staffPasskeyLoginSchema,
        response: { 200: staffMeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rates.consume('otpVerifyPerIp', `staff:${request.ip}`);
      const session = currentStaffSession(request);
      await rates.consume('staffCodePerAccount', session.staff.id);
      const staff = await staffPasskeyLogin(deps, session.staff.id, session.sessionHash, request.body, request.ip);
      await app.startStaffSession(reply, staff.id, 'verified', request.cookies[STAFF_COOKIE]);
      return { id: staff.id, email: staff.email, name: staff.name, role: staff.role, must_change_password: session.mustChangePassword };
    },
  );
};
