/*
 * The part of bills.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (the JavaScript budgets, docs/PERFORMANCE.md). bills.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */
import type { ELECTRICITY_PROVIDERS, TV_SERVICES } from '../bill-services';
import { fieldMessages as m, fetchMessages } from '../messages';
import { formatPhone } from './phone';
import type { TransactionStatus } from './transactions';
import type { BillPlan, BillOrder } from '../bills';

/**
 * Bills with Wise Gems (docs/product.md §2 /airtime, /data, /tv, /electricity; §3 "Data plan", "TV plan",
 * "Electricity purchase response"; §4 "Bill purchase"; §5 airtime/electricity/TV rules; §9;
 * docs/decisions.md §5 "Bills"). 1 gem pays for ₦1; every amount here is a whole number of gems.
 * The checkout sheet creates an order, the PIN screen authorises it, the server does the rest.
 */

// ---------------------------------------------------------------------------------------------
// What can be bought
// ---------------------------------------------------------------------------------------------

export const BILL_KINDS = ['airtime', 'data', 'tv', 'electricity'] as const;
export type BillKind = (typeof BILL_KINDS)[number];

/** docs/product.md §2: the data index shows mtn, airtel, glo, etisalat (9mobile). Airtime uses the same four. */
export const BILL_NETWORKS = ['mtn', 'airtel', 'glo', 'etisalat'] as const;
export type BillNetwork = (typeof BILL_NETWORKS)[number];
export const BILL_NETWORK_LABELS: Record<BillNetwork, string> = { mtn: 'MTN', airtel: 'Airtel', glo: 'GLO', etisalat: '9mobile' };

export type TvService = (typeof TV_SERVICES)[number];
export const TV_SERVICE_LABELS: Record<TvService, string> = { dstv: 'DStv', gotv: 'GOtv', startimes: 'StarTimes', showmax: 'Showmax' };

export type ElectricityProvider = (typeof ELECTRICITY_PROVIDERS)[number];
export const ELECTRICITY_PROVIDER_LABELS: Record<ElectricityProvider, string> = {
  ikeja: 'Ikeja Electric',
  eko: 'Eko Electric',
  kano: 'Kano Electric',
  portharcourt: 'Port Harcourt Electric',
  jos: 'Jos Electric',
  ibadan: 'Ibadan Electric',
  kaduna: 'Kaduna Electric',
  abuja: 'Abuja Electric',
  enugu: 'Enugu Electric',
  benin: 'Benin Electric',
  aba: 'Aba Electric',
  yola: 'Yola Electric',
};

/** docs/product.md §3: meter types. */
export const METER_TYPES = ['prepaid', 'postpaid'] as const;
export type MeterType = (typeof METER_TYPES)[number];

/** The bill-payment service's names (docs/product.md §7, §9): `mtn-data`, `ikeja-electric`. */
export const dataServiceId = (network: BillNetwork) => `${network}-data`;
export const electricityServiceName = (provider: ElectricityProvider) => `${provider}-electric`;

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

/** docs/product.md §9's placeholder '50 - 100,000', enforced (deviation: providers refuse outside it). */
export const AIRTIME_MIN_GEMS = 50;
export const AIRTIME_MAX_GEMS = 100_000;
/** The product rules set no electricity bounds; this upper one only keeps a typo from becoming a purchase. */
export const ELECTRICITY_MIN_GEMS = 1;
export const ELECTRICITY_MAX_GEMS = 1_000_000;
/** No data or TV plan costs more than this; a price above it from a provider is not offered. */
export const BILL_PLAN_MAX_GEMS = 10_000_000;
/** Meter and smart-card numbers: digits only (the product rules only say required; every service uses digits). */
export const CUSTOMER_NUMBER_PATTERN = /^\d{6,20}$/;
export const VARIATION_CODE_MAX = 100;
export const BILL_PLAN_NAME_MAX = 200;
/** An order the PIN screen has not authorised within this time can no longer be (prices move). */
export const BILL_ORDER_PIN_WINDOW_MS = 30 * 60 * 1000;
/** Idempotency-Key header of the checkout: 1-100 of [A-Za-z0-9_-], e.g. a UUID per sheet. */
export const BILL_IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

// ---------------------------------------------------------------------------------------------
// Messages and codes
// ---------------------------------------------------------------------------------------------

const groupThousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const billMessages = {
  /** docs/product.md §2 success screens. */
  airtimeSuccess: 'Airtime purchased successfully',
  dataSuccess: 'Data purchased successfully',
  tvSuccess: 'TV/Cable Subscription successful',
  electricitySuccess: 'Electricity purchased successfully',
  /** docs/product.md §2: the electricity success screen's labels. */
  tokenLabel: 'Token',
  unitsLabel: 'Units Purchased',
  /** docs/product.md §4, §8: a data purchase the provider refuses always reads this. */
  dataFailed: 'Invalid request',
  /** When a provider refuses without saying why. */
  declined: 'The provider could not complete this purchase. Your gems have been returned',
  providerUnreachable: 'We could not reach the provider. Your gems have been returned',
  processing: 'Your purchase is being processed. We will notify you when it completes',
  /** The PIN screen once the provider has kept the customer waiting a few seconds. */
  processingTitle: 'Processing',
  processingHeld: (gems: number) => `Your ${groupThousands(gems)} gems are held, not lost.`,
  processingNext:
    'The network has not confirmed this purchase yet. We will notify you of the outcome; if it does not go through, your gems come back.',
  goToHistory: 'Go to history',
  insufficient: m.insufficientBalance,
  amountRange: (min: number, max: number) => `Enter an amount between ${groupThousands(min)} and ${groupThousands(max)}`,
  planUnavailable: 'This plan is not available. Choose another plan',
  planPriceChanged: (amount: number) => `The price of this plan is now ${groupThousands(amount)} gems. Check it and purchase again`,
  dataPlansUnavailable: fetchMessages.dataPlans,
  tvPlansUnavailable: "Couldn't fetch TV plans",
  meterNotFound: 'We could not find that meter number',
  smartCardNotFound: 'We could not find that smart card number',
  verifyUnavailable: 'We could not check this number right now. Try again shortly',
  orderNotFound: 'This order does not exist',
  orderExpired: 'This order has expired. Start the purchase again',
  idempotencyKeyRequired: 'Idempotency-Key must be 1-100 letters, digits, "-" or "_"',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
} as const;

/**
 * Why a provider refused a purchase, as the provider's own code says it, in our words: a
 * provider's message (VTpass's `response_description`, the airtime service's `message`) is never
 * shown to a customer (docs/i18n.md "Provider refusals"). A refusal with no known reason reads
 * `billMessages.declined`; data reads `billMessages.dataFailed` whatever the reason (docs/product.md §4).
 */
export const BILL_REFUSALS = [
  'invalid_number',
  'unknown_customer',
  'duplicate',
  'amount_not_allowed',
  'plan_unavailable',
  'network_failed',
  'reversed',
] as const;
export type BillRefusal = (typeof BILL_REFUSALS)[number];

export const billRefusalTexts = {
  invalid_number: 'This number cannot be recharged on the selected network. Your gems have been returned',
  unknown_customer: 'The provider does not know this number. Check it and try again. Your gems have been returned',
  duplicate: 'The same purchase was made moments ago, so this one was stopped. Your gems have been returned',
  amount_not_allowed: 'The provider does not accept this amount. Your gems have been returned',
  plan_unavailable: 'This plan is not available at the provider now. Your gems have been returned',
  network_failed: 'The network could not complete this purchase. Your gems have been returned',
  reversed: 'The provider reversed this purchase. Your gems have been returned',
} as const satisfies Record<BillRefusal, string>;

/** What a customer reads for a refused purchase: our words for its reason, never the provider's. */
export function billRefusalMessage(kind: BillKind, refusal: BillRefusal | null | undefined): string {
  if (kind === 'data') return billMessages.dataFailed;
  return refusal ? billRefusalTexts[refusal] : billMessages.declined;
}

export const billErrorCodes = {
  insufficient: 'INSUFFICIENT_GEMS',
  planPriceChanged: 'PLAN_PRICE_CHANGED',
  customerNotFound: 'CUSTOMER_NOT_FOUND',
  providerDeclined: 'PROVIDER_DECLINED',
  pinNotSet: 'PIN_NOT_SET',
  plansUnavailable: 'PLANS_UNAVAILABLE',
  verifyUnavailable: 'VERIFY_UNAVAILABLE',
  orderExpired: 'ORDER_EXPIRED',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
} as const;

// ---------------------------------------------------------------------------------------------
// Fields (docs/product.md §5)
// ---------------------------------------------------------------------------------------------

export const missing = (input: unknown) => input === undefined || input === null || input === '';

/** docs/product.md §2: the TV select's value joins code and name; this splits it back. */
export const TV_PLAN_VALUE_SEPARATOR = '|';
export const tvPlanValue = (plan: Pick<BillPlan, 'variation_code' | 'name'>) =>
  `${plan.variation_code}${TV_PLAN_VALUE_SEPARATOR}${plan.name}`;
