import { z } from 'zod';
import { plainText } from '../fields';
import { cursorQuerySchema, pageSchema } from './common';
import { staffConfirmationFields } from './confirmation';

/**
 * Back office: customer look-up (reviewers), lock, unlock and PIN reset (admins, with the
 * authenticator code). Helper: customers.
 */

export const CUSTOMER_SEARCH_MAX_LENGTH = 100;
export const CUSTOMER_LOCK_REASON_MAX_LENGTH = 300;
/** How many of each recent list the customer detail carries. */
export const CUSTOMER_DETAIL_SALES = 20;
export const CUSTOMER_DETAIL_BILL_ORDERS = 20;
export const CUSTOMER_DETAIL_GEM_LINES = 30;

/** GET /api/admin/customers?q=: part of a name, e-mail, phone number or username (any case). */
export const customerSearchQuerySchema = cursorQuerySchema.extend({
  q: plainText(z.string().trim().max(CUSTOMER_SEARCH_MAX_LENGTH)).optional(),
});
export type CustomerSearchQuery = z.infer<typeof customerSearchQuerySchema>;

export const customerIdParamsSchema = z.object({ id: z.uuid() });

export const adminCustomerSummarySchema = z.object({
  id: z.string(),
  full_name: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  email_verified: z.boolean(),
  created_at: z.string(),
  locked: z.boolean(),
  /** Closed by the customer (docs/features.md, "Your data (NDPA 2023)"): personal fields erased. */
  closed_at: z.string().nullable(),
});
export type AdminCustomerSummary = z.infer<typeof adminCustomerSummarySchema>;
/** A sale whose crypto transaction ID or gift-card code is exactly what staff typed (written any way the sale rules accept). */
export const adminCustomerSearchSaleSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['submitted', 'under_review', 'approved', 'paid', 'rejected']),
  created_at: z.string(),
  /** What matched. */
  matched: z.enum(['transaction_id', 'card_code']),
  customer: z.object({ id: z.string(), full_name: z.string(), username: z.string() }),
});
export type AdminCustomerSearchSale = z.infer<typeof adminCustomerSearchSaleSchema>;
/** Newest accounts first; `sales`: the sales q names by transaction ID or card code (their customers are in `items` too). */
export const adminCustomerPageSchema = pageSchema(adminCustomerSummarySchema).extend({
  sales: z.array(adminCustomerSearchSaleSchema).default([]),
});
export type AdminCustomerPage = z.infer<typeof adminCustomerPageSchema>;

export const adminCustomerSaleSchema = z.object({
  id: z.string(),
  kind: z.enum(['giftcard', 'crypto']),
  title: z.string(),
  /** submitted | under_review | approved | paid | rejected */
  status: z.string(),
  value_kobo: z.number().int(),
  payout_amount_kobo: z.number().int().nullable(),
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  paid_at: z.string().nullable(),
});

export const adminCustomerBillOrderSchema = z.object({
  id: z.string(),
  kind: z.enum(['airtime', 'data', 'tv', 'electricity']),
  /** awaiting_pin | processing | successful | failed */
  status: z.string(),
  service: z.string(),
  /** Whole gems. */
  amount: z.number().int(),
  plan_name: z.string().nullable(),
  phone: z.string(),
  customer_id: z.string().nullable(),
  provider_message: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});

export const adminCustomerGemLineSchema = z.object({
  id: z.number().int(),
  entry_id: z.string(),
  /** daily_collection | reward_accrual | reward_claim | hold | hold_capture | hold_release | referral */
  reason: z.string(),
  /** Which of the customer's accounts the line moved: spendable gems or claimable rewards. */
  account: z.enum(['available', 'rewards']),
  /** Signed: positive adds to the account. */
  amount: z.number().int(),
  memo: z.string().nullable(),
  created_at: z.string(),
});

export const adminCustomerDetailSchema = z.object({
  profile: adminCustomerSummarySchema.extend({
    gender: z.string().nullable(),
    address: z.string().nullable(),
    date_of_birth: z.string().nullable(),
  }),
  bank: z.object({ bank_code: z.string(), bank_name: z.string(), account_number: z.string(), account_name: z.string() }).nullable(),
  gems: z.object({
    /** Spendable (held gems excluded). */
    balance: z.number().int(),
    /** Set aside for bill orders still being processed. */
    held: z.number().int(),
    claimable_rewards: z.number().int(),
  }),
  has_pin: z.boolean(),
  lock: z.object({ locked_at: z.string(), reason: z.string() }).nullable(),
  active_sessions: z.number().int(),
  sales: z.array(adminCustomerSaleSchema),
  bill_orders: z.array(adminCustomerBillOrderSchema),
  gem_lines: z.array(adminCustomerGemLineSchema),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;

export const lockCustomerSchema = z.object({
  reason: plainText(
    z
      .string({ error: 'Give a reason' })
      .trim()
      .min(1, 'Give a reason')
      .max(CUSTOMER_LOCK_REASON_MAX_LENGTH, `Cannot be more than ${CUSTOMER_LOCK_REASON_MAX_LENGTH} characters`),
  ),
  ...staffConfirmationFields,
});
export type LockCustomerInput = z.infer<typeof lockCustomerSchema>;

export const confirmOnlySchema = z.object({ ...staffConfirmationFields });
export const unlockCustomerSchema = confirmOnlySchema;
export const resetCustomerPinSchema = confirmOnlySchema;

/** The answer to lock and unlock: the account's lock as it now stands. */
export const customerLockStateSchema = z.object({
  id: z.string(),
  lock: z.object({ locked_at: z.string(), reason: z.string() }).nullable(),
  /** Sessions the lock ended (0 on unlock). */
  sessions_ended: z.number().int(),
});
export type CustomerLockState = z.infer<typeof customerLockStateSchema>;

export const customerPinResetResponseSchema = z.object({ message: z.string() });

export const adminCustomerMessages = {
  notFound: 'Customer not found',
  alreadyLocked: 'This account is already locked',
  notLocked: 'This account is not locked',
  noPin: 'This customer has no PIN to reset',
  pinReset: 'PIN reset. The customer has been told to set a new one',
  closedBadge: 'Closed',
  accountClosed: "This customer's account is closed: nothing can be changed on it",
  closedNotice: 'Closed by the customer. Their personal details were erased; amounts, references and dates are kept.',
} as const;

/** What the customer reads after staff reset their PIN (notification and e-mail). */
export const pinResetEmail = {
  subject: 'Your Wise transaction PIN was reset',
  text:
    'Wise support reset your transaction PIN at your request.\n\n' +
    'Open the Wise app and set a new PIN (Set PIN on your dashboard or under Wallet) before your next transaction.\n\n' +
    'If you did not ask for this, contact support right away.',
} as const;
