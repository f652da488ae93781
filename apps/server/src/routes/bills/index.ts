import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authoriseBillOrderSchema,
  billErrorCodes,
  billOrderHeadersSchema,
  billOrderParamsSchema,
  billOrderResponseSchema,
  billPlansResponseSchema,
  createBillOrderSchema,
  dataPlansParamsSchema,
  tvPlansParamsSchema,
  verifyBillCustomerResponseSchema,
  verifyBillCustomerSchema,
} from '@wise/shared';
import type { RouteContext } from '#server/context';
import { catalogueAnswer } from '#server/domain/catalogue-cache';
import { authoriseBillOrder } from '#server/domain/bills/authorise';
import { listPlans, type PlanSet } from '#server/domain/bills/catalogue';
import { createBillOrder, getBillOrder, toBillOrder } from '#server/domain/bills/orders';
import { billSettings, type BillDeps } from '#server/domain/bills/settings';
import { verifyBillCustomer } from '#server/domain/bills/verify';
import { DomainError } from '#server/domain/errors';
import { sendSerialized, serializerFor } from '#server/lib/response-serializer';
import { withPinLimits } from '#server/plugins/rate-limits';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['bills'];

/**
 * Bills with Wise Gems (docs/product.md §2 /airtime /data /tv /electricity). docs/product.md §7's
 * airtime and bill-payment calls are made by the server only; deduct_reward.php is the hold and
 * its capture or release inside an order.
 */
export const billRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  await app.register(billFormRoutes, { ctx });
  await app.register(billOrderRoutes, { ctx });
};

/** What a bill form shows before checkout: the plans from the server's cache and the name on a meter or smart card. */
const billFormRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates } = ctx;
  const catalogue = { bills: ctx.bills, clock: ctx.clock, settings: billSettings(ctx.config) };
  const serializePlans = serializerFor(billPlansResponseSchema, 'GET', '/api/bills/:kind/:service/plans');
  /** The same for every customer: kept serialized per plan set while the plans' version stands (domain/catalogue-cache.ts). */
  const plansAnswer = (set: PlanSet) =>
    catalogueAnswer(db, 'bill_plans', `${set.kind}/${set.service}`, async () =>
      serializePlans({ plans: await listPlans(db, catalogue, set) }),
    );

  app.get(
    '/data/:network/plans',
    {
      schema: {
        tags,
        summary: "A network's data plans from the server's cache (the original: GET data plans, {provider}-data)",
        params: dataPlansParamsSchema,
        response: { 200: billPlansResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => sendSerialized(reply, await plansAnswer({ kind: 'data', service: request.params.network })),
  );

  app.get(
    '/tv/:service/plans',
    {
      schema: {
        tags,
        summary: "A TV service's plans from the server's cache (the original: GET cable-subscription plans)",
        params: tvPlansParamsSchema,
        response: { 200: billPlansResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => sendSerialized(reply, await plansAnswer({ kind: 'tv', service: request.params.service })),
  );

  app.post(
    '/verify',
    {
      schema: {
        tags,
        summary: 'The name on a meter or smart card (404 CUSTOMER_NOT_FOUND for an unknown number)',
        body: verifyBillCustomerSchema,
        response: { 200: verifyBillCustomerResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await rates.consume('billVerifyPerUser', currentUser(request).id);
      return verifyBillCustomer(ctx.bills, request.body);
    },
  );
};

/** The checkout: an order, its status, and its authorisation with the PIN that pays it in gems. */
const billOrderRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates } = ctx;
  const settings = billSettings(ctx.config);
  const depsFor = (log: BillDeps['logger']): BillDeps => ({
    clock: ctx.clock,
    airtime: ctx.airtime,
    bills: ctx.bills,
    settings,
    logger: log,
  });

  app.post(
    '/orders',
    {
      schema: {
        tags,
        summary: "The checkout sheet: an order awaiting the PIN, checked against the plan's price and the gem balance",
        description: 'Idempotency-Key is required: a retry with it returns the same order (422 if the key was used for another request).',
        headers: billOrderHeadersSchema,
        body: createBillOrderSchema,
        response: { 201: billOrderResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await rates.consume('billOrdersPerUser', user.id);
      const created = await createBillOrder(db, ctx.clock, {
        userId: user.id,
        idempotencyKey: request.headers['idempotency-key'],
        input: request.body,
      });
      if (created.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ order: created.order });
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        summary: "One of the customer's orders (polled while processing); anyone else's is a 404",
        params: billOrderParamsSchema,
        response: { 200: billOrderResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ order: await getBillOrder(db, currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/orders/:id/authorise',
    {
      schema: {
        tags,
        summary:
          'The PIN screen: PIN → gems held → provider called once → successful (200), processing (202) or failed (422 PROVIDER_DECLINED)',
        params: billOrderParamsSchema,
        body: authoriseBillOrderSchema,
        response: { 200: billOrderResponseSchema, 202: billOrderResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await withPinLimits(rates, user.id, request.ip, () =>
        authoriseBillOrder(db, depsFor(request.log), user.id, request.params.id, request.body.pin),
      );
      const order = toBillOrder(row);
      if (order.status === 'failed') {
        throw new DomainError(billErrorCodes.providerDeclined, order.message ?? '', 422, {
          meta: { order_id: order.id, status: order.status },
        });
      }
      return reply.status(order.status === 'successful' ? 200 : 202).send({ order });
    },
  );
};
