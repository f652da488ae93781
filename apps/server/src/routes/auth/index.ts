import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authMessages,
  errorCodes,
  loginResponseSchema,
  loginSchema,
  messageResponseSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  resendOtpSchema,
  signupResponseSchema,
  signupSchema,
  verifyOtpSchema,
} from '@wise/shared';
import type { RouteContext } from '#server/context';
import { DomainError } from '#server/domain/errors';
import {
  authenticate,
  requestPasswordReset,
  resendAfterUnverifiedLogin,
  resendSignupOtp,
  resetPassword,
  signUp,
  verifySignup,
  type UnknownLoginGuard,
} from '#server/domain/auth/service';
import { UNREADABLE_HASH_MESSAGE } from '#server/lib/passwords';
import { currentUser, SESSION_COOKIE } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['auth'];

/** The customer's way in, under /api/auth: sign-up, sessions and a forgotten password. */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  await app.register(signupRoutes, { ctx });
  await app.register(sessionRoutes, { ctx });
  await app.register(passwordResetRoutes, { ctx });
};

/** Sign-up and its e-mailed OTP. */
const signupRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates } = ctx;

  app.post(
    '/signup',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Create an unverified account and e-mail its OTP',
        body: signupSchema,
        response: { 201: signupResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rates.consume('signupPerIp', request.ip);
      const user = await signUp(db, ctx.auth, request.body);
      return reply.status(201).send({ email: user.email, message: authMessages.accountCreated });
    },
  );

  app.post(
    '/otp/verify',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Verify the sign-up OTP',
        body: verifyOtpSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await rates.consume('otpVerifyPerIp', request.ip);
      await rates.consume('otpVerifyPerAccount', request.body.email);
      await verifySignup(db, ctx.auth, request.body.email, request.body.otp);
      return { message: authMessages.verified };
    },
  );

  app.post(
    '/otp/resend',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Send a new sign-up OTP',
        body: resendOtpSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await rates.consume('otpResendPerIp', request.ip);
      await rates.consume('otpResendPerAccount', request.body.email);
      await rates.consume('otpResendCooldownPerEmail', request.body.email);
      await resendSignupOtp(db, ctx.auth, request.body.email);
      return { message: authMessages.otpSent };
    },
  );
};

/** Log in (with e-mail or phone), log out, and who is logged in. */
const sessionRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates } = ctx;
  const unknownLogins: UnknownLoginGuard = {
    check: (identifier) => rates.check('loginFailuresPerUnknownLogin', identifier),
    recordFailure: (identifier) => rates.consume('loginFailuresPerUnknownLogin', identifier),
  };

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Log in with email or phone and password',
        body: loginSchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rates.consume('loginPerIp', request.ip);
      const onUnreadableHash = (error: unknown) => request.log.error({ err: error }, UNREADABLE_HASH_MESSAGE);
      const outcome = await authenticate(db, { clock: ctx.clock, unknownLogins, onUnreadableHash }, request.body);
      if (outcome.kind === 'failed') throw new DomainError(errorCodes.loginFailed, authMessages.loginFailed, 401);
      if (outcome.kind === 'unverified') {
        await resendAfterUnverifiedLogin(db, ctx.auth, outcome.user);
        throw new DomainError(errorCodes.unverified, authMessages.unverified, 403, {
          meta: { email: outcome.user.email },
        });
      }
      await app.startSession(reply, outcome.user.id, request.cookies[SESSION_COOKIE]);
      const { user } = outcome;
      return { user: { id: user.id, full_name: user.fullName, email: user.email, language: user.language } };
    },
  );

  app.post(
    '/logout',
    {
      config: { public: true },
      schema: { tags, summary: 'End this session', response: { 200: messageResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      // Not rate-limited: it costs one indexed delete, like any request a session check turns away,
      // and a refused logout would leave a session open.
      await app.endSession(request, reply);
      return { message: authMessages.loggedOut };
    },
  );

  app.get(
    '/me',
    { schema: { tags, summary: 'The logged-in customer', response: { 200: loginResponseSchema, ...errorResponses } } },
    async (request) => {
      const user = currentUser(request);
      return { user: { id: user.id, full_name: user.fullName, email: user.email, language: user.language } };
    },
  );
};

/** A forgotten password: the e-mailed link, then the new password. */
const passwordResetRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates } = ctx;

  app.post(
    '/password-reset',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'E-mail a password reset link',
        body: passwordResetRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await rates.consume('resetRequestPerIp', request.ip);
      await rates.consume('resetRequestPerEmail', request.body.email);
      await requestPasswordReset(db, ctx.auth, request.body.email);
      // The same answer whether or not the address has an account.
      return { message: authMessages.resetLinkSent };
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed token',
        body: passwordResetSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rates.consume('resetConfirmPerIp', request.ip);
      await resetPassword(db, ctx.auth, request.body);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: authMessages.passwordChanged };
    },
  );
};
