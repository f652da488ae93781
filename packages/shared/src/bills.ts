import { z } from 'zod';
import { ELECTRICITY_PROVIDERS, TV_SERVICES } from './bill-services';
import { billPhoneField, requiredString } from './fields';
import { fieldMessages as m } from './messages';
import { pinField } from './pin';
import { saleDetailSchema } from './sales';
import { transactionItemSchema } from './transactions';
import {
  BILL_KINDS,
  BILL_NETWORKS,
  METER_TYPES,
  AIRTIME_MIN_GEMS,
  AIRTIME_MAX_GEMS,
  ELECTRICITY_MIN_GEMS,
  ELECTRICITY_MAX_GEMS,
  BILL_PLAN_MAX_GEMS,
  CUSTOMER_NUMBER_PATTERN,
  VARIATION_CODE_MAX,
  BILL_IDEMPOTENCY_KEY_PATTERN,
  billMessages,
  missing,
  BILL_ORDER_STATUSES,
} from './plain/bills';

export {
  BILL_KINDS,
  BILL_NETWORKS,
  BILL_NETWORK_LABELS,
  TV_SERVICE_LABELS,
  ELECTRICITY_PROVIDER_LABELS,
  METER_TYPES,
  dataServiceId,
  electricityServiceName,
  AIRTIME_MIN_GEMS,
  AIRTIME_MAX_GEMS,
  ELECTRICITY_MIN_GEMS,
  ELECTRICITY_MAX_GEMS,
  BILL_PLAN_MAX_GEMS,
  CUSTOMER_NUMBER_PATTERN,
  VARIATION_CODE_MAX,
  BILL_PLAN_NAME_MAX,
  BILL_ORDER_PIN_WINDOW_MS,
  BILL_IDEMPOTENCY_KEY_PATTERN,
  billMessages,
  billErrorCodes,
  BILL_REFUSALS,
  billRefusalTexts,
  billRefusalMessage,
  TV_PLAN_VALUE_SEPARATOR,
  tvPlanValue,
  parseTvPlanValue,
  BILL_ORDER_STATUSES,
  billServiceName,
  billServiceLabel,
  billOrderTitle,
  billSuccessText,
  billNotificationTexts,
  billTransactionStatus,
  isFailedBill,
} from './plain/bills';
export type { BillKind, BillNetwork, TvService, ElectricityProvider, MeterType, BillOrderStatus, BillRefusal } from './plain/bills';

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (missing(issue.input) ? m.required : m.invalidEntry) });

/**
 * docs/product.md §5 amount: required ('This field is required'), digits only ('Invalid input'). Takes the
 * form's text or a JSON integer; a range check follows. Whether it fits the balance is the
 * screen's check (it knows the balance) and the server's (it holds the gems).
 */
export const billAmountField = (min: number, max: number) =>
  z
    .union([z.number(), z.string()], { error: (issue) => (missing(issue.input) ? m.required : m.invalidInput) })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? (Number.isSafeInteger(value) && value >= 0 ? String(value) : 'x') : value.trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: m.required });
        return z.NEVER;
      }
      if (!/^\d{1,15}$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: m.invalidInput });
        return z.NEVER;
      }
      return Number(text);
    })
    .pipe(z.number().min(min, billMessages.amountRange(min, max)).max(max, billMessages.amountRange(min, max)));

/** The price the checkout sheet showed, in gems: a different current price is a 409 PLAN_PRICE_CHANGED. */
const expectedAmountField = z.int({ error: m.required }).min(1, m.invalidInput).max(BILL_PLAN_MAX_GEMS, m.invalidInput);
const variationCodeField = requiredString().max(VARIATION_CODE_MAX, m.invalidEntry);
export const customerNumberField = requiredString().regex(CUSTOMER_NUMBER_PATTERN, m.invalidEntry);

export const airtimeOrderSchema = z.object({
  kind: z.literal('airtime'),
  network: choice(BILL_NETWORKS),
  phone: billPhoneField,
  amount: billAmountField(AIRTIME_MIN_GEMS, AIRTIME_MAX_GEMS),
});
export const dataOrderSchema = z.object({
  kind: z.literal('data'),
  network: choice(BILL_NETWORKS),
  phone: billPhoneField,
  variation_code: variationCodeField,
  expected_amount: expectedAmountField,
});
export const tvOrderSchema = z.object({
  kind: z.literal('tv'),
  service: choice(TV_SERVICES),
  variation_code: variationCodeField,
  smart_card_number: customerNumberField,
  phone: billPhoneField,
  expected_amount: expectedAmountField,
});
export const electricityOrderSchema = z.object({
  kind: z.literal('electricity'),
  provider: choice(ELECTRICITY_PROVIDERS),
  meter_number: customerNumberField,
  meter_type: choice(METER_TYPES),
  phone: billPhoneField,
  amount: billAmountField(ELECTRICITY_MIN_GEMS, ELECTRICITY_MAX_GEMS),
});

