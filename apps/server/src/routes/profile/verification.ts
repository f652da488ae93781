import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityCheckResultSchema, identityNumberSchema, verificationStatusSchema } from '@wise/shared';
import type { RouteContext } from '../../context';
import { verificationStatus, verifyIdentityNumber, type IdentityDeps } from '../../domain/identity/tier1';
import { currentUser } from '../../plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['profile'];

/**
 * Identity verification (README, "Identity verification"), the session's customer only:
 * GET / → the tier and the verified number's last four digits; POST /number → a BVN or NIN looked
 * up for Tier 1 (a few a day: the daily count lives in the database, domain/identity/tier1.ts).
 */
export const verificationRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock, rates } = ctx;
  const deps: IdentityDeps = { clock, provider: ctx.identity, keyring: ctx.config.cardCodeKeys };

  app.get(
    '/',
    { schema: { tags, summary: "The customer's verification tier", response: { 200: verificationStatusSchema, ...errorResponses } } },
    async (request) => verificationStatus(db, clock, currentUser(request).id),
  );

  app.post(
    '/number',
    {
      schema: {
        tags,
        summary: 'Verify a BVN or NIN against the profile (Tier 1); the outcome is in the answer',
        body: identityNumberSchema,
        response: { 200: identityCheckResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      // A burst from one address is stopped before any look-up; the daily count per customer is the database's.
      await rates.consume('identityCheckPerIp', request.ip);
      return verifyIdentityNumber(db, deps, userId, request.body);
    },
  );
};
