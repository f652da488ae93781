import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCustomerDetailSchema,
  adminCustomerMessages,
  adminCustomerPageSchema,
  customerIdParamsSchema,
  customerLockStateSchema,
  customerPinResetResponseSchema,
  customerSearchQuerySchema,
  lockCustomerSchema,
  resetCustomerPinSchema,
  unlockCustomerSchema,
} from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { getCustomerDetail, lockCustomer, resetCustomerPin, searchCustomers, unlockCustomer } from '#server/domain/admin/customers';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';
import { staffConfirmer } from './confirmation';

const tags = ['admin: customers'];

/**
 * Customer look-up for any staff member; lock, unlock and PIN reset for admins, each with the
 * authenticator code (a stolen staff cookie alone locks nobody out) and audited in its transaction.
 */
export const adminCustomerRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const confirmer = staffConfirmer(ctx);

  app.get(
    '/',
    {
      config: { staff: 'reviewer' },
      schema: {
        tags,
        summary: 'Customers whose name, e-mail, phone or username contains q (any case), newest first',
        querystring: customerSearchQuerySchema,
        response: { 200: adminCustomerPageSchema, ...errorResponses },
      },
    },
    async (request) => searchCustomers(db, request.query),
  );

  app.get(
    '/:id',
    {
      config: { staff: 'reviewer' },
      schema: {
        tags,
        summary: "A customer's profile, bank details, gems, PIN and lock state, recent sales, bill orders and gem lines",
        params: customerIdParamsSchema,
        response: { 200: adminCustomerDetailSchema, ...errorResponses },
      },
    },
    async (request) => getCustomerDetail(db, clock, request.params.id),
  );

  app.post(
    '/:id/lock',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'Lock the account: no login, every session ended (authenticator code required)',
        params: customerIdParamsSchema,
        body: lockCustomerSchema,
        response: { 200: customerLockStateSchema, ...errorResponses },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      await confirmer.verify(request, request.body);
      return lockCustomer(db, clock, { staff, ip: request.ip }, { userId: request.params.id, reason: request.body.reason });
    },
  );

  app.post(
    '/:id/unlock',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'Unlock the account (authenticator code required)',
        params: customerIdParamsSchema,
        body: unlockCustomerSchema,
        response: { 200: customerLockStateSchema, ...errorResponses },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      await confirmer.verify(request, request.body);
      return unlockCustomer(db, clock, { staff, ip: request.ip }, { userId: request.params.id });
    },
  );

  app.post(
    '/:id/pin-reset',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: "Delete the customer's PIN; they are notified and e-mailed and set a new one (authenticator code required)",
        params: customerIdParamsSchema,
        body: resetCustomerPinSchema,
        response: { 200: customerPinResetResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      await confirmer.verify(request, request.body);
      await resetCustomerPin(db, clock, { staff, ip: request.ip }, { userId: request.params.id });
      return { message: adminCustomerMessages.pinReset };
    },
  );
};
