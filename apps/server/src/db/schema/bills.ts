import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { gemHolds } from './gems';

/**
 * Mirrors db/migrations/0009_bills.sql (the SQL is the source of truth; its CHECKs and triggers
 * keep each order's shape, its one-way status and its agreement with its gem hold).
 */

export const billPlanKinds = ['data', 'tv'] as const;
export type BillPlanKind = (typeof billPlanKinds)[number];
export const billOrderKinds = ['airtime', 'data', 'tv', 'electricity'] as const;
export const billOrderStatuses = ['awaiting_pin', 'processing', 'successful', 'failed'] as const;
export type BillOrderStatusValue = (typeof billOrderStatuses)[number];

const at = (name: string) => timestamp(name, { withTimezone: true });

export const billPlans = pgTable(
  'bill_plans',
  {
    kind: text('kind', { enum: billPlanKinds }).notNull(),
    service: text('service').notNull(),
    variationCode: text('variation_code').notNull(),
    name: text('name').notNull(),
    /** Whole gems: the integer part of the provider's variation_amount. */
    amount: integer('amount').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.service, t.variationCode] })],
);

export const billPlanSets = pgTable(
  'bill_plan_sets',
  {
    kind: text('kind', { enum: billPlanKinds }).notNull(),
    service: text('service').notNull(),
    fetchedAt: at('fetched_at'),
    nextAttemptAt: at('next_attempt_at').notNull(),
    lastAttemptAt: at('last_attempt_at'),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.service] })],
);

export const billOrders = pgTable(
  'bill_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: billOrderKinds }).notNull(),
    status: text('status', { enum: billOrderStatuses }).notNull(),
    service: text('service').notNull(),
    amount: integer('amount').notNull(),
    phone: text('phone').notNull(),
    variationCode: text('variation_code'),
    planName: text('plan_name'),
    customerId: text('customer_id'),
    meterType: text('meter_type', { enum: ['prepaid', 'postpaid'] }),
    /** The one id the provider ever sees for this order. */
    requestId: text('request_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    holdId: uuid('hold_id')
      .unique()
      .references(() => gemHolds.id),
    token: text('token'),
    units: text('units'),
    message: text('message'),
    providerMessage: text('provider_message'),
    requeryGeneration: integer('requery_generation').notNull().default(0),
    createdAt: at('created_at').notNull(),
    authorisedAt: at('authorised_at'),
    settledAt: at('settled_at'),
  },
  (t) => [
    unique('bill_orders_request_id_key').on(t.requestId),
    unique('bill_orders_idempotency_key').on(t.userId, t.idempotencyKey),
    index('bill_orders_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('bill_orders_processing_idx')
      .on(t.authorisedAt, t.id)
      .where(sql`${t.status} = 'processing'`),
    // 0012: the customer's list by status and the back office's list (all, by status, by kind).
    index('bill_orders_user_status_list_idx').on(t.userId, t.status, t.createdAt.desc(), t.id.desc()),
    index('bill_orders_list_idx').on(t.createdAt.desc(), t.id.desc()),
    index('bill_orders_status_list_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('bill_orders_kind_list_idx').on(t.kind, t.createdAt.desc(), t.id.desc()),
  ],
);
