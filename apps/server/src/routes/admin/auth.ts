import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffAuthMessages,
  staffCodeSchema,
  staffEnrolmentSchema,
  staffLoginResponseSchema,
  staffLoginSchema,
  staffMeSchema,
  staffMessageSchema,
  staffPasswordChangeSchema,
  staffInvitationAcceptSchema,
  staffInvitationInfoSchema,
  staffInvitationTokenSchema,
  type StaffMe,
} from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { recordStaffAction } from '#server/domain/admin/audit';
import type { UnknownLoginGuard } from '#server/domain/auth/service';
import { changeStaffPassword, staffCodeStep, staffPasswordStep, startStaffEnrolment } from '#server/domain/staff/login';
import { acceptInvitation, invitationInfo } from '#server/domain/staff/invitations';
import { hasStaffPasskey } from '#server/domain/staff/passkeys';
import type { StaffPrincipal } from '#server/domain/staff/principal';
import { UNREADABLE_HASH_MESSAGE } from '#server/lib/passwords';
import { currentStaff, currentStaffSession, STAFF_COOKIE } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';

const tags = ['admin: auth'];

const meOf = (staff: StaffPrincipal, mustChangePassword: boolean): StaffMe => ({
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  must_change_password: mustChangePassword,
});

/**
 * Staff sign-in (docs/decisions.md §8): password → a `password`-stage session that reaches only the TOTP
 * enrolment or verification → a new, `verified` session. Limits: per IP (prefixed so staff and
 * customer logins don't share a budget) and, in the database, per account.
 */
export const adminAuthRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  await app.register(signInRoutes, { ctx });
  await app.register(invitationRoutes, { ctx });
  await app.register(staffSessionRoutes, { ctx });
};

/** The password step, then the authenticator's enrolment (first sign-in) or its code. */
const signInRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates, clock } = ctx;
  const deps = { clock, secret: ctx.config.sessionSecret };
  const unknownLogins: UnknownLoginGuard = {
    check: (email) => rates.check('loginFailuresPerUnknownLogin', `staff:${email}`),
    recordFailure: (email) => rates.consume('loginFailuresPerUnknownLogin', `staff:${email}`),
  };

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Staff sign-in, step 1: e-mail and password',
        body: staffLoginSchema,
        response: { 200: staffLoginResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rates.consume('loginPerIp', `staff:${request.ip}`);
      const onUnreadableHash = (error: unknown) => request.log.error({ err: error }, UNREADABLE_HASH_MESSAGE);
      const { staffId, next } = await staffPasswordStep(db, { clock, unknownLogins, onUnreadableHash }, request.body);
      await app.startStaffSession(reply, staffId, 'password', request.cookies[STAFF_COOKIE]);
      return next === 'verify' && (await hasStaffPasskey(db, staffId)) ? { next, passkey: true as const } : { next };
    },
  );

  app.get(
    '/enrolment',
    {
      config: { staff: 'reviewer', staffStage: 'password' },
      schema: {
        tags,
        summary: 'The authenticator secret and its QR code (first sign-in)',
        response: { 200: staffEnrolmentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const enrolment = await startStaffEnrolment(db, deps, currentStaff(request).id);
      // The secret is a credential: never cached anywhere.
      reply.header('cache-control', 'no-store');
      return { secret: enrolment.secret, otpauth_url: enrolment.otpauthUrl, qr_svg: enrolment.qrSvg };
    },
  );

  app.post(
    '/enrolment',
    {
      config: { staff: 'reviewer', staffStage: 'password' },
      schema: {
        tags,
        summary: 'Finish the authenticator set-up with its first code',
        body: staffCodeSchema,
        response: { 200: staffMeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rates.consume('otpVerifyPerIp', `staff:${request.ip}`);
      const session = currentStaffSession(request);
      await rates.consume('staffCodePerAccount', session.staff.id);
      const staff = await staffCodeStep(db, deps, session.staff.id, 'enrol', request.body.code, request.ip);
      await app.startStaffSession(reply, staff.id, 'verified', request.cookies[STAFF_COOKIE]);
      return meOf(staff, session.mustChangePassword);
    },
  );

  app.post(
    '/verify',
    {
      config: { staff: 'reviewer', staffStage: 'password' },
      schema: {
        tags,
        summary: 'Staff sign-in, step 2: the authenticator code',
        body: staffCodeSchema,
        response: { 200: staffMeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rates.consume('otpVerifyPerIp', `staff:${request.ip}`);
      const session = currentStaffSession(request);
      await rates.consume('staffCodePerAccount', session.staff.id);
      const staff = await staffCodeStep(db, deps, session.staff.id, 'verify', request.body.code, request.ip);
      await app.startStaffSession(reply, staff.id, 'verified', request.cookies[STAFF_COOKIE]);
      return meOf(staff, session.mustChangePassword);
    },
  );
};

/**
 * Invitations (docs/separation-of-duties.md): the link's token is checked, then the invitee's own
 * password replaces the unusable one and a password-stage session leads to the authenticator set-up.
 */
const invitationRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates, clock } = ctx;

  app.post(
    '/invitation/check',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Whose invitation a link is (410 when used, expired or unknown)',
        body: staffInvitationTokenSchema,
        response: { 200: staffInvitationInfoSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rates.consume('loginPerIp', `staff:${request.ip}`);
      reply.header('cache-control', 'no-store');
      return invitationInfo(db, clock, request.body.token);
    },
  );

  app.post(
    '/invitation',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Accept an invitation: choose your password; the authenticator set-up follows',
        body: staffInvitationAcceptSchema,
        response: { 200: staffLoginResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rates.consume('loginPerIp', `staff:${request.ip}`);
      const staffId = await acceptInvitation(db, clock, request.body.token, request.body.password, request.ip);
      await app.startStaffSession(reply, staffId, 'password', request.cookies[STAFF_COOKIE]);
      return { next: 'enrol' as const };
    },
  );
};

/** The signed-in staff member, their password change and the sign-out. */
const staffSessionRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;

  app.get(
    '/me',
    {
      config: { staff: 'reviewer', staffPasswordChange: true },
      schema: { tags, summary: 'The signed-in staff member', response: { 200: staffMeSchema, ...errorResponses } },
    },
    async (request) => {
      const session = currentStaffSession(request);
      return meOf(session.staff, session.mustChangePassword);
    },
  );

  app.post(
    '/password',
    {
      config: { staff: 'reviewer', staffPasswordChange: true },
      schema: {
        tags,
        summary: 'Change the password (ends the other sessions)',
        body: staffPasswordChangeSchema,
        response: { 200: staffMessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const session = currentStaffSession(request);
      await changeStaffPassword(db, clock, session.staff, session.sessionHash, request.body, request.ip);
      return { message: staffAuthMessages.passwordChanged };
    },
  );

  app.post(
    '/logout',
    {
      config: { staff: 'reviewer', staffStage: 'any', staffPasswordChange: true },
      schema: { tags, summary: 'End this staff session', response: { 200: staffMessageSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const session = currentStaffSession(request);
      if (session.stage === 'verified') {
        await recordStaffAction(db, clock, session.staff, {
          action: 'staff.logout',
          targetType: 'staff',
          targetId: session.staff.id,
          ip: request.ip,
        });
      }
      await app.endStaffSession(request, reply);
      return { message: staffAuthMessages.loggedOut };
    },
  );
};
