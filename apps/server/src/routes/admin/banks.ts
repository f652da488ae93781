import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBankListSchema, adminBankResponseSchema, bankCodeParamsSchema, createBankSchema, updateBankSchema } from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { createBank, listAdminBanks, setBankActive } from '#server/domain/admin/banks';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';

const tags = ['admin: banks'];
const admin = { staff: 'admin' } as const;

/** The bank list (admins only; docs/decisions.md §8): GET /api/admin/banks, POST, PATCH /:code { active }. */
export const adminBankRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const deps = { clock };

  app.get(
    '/',
    {
      config: admin,
      schema: { tags, summary: 'Every bank, active or not, by name', response: { 200: adminBankListSchema, ...errorResponses } },
    },
    async () => ({ banks: await listAdminBanks(db) }),
  );

  app.post(
    '/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a bank customers can choose',
        body: createBankSchema,
        response: { 201: adminBankResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ bank: await createBank(db, deps, { staff: currentStaff(request), ip: request.ip }, request.body) }),
  );

  app.patch(
    '/:code',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Activate or deactivate a bank (a deactivated one leaves the customers’ list)',
        params: bankCodeParamsSchema,
        body: updateBankSchema,
        response: { 200: adminBankResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      bank: await setBankActive(db, deps, { staff: currentStaff(request), ip: request.ip }, request.params.code, request.body.active),
    }),
  );
};
