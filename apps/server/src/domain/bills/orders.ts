import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  billErrorCodes,
  billMessages,
  textsIn,
  zonedParts,
  type BillKind,
  type BillOrder,
  type CreateBillOrderInput,
  type MeterType,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { billOrders } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { uniqueViolation } from '#server/lib/db-errors';
import { DomainError, notFound, validationError } from '../errors';
import { getGemBalance } from '../gems/ledger';
import { findPlan } from './catalogue';

/**
 * The checkout (docs/decisions.md §5.2; routes/bills/index.ts): the sheet's request becomes an order
 * awaiting the PIN. Nothing is held yet: the gems move only once the PIN authorises it. The
 * Idempotency-Key makes a retried checkout return the same order.
 */

export type BillOrderRow = typeof billOrders.$inferSelect;

export const insufficientGems = () => new DomainError(billErrorCodes.insufficient, billMessages.insufficient, 409);
export const orderNotFound = () => notFound(billMessages.orderNotFound);
const keyReused = () => new DomainError(billErrorCodes.idempotencyKeyReused, billMessages.idempotencyKeyReused, 422);
const planUnavailable = () => validationError(billMessages.planUnavailable, { variation_code: billMessages.planUnavailable });
const priceChanged = (amount: number) =>
  new DomainError(billErrorCodes.planPriceChanged, billMessages.planPriceChanged(amount), 409, {
    meta: { amount },
    words: (language) => textsIn(billMessages, language).planPriceChanged(amount),
  });

export function toBillOrder(row: BillOrderRow): BillOrder {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    service: row.service,
    amount: row.amount,
    phone: row.phone,
    plan_name: row.planName,
    customer_id: row.customerId,
    token: row.token,
    units: row.units,
    message: row.message ?? (row.status === 'processing' ? billMessages.processing : null),
    created_at: row.createdAt.toISOString(),
    settled_at: row.settledAt?.toISOString() ?? null,
  };
}

/** What an Idempotency-Key stands for: the request as the server understands it. */
export function orderRequestHash(input: CreateBillOrderInput): string {
  const { kind, ...fields } = input;
  const normalised = Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256')
    .update(JSON.stringify({ kind, ...normalised }))
    .digest('hex');
}

/**
 * The provider's request id for an order: Lagos date and minute first (the convention of Nigerian
 * VTU services, which sort and expire requests by it), then 20 random hex characters.
 */
export function newRequestId(now: Date): string {
  const p = zonedParts(now, 'Africa/Lagos');
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}${pad(p.hour)}${pad(p.minute)}${randomBytes(10).toString('hex')}`;
}

interface OrderTerms {
  kind: BillKind;
  service: string;
  amount: number;
  phone: string;
  variationCode: string | null;
  planName: string | null;
  customerId: string | null;
  meterType: MeterType | null;
}

/** The order's terms, priced from the plan cache as it is now. */
async function termsOf(db: Db, input: CreateBillOrderInput): Promise<OrderTerms> {
  const none = { variationCode: null, planName: null, customerId: null, meterType: null };
  switch (input.kind) {
    case 'airtime':
      return { ...none, kind: 'airtime', service: input.network, amount: input.amount, phone: input.phone };
    case 'electricity':
      return {
        ...none,
        kind: 'electricity',
        service: input.provider,
        amount: input.amount,
        phone: input.phone,
        customerId: input.meter_number,
        meterType: input.meter_type,
      };
    case 'data':
    case 'tv': {
      const plan =
        input.kind === 'data'
          ? await findPlan(db, { kind: 'data', service: input.network }, input.variation_code)
          : await findPlan(db, { kind: 'tv', service: input.service }, input.variation_code);
      if (!plan) throw planUnavailable();
      if (plan.amount !== input.expected_amount) throw priceChanged(plan.amount);
      return {
        ...none,
        kind: input.kind,
        service: input.kind === 'data' ? input.network : input.service,
        amount: plan.amount,
        phone: input.phone,
        variationCode: plan.variation_code,
        planName: plan.name,
        customerId: input.kind === 'tv' ? input.smart_card_number : null,
      };
    }
  }
}

export interface CheckoutRequest {
  userId: string;
  idempotencyKey: string;
  input: CreateBillOrderInput;
}

export interface CheckedOut {
  order: BillOrder;
  /** True when the Idempotency-Key had already made this order. */
  replayed: boolean;
}

async function replay(db: Db, request: CheckoutRequest, requestHash: string): Promise<CheckedOut | undefined> {
  const [first] = await db
    .select()
    .from(billOrders)
    .where(and(eq(billOrders.userId, request.userId), eq(billOrders.idempotencyKey, request.idempotencyKey)))
    .limit(1);
  if (!first) return undefined;
  if (first.requestHash !== requestHash) throw keyReused();
  return { order: toBillOrder(first), replayed: true };
}

/** POST /api/bills/orders: checks the order against the plan and the gem balance, and records it. */
export async function createBillOrder(db: Db, clock: Clock, request: CheckoutRequest): Promise<CheckedOut> {
  const requestHash = orderRequestHash(request.input);
  const replayed = await replay(db, request, requestHash);
  if (replayed) return replayed;

  const terms = await termsOf(db, request.input);
  // Only a check: nothing is reserved until the PIN. The hold at authorisation is the real guard.
  if ((await getGemBalance(db, request.userId)) < terms.amount) throw insufficientGems();
  try {
    const [row] = await db
      .insert(billOrders)
      .values({
        ...terms,
        userId: request.userId,
        status: 'awaiting_pin',
        requestId: newRequestId(clock.now()),
        idempotencyKey: request.idempotencyKey,
        requestHash,
        createdAt: clock.now(),
      })
      .returning();
    if (!row) throw new Error('bill order insert returned no row');
    return { order: toBillOrder(row), replayed: false };
  } catch (error) {
    // A parallel request with the same key committed first: answer as its retry would be answered.
    if (uniqueViolation(error) === 'bill_orders_idempotency_key') {
      const first = await replay(db, request, requestHash);
      if (first) return first;
    }
    throw error;
  }
}

export async function findOrderRow(db: Db, orderId: string): Promise<BillOrderRow | undefined> {
  const [row] = await db.select().from(billOrders).where(eq(billOrders.id, orderId)).limit(1);
  return row;
}

/** One of the customer's own orders; anyone else's is a 404, exactly like one that does not exist. */
export async function getOwnOrderRow(db: Db, userId: string, orderId: string): Promise<BillOrderRow> {
  const [row] = await db
    .select()
    .from(billOrders)
    .where(and(eq(billOrders.id, orderId), eq(billOrders.userId, userId)))
    .limit(1);
  if (!row) throw orderNotFound();
  return row;
}

export const getBillOrder = async (db: Db, userId: string, orderId: string): Promise<BillOrder> =>
  toBillOrder(await getOwnOrderRow(db, userId, orderId));