/** POST /api/bills/orders: what the checkout sheet sends. */
export const createBillOrderSchema = z.discriminatedUnion(
  'kind',
  [airtimeOrderSchema, dataOrderSchema, tvOrderSchema, electricityOrderSchema],
  {
    error: m.required,
  },
);
export type CreateBillOrderInput = z.infer<typeof createBillOrderSchema>;
/** What a form holds before parsing (amounts as typed). */
export type CreateBillOrderFormInput = z.input<typeof createBillOrderSchema>;

export const billOrderHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string({ error: billMessages.idempotencyKeyRequired })
    .regex(BILL_IDEMPOTENCY_KEY_PATTERN, billMessages.idempotencyKeyRequired),
});

/** POST /api/bills/orders/:id/authorise — docs/product.md §2 PIN screen. */
export const authoriseBillOrderSchema = z.object({ pin: pinField });

export const billOrderParamsSchema = z.object({ id: z.uuid({ error: billMessages.orderNotFound }) });
export const dataPlansParamsSchema = z.object({ network: z.enum(BILL_NETWORKS, { error: m.invalidEntry }) });
export const tvPlansParamsSchema = z.object({ service: z.enum(TV_SERVICES, { error: m.invalidEntry }) });

/** POST /api/bills/verify: the name on a meter or smart card, before paying for it. */
export const verifyBillCustomerSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('electricity'),
      service: choice(ELECTRICITY_PROVIDERS),
      customer_id: customerNumberField,
      meter_type: choice(METER_TYPES),
    }),
    z.object({ kind: z.literal('tv'), service: choice(TV_SERVICES), customer_id: customerNumberField }),
  ],
  { error: m.required },
);
export type VerifyBillCustomerInput = z.infer<typeof verifyBillCustomerSchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** docs/product.md §3 data/TV plan (name, variation_code, variation_amount), the amount as whole gems. */
export const billPlanSchema = z.object({
  variation_code: z.string(),
  name: z.string(),
  amount: z.int().min(1).max(BILL_PLAN_MAX_GEMS),
});
export type BillPlan = z.infer<typeof billPlanSchema>;
export const billPlansResponseSchema = z.object({ plans: z.array(billPlanSchema) });
export type BillPlansResponse = z.infer<typeof billPlansResponseSchema>;

export const verifyBillCustomerResponseSchema = z.object({ customer_name: z.string() });
export type VerifyBillCustomerResponse = z.infer<typeof verifyBillCustomerResponseSchema>;

export const billOrderSchema = z.object({
  id: z.string(),
  kind: z.enum(BILL_KINDS),
  status: z.enum(BILL_ORDER_STATUSES),
  /** The network, TV service or electricity provider word (mtn, dstv, ikeja). */
  service: z.string(),
  /** Whole gems (= naira). */
  amount: z.int(),
  phone: z.string(),
  plan_name: z.string().nullable(),
  /** Meter or smart-card number. */
  customer_id: z.string().nullable(),
  /** Electricity: docs/product.md §3 response.token and response.units, once successful. */
  token: z.string().nullable(),
  units: z.string().nullable(),
  /** What to tell the customer: the success text, the provider's refusal, or that it is processing. */
  message: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type BillOrder = z.infer<typeof billOrderSchema>;
export const billOrderResponseSchema = z.object({ order: billOrderSchema });
export type BillOrderResponse = z.infer<typeof billOrderResponseSchema>;

/** A bill order as a transaction's detail: the list row (transaction_type = the kind) and the order itself. */
export const billTransactionDetailSchema = transactionItemSchema.extend({
  kind: z.enum(BILL_KINDS),
  order: billOrderSchema,
  /** The one id the provider knows the order by (its request id), for the receipt and support. */
  reference: z.string().nullish(),
  /** When the PIN authorised it and the gems were held. */
  authorised_at: z.string().nullish(),
});
export type BillTransactionDetail = z.infer<typeof billTransactionDetailSchema>;

/** GET /api/transactions/:id for every kind of transaction: a sale or a bill order (tell them by `kind`). */
export const anyTransactionDetailResponseSchema = z.object({ transaction: z.union([saleDetailSchema, billTransactionDetailSchema]) });
export type AnyTransactionDetailResponse = z.infer<typeof anyTransactionDetailResponseSchema>;