export function parseTvPlanValue(value: string): { variation_code: string; name: string } | undefined {
  const at = value.indexOf(TV_PLAN_VALUE_SEPARATOR);
  if (at <= 0) return undefined;
  return { variation_code: value.slice(0, at), name: value.slice(at + 1) };
}

export const BILL_ORDER_STATUSES = ['awaiting_pin', 'processing', 'successful', 'failed'] as const;
export type BillOrderStatus = (typeof BILL_ORDER_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// How an order reads (screens, transactions list, notifications)
// ---------------------------------------------------------------------------------------------

const serviceNames: Record<string, string> = {
  ...BILL_NETWORK_LABELS,
  ...Object.fromEntries(Object.entries(BILL_NETWORK_LABELS).map(([id, label]) => [dataServiceId(id as BillNetwork), label])),
  ...TV_SERVICE_LABELS,
  ...ELECTRICITY_PROVIDER_LABELS,
  ...Object.fromEntries(
    Object.entries(ELECTRICITY_PROVIDER_LABELS).map(([id, label]) => [electricityServiceName(id as ElectricityProvider), label]),
  ),
};

/**
 * A provider as customers and staff read it, from its id in either form: "ikeja" or
 * "ikeja-electric" → "Ikeja Electric", "mtn-data" → "MTN", "gotv" → "GOtv" (never "IKEJA").
 */
export function billServiceName(service: string): string {
  return Object.hasOwn(serviceNames, service) ? serviceNames[service]! : service;
}

export function billServiceLabel(kind: BillKind, service: string): string {
  if (kind === 'tv') return TV_SERVICE_LABELS[service as TvService] ?? service;
  if (kind === 'electricity') return ELECTRICITY_PROVIDER_LABELS[service as ElectricityProvider] ?? service;
  return BILL_NETWORK_LABELS[service as BillNetwork] ?? service;
}

/** e.g. "MTN airtime · +234 803 123 4567", "DStv · DStv Compact", "Ikeja Electric · 45012345678". */
export function billOrderTitle(order: Pick<BillOrder, 'kind' | 'service' | 'phone' | 'plan_name' | 'customer_id'>): string {
  const label = billServiceLabel(order.kind, order.service);
  switch (order.kind) {
    case 'airtime':
      return `${label} airtime · ${formatPhone(order.phone)}`;
    case 'data':
      return `${label} data · ${formatPhone(order.phone)}`;
    case 'tv':
      return `${label} · ${order.plan_name ?? order.customer_id ?? ''}`;
    case 'electricity':
      return `${label} · ${order.customer_id ?? ''}`;
  }
}

export const billSuccessText: Record<BillKind, string> = {
  airtime: billMessages.airtimeSuccess,
  data: billMessages.dataSuccess,
  tv: billMessages.tvSuccess,
  electricity: billMessages.electricitySuccess,
};

/** The notifications a settled order writes (docs/product.md §2 notifications). */
export const billNotificationTexts = {
  successful: (title: string, amount: number, token: string | null, units: string | null) =>
    `your purchase ${title} for ${groupThousands(amount)} gems was successful.${token ? ` Token: ${token}.` : ''}${units ? ` Units: ${units}.` : ''}`,
  failed: (title: string, amount: number) =>
    `your purchase ${title} for ${groupThousands(amount)} gems failed. Your gems have been returned.`,
} as const;

// ---------------------------------------------------------------------------------------------
// In the transactions list (GET /api/transactions, /api/transactions/:id)
// ---------------------------------------------------------------------------------------------

/**
 * docs/product.md §4's three statuses for an order: processing is pending, failed is rejected. An order still
 * awaiting its PIN is not a transaction yet and is not listed.
 */
export const billTransactionStatus = (status: BillOrderStatus): TransactionStatus | undefined =>
  status === 'processing' ? 'pending' : status === 'successful' ? 'successful' : status === 'failed' ? 'rejected' : undefined;

/**
 * A bill purchase the network failed, as the list gives it (a failed order is listed `rejected`,
 * the status filter's word). It reads "Failed" and "Refunded" (its gems came back), never
 * "Rejected": that is staff's verdict on a sale, and a customer must not read one as the other.
 */
export const isFailedBill = (tx: { transaction_type: string; status: TransactionStatus }) =>
  tx.status === 'rejected' && (BILL_KINDS as readonly string[]).includes(tx.transaction_type);
