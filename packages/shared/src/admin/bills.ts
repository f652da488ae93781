// Back office: bill orders and re-query (helper: business).
import { z } from 'zod';
import { BILL_KINDS, BILL_ORDER_STATUSES } from '../bills';
import { cursorQuerySchema, pageSchema } from './common';

export const billAdminMessages = {
  notFound: 'No such bill order',
  notProcessing: 'Only an order still processing can be re-queried',
  statusInvalid: 'Choose awaiting_pin, processing, successful or failed',
  kindInvalid: 'Choose airtime, data, tv or electricity',
  cursorInvalid: 'This page link is no longer valid; start from the first page',
} as const;

/** An order processing longer than this is "stuck" (dashboard and list). */
export const BILL_ORDER_STUCK_MINUTES = 10;

/** GET /api/admin/bills/orders?status=&kind=&cursor=&limit= (newest first). */
export const billOrdersQuerySchema = cursorQuerySchema.extend({
  status: z.enum(BILL_ORDER_STATUSES, { error: billAdminMessages.statusInvalid }).optional(),
  kind: z.enum(BILL_KINDS, { error: billAdminMessages.kindInvalid }).optional(),
});
export type BillOrdersQuery = z.input<typeof billOrdersQuerySchema>;

export const billOrderIdParamsSchema = z.object({ id: z.uuid({ error: billAdminMessages.notFound }) });

export const adminBillOrderSchema = z.object({
  id: z.string(),
  kind: z.enum(BILL_KINDS),
  status: z.enum(BILL_ORDER_STATUSES),
  customer: z.object({ id: z.string(), full_name: z.string(), username: z.string() }),
  /** Whole gems (1 gem = ₦1). */
  amount: z.number().int(),
  service: z.string(),
  phone: z.string(),
  plan_name: z.string().nullable(),
  variation_code: z.string().nullable(),
  /** The smart card or meter number. */
  customer_number: z.string().nullable(),
  meter_type: z.enum(['prepaid', 'postpaid']).nullable(),
  /** The one id the provider knows the order by. */
  request_id: z.string(),
  /** What the customer was told, and what the provider said. */
  message: z.string().nullable(),
  provider_message: z.string().nullable(),
  units: z.string().nullable(),
  has_token: z.boolean(),
  created_at: z.string(),
  authorised_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  /** Processing for longer than BILL_ORDER_STUCK_MINUTES. */
  stuck: z.boolean(),
});
export type AdminBillOrder = z.infer<typeof adminBillOrderSchema>;
export const adminBillOrderPageSchema = pageSchema(adminBillOrderSchema);
export type AdminBillOrderPage = z.infer<typeof adminBillOrderPageSchema>;

/**
 * POST /api/admin/bills/orders/:id/requery: `settled` (the provider gave a verdict and the order is
 * now successful or failed), `pending` (the provider still does not know; the background job keeps asking).
 */
export const billRequeryResponseSchema = z.object({ outcome: z.enum(['settled', 'pending']), order: adminBillOrderSchema });
export type BillRequeryResponse = z.infer<typeof billRequeryResponseSchema>;
