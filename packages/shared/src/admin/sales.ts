import { z } from 'zod';
import { COIN_IDS } from '../crypto';
import { isPlainText } from '../fields';
import {
  SALE_APPROVAL_REASON_CODES,
  SALE_KINDS,
  SALE_REJECTION_CODES,
  type SaleApprovalReasonCode,
  type SaleRejectionCode,
} from '../sales';
import { CRYPTO_RETURN_TX_ID_MAX, cryptoReturnMessages, cryptoReturnSchema } from '../crypto-returns';
import { plainText } from '../fields';
import { cursorQuerySchema, pageSchema } from './common';
import { staffConfirmationFields } from './confirmation';
import { adminPayoutSchema, payoutResolutions, payoutStatuses } from './payouts';
import { riskFlagCodeSchema, riskFlagSchema } from './risk-flags';
import { saleChainSchema } from './chain';

/**
 * Back office: the review queue, a sale as staff review it, claims and decisions (docs/decisions.md §8,
 * §8.2). The words a customer reads about a rejection live in
 * `@wise/shared` (sales.ts `saleRejectionReasons`) so the customer bundle never imports this file.
 */

/** How long a claim locks a sale to one reviewer; another may take it once it runs out. */
export const SALE_CLAIM_MINUTES = 15;
/** How many of the customer's earlier sales the detail lists. */
export const SALE_EARLIER_SALES_MAX = 20;
export const SALE_APPROVAL_NOTE_MAX = 500;
export const SALE_REJECTION_MESSAGE_MAX = 500;
export const SALE_REJECTION_OTHER_MAX = 200;

/** The sale's own statuses (db: sales.status). */
export const adminSaleStatuses = ['submitted', 'under_review', 'approved', 'paid', 'rejected'] as const;
export type AdminSaleStatus = (typeof adminSaleStatuses)[number];

/**
 * The queue's views: `pending` = waiting for a decision (submitted or under review), oldest first;
 * `approved` = approved and being paid; `payout_failed` = approved but the last payout attempt
 * failed or was reversed by the bank (staff retry it or record a manual payment; the customer may
 * change their bank details, which retries it), or is held because the provider reported other
 * figures (staff resolve it); `paid`, `rejected` — decided ones newest first;
 * `awaiting_approval` = in review with an open request for a second approval, oldest request first.
 */
export const adminSaleQueueViews = ['pending', 'awaiting_approval', 'approved', 'payout_failed', 'paid', 'rejected'] as const;
export type AdminSaleQueueView = (typeof adminSaleQueueViews)[number];

export const adminSaleStatusLabels: Record<AdminSaleStatus | 'payout_failed', string> = {
  submitted: 'New',
  under_review: 'In review',
  approved: 'Paying',
  payout_failed: 'Payout failed',
  paid: 'Paid',
  rejected: 'Rejected',
};

/** The reasons staff pick from when rejecting (the customer reads `saleRejectionReasons`). */
/** How the review page reads a sale's payout account name check (bank.name_match). */
export const accountNameMatchLabels = {
  match: "Matches the customer's name",
  partial: "Only partly matches the customer's name: check it is theirs before paying",
  unchecked: 'Not checked (saved before name checks)',
} as const;

export const saleRejectionLabels: Record<SaleRejectionCode, string> = {
  used_card: 'Used card',
  invalid_code: 'Invalid code',
  wrong_card_type: 'Wrong card type',
  partially_used: 'Partially used',
  unclear_images: 'Unclear images',
  no_deposit: 'No deposit found',
  wrong_network: 'Wrong network',
  amount_differs: 'Amount differs',
  unconfirmed: 'Unconfirmed',
  other: 'Other',
};

/** What staff pick when the amount is not the quote (the customer reads `saleAmountReasons`). */
export const saleApprovalReasonLabels: Record<SaleApprovalReasonCode, string> = {
  partially_used: 'Partially used',
  balance_lower: 'Balance lower than stated',
  other: 'Other',
};

export const reviewMessages = {
  saleNotFound: 'This sale does not exist',
  alreadyDecided: 'This sale has already been decided',
  claimedBy: (name: string, until: string) => `${name} is reviewing this sale (claimed until ${until})`,
  notClaimed: 'You do not hold a claim on this sale',
  noteRequired: 'Write a note saying why the amount differs from the quoted value',
  amountInvalid: 'Enter the amount in kobo as a whole number greater than 0',
  otherReasonRequired: 'Write the reason for the customer',
  invalidText: 'Remove control characters from the text',
  noteTooLong: `Cannot be more than ${SALE_APPROVAL_NOTE_MAX} characters`,
  messageTooLong: `Cannot be more than ${SALE_REJECTION_MESSAGE_MAX} characters`,
  otherTooLong: `Cannot be more than ${SALE_REJECTION_OTHER_MAX} characters`,
  imageNotFound: 'This image does not exist',
  imageDeletedWithAccount: 'This image was deleted when the customer closed their account',
  reasonRequired: 'Choose why the amount is lower than the quoted value',
  aboveQuoteNote: 'An amount above the quoted value needs the reason "Other" and a note',
  awaitingSecondApproval: 'This approval waits for a second approver (an admin)',
  requestOpen: 'This sale waits for a second approval: an admin confirms or declines it first',
  noOpenRequest: 'This sale has no approval waiting for a second approver',
  sameApprover: 'A second approval must come from another staff member than the one who asked for it',
  adminOnly: 'Only an admin can give a second approval',
  dailyLimit: (limit: string) => `This approval would take you over your daily approval limit of ${limit}. Ask an admin to approve it.`,
  requestChanged: 'This approval request changed since you opened it. Look at the amount again before you confirm.',
  declineNoteTooLong: `Cannot be more than ${SALE_APPROVAL_NOTE_MAX} characters`,
  cardCodeNotHeld: 'Claim this sale to see its card code',
  noCardCode: 'This sale has no card code',
} as const;

export const reviewErrorCodes = {
  alreadyDecided: 'SALE_ALREADY_DECIDED',
  claimed: 'SALE_CLAIMED',
  notClaimed: 'SALE_NOT_CLAIMED',
  /** Approve or reject while a second approval is open (409). */
  requestOpen: 'SALE_AWAITING_SECOND_APPROVAL',
  /** Confirm or decline with no open request (409). */
  noOpenRequest: 'APPROVAL_REQUEST_NOT_FOUND',
  /** The requester tries to give the second approval (403). */
  sameApprover: 'SECOND_APPROVER_SAME',
  /** A reviewer tries to give the second approval (403). */
  adminOnly: 'SECOND_APPROVER_NOT_ADMIN',
  /** The approval would take the staff member over REVIEWER_DAILY_LIMIT_NAIRA today (409). */
  dailyLimit: 'APPROVAL_DAILY_LIMIT',
  /** The confirm named another request or amount than the open one (409). */
  requestChanged: 'REQUEST_CHANGED',
} as const;

/** Optional single-line or multi-line text a reviewer typed: trimmed, empty = absent. */
const staffText = (max: number, tooLong: string, multiline: boolean) =>
  z
    .string()
    .refine((value) => isPlainText(value, { multiline }), { message: reviewMessages.invalidText, abort: true })
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value ? value : undefined));

// ---------------------------------------------------------------------------------------------
// The queue
// ---------------------------------------------------------------------------------------------

/** The views a risk-flag filter applies to (sales not yet decided for good). */
export const RISK_FLAG_VIEWS: readonly AdminSaleQueueView[] = ['pending', 'approved', 'payout_failed'];

/** GET /api/admin/sales?status=&kind=&gift_card_id=&coin=&older_than_minutes=&cursor=&limit= */
export const adminSaleListQuerySchema = cursorQuerySchema
  .extend({
    status: z.enum(adminSaleQueueViews).default('pending'),
    kind: z.enum(SALE_KINDS).optional(),
    gift_card_id: z.uuid().optional(),
    coin: z.enum(COIN_IDS).optional(),
    /** Only sales submitted at least this many minutes ago (up to 90 days). */
    older_than_minutes: z.coerce.number().int().min(0).max(129_600).optional(),
    /**
     * Only sales carrying this risk flag (risk-flags.ts), in the views of sales still open (waiting,
     * paying, payout failed): each row's flags are computed as it is read, and the paid and rejected
     * views hold every sale ever decided.
     */
    flag: riskFlagCodeSchema.optional(),
    /** `flags`: the most flags first, then oldest first (the waiting view only). */
    sort: z.enum(['default', 'flags']).default('default'),
    /**
     * The desk's search, within the view: a customer's name, username, e-mail or phone from its
     * start; or exactly a sale id, a card code, a transaction ID or a payout reference.
     */
    q: z.string().trim().min(2).max(100).optional(),
    /** `me`: only the sales assigned to the caller. */
    assigned: z.enum(['me']).optional(),
  })
  .refine((query) => query.sort !== 'flags' || query.status === 'pending', {
    path: ['sort'],
    message: 'Sorting by risk flags is for the waiting view',
  })
  .refine((query) => query.flag === undefined || RISK_FLAG_VIEWS.includes(query.status), {
    path: ['flag'],
    message: 'Filtering by a risk flag is for the waiting, paying and payout-failed views',
  });
export type AdminSaleListQuery = z.infer<typeof adminSaleListQuerySchema>;

const staffRefSchema = z.object({ id: z.string(), name: z.string() });

export const adminSaleListItemSchema = z.object({
  id: z.string(),
  kind: z.enum(SALE_KINDS),
  title: z.string(),
  customer: z.object({ id: z.string(), full_name: z.string(), username: z.string() }),
  value_kobo: z.number().int(),
  currency: z.string(),
  currency_amount: z.string(),
  coin: z.enum(COIN_IDS).nullable(),
  coin_amount: z.string().nullable(),
  created_at: z.string(),
  /** Minutes since submission, for a sale still waiting (null once decided). */
  age_minutes: z.number().int().nullable(),
  status: z.enum(adminSaleStatuses),
  /** The latest payout attempt's status (null before approval). */
  payout_status: z.enum(payoutStatuses).nullable(),
  decided_at: z.string().nullable(),
  /** The reviewer holding a live claim (an expired claim reads as none). */
  claimed_by: staffRefSchema.nullable(),
  claimed_until: z.string().nullable(),
  /** An open request for a second approval: the amount asked and who asked (null when none). */
  second_approval: z
    .object({ id: z.string().optional(), amount_kobo: z.number().int(), requested_by: staffRefSchema, created_at: z.string() })
    .nullish(),
  /** Its risk flags, in RISK_FLAG_CODES order. */
  risk_flags: z.array(riskFlagCodeSchema),
  /** The reviewer an admin assigned it to (null when nobody). */
  assigned_to: staffRefSchema.nullish(),
  /** Whether it has a first image (GET /api/admin/sales/:id/images/0), for the queue's thumbnail. */
  has_image: z.boolean().optional(),
});
export type AdminSaleListItem = z.infer<typeof adminSaleListItemSchema>;
export const adminSaleListResponseSchema = pageSchema(adminSaleListItemSchema);
export type AdminSaleListResponse = z.infer<typeof adminSaleListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// One sale for review
// ---------------------------------------------------------------------------------------------

export const adminSaleParamsSchema = z.object({ id: z.uuid() });
export const adminSaleImageParamsSchema = z.object({ id: z.uuid(), position: z.coerce.number().int().min(0).max(9) });

export const saleApprovalRequestSchema = z.object({
  id: z.string(),
  amount_kobo: z.number().int(),
  /** The quoted value when it was asked. */
  value_kobo: z.number().int(),
  reason_code: z.enum(SALE_APPROVAL_REASON_CODES).nullable(),
  note: z.string().nullable(),
  requested_by: staffRefSchema,
  created_at: z.string(),
  outcome: z.enum(['confirmed', 'declined']).nullable(),
  decided_by: staffRefSchema.nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
});
export type SaleApprovalRequest = z.infer<typeof saleApprovalRequestSchema>;

export const adminSaleDetailSchema = z.object({
  id: z.string(),
  kind: z.enum(SALE_KINDS),
  title: z.string(),
  status: z.enum(adminSaleStatuses),
  payout_status: adminSaleListItemSchema.shape.payout_status,
  created_at: z.string(),
  age_minutes: z.number().int().nullable(),
  customer: z.object({
    id: z.string(),
    full_name: z.string(),
    username: z.string(),
    email: z.string(),
    phone: z.string(),
    joined_at: z.string(),
    locked: z.boolean(),
    locked_reason: z.string().nullable(),
  }),
  /** Served to staff only: GET /api/admin/sales/:id/images/:position. Empty once they were deleted (`images_deleted`). */
  images: z.array(z.object({ position: z.number().int(), url: z.string() })),
  /** The sale's images were deleted when the customer closed their account: how many there were. Null while they are there. */
  images_deleted: z.object({ reason: z.literal('account_closed'), count: z.number().int().min(1) }).nullish(),
  currency: z.string(),
  /** The card amount; for a coin, its worth in USD. */
  currency_amount: z.string(),
  /** The rate the sale was valued at (naira per unit of `currency`). */
  exchange_rate: z.string(),
  value_kobo: z.number().int(),
  card: z.object({ id: z.string(), name: z.string(), slug: z.string() }).nullable(),
  subcategory: z.object({ id: z.string(), label: z.string() }).nullable(),
  coin: z.enum(COIN_IDS).nullable(),
  coin_amount: z.string().nullable(),
  /** A crypto sale's quote: the prices and adjustments its value used. */
  quote: z
    .object({
      id: z.string().nullable(),
      price_usd: z.string(),
      usdt_market_rate_ngn: z.string(),
      usdt_adjustment_ngn: z.string(),
      usdt_rate_ngn: z.string(),
      coin_adjustment_ngn: z.string(),
      rate_ngn_per_usd: z.string(),
    })
    .nullable(),
  /**
   * The rate today, to compare: the sub-category's exchange_rate, or naira per USD for the coin from
   * the latest market prices and today's adjustments (`stale` when those prices are too old; null
   * when there are none).
   */
  current_rate: z.object({ exchange_rate: z.string(), as_of: z.string(), stale: z.boolean() }).nullable(),
  comment: z.string().nullable(),
  /**
   * Whether the customer gave a card code. The code itself is read on request only
   * (POST /api/admin/sales/:id/card-code: the reviewer holding the sale, or an admin; audited).
   */
  card_code_provided: z.boolean(),
  transaction_id: z.string().nullable(),
  /**
   * What the customer typed, for a sale made before transaction IDs had one form whose ID 0044
   * rewrote, or could not read (then `transaction_id` is null; docs/identifiers.md).
   */
  transaction_id_as_typed: z.string().nullish(),
  /** What a reviewer should look at twice, with the other sales behind a duplicate (risk-flags.ts). */
  risk_flags: z.array(riskFlagSchema),
  /** A crypto sale's chain facts: its deposit, or the check of its transaction ID (admin/chain.ts). */
  chain: saleChainSchema.nullish(),
  /**
   * name_match: how the account's name fitted the customer's profile name when the sale was made
   * ('partial': only part of it agrees, e.g. the surname: look before paying; null: not checked,
   * details saved before the check existed).
   */
  bank: z.object({
    bank_code: z.string(),
    bank_name: z.string(),
    account_number: z.string(),
    account_name: z.string(),
    name_match: z.enum(['match', 'partial']).nullable(),
  }),
  history: z.array(z.object({ status: z.enum(adminSaleStatuses), at: z.string(), actor: staffRefSchema.nullable() })),
  /** Every payout attempt, first first (domain/payouts getSalePayouts). */
  payouts: z.array(adminPayoutSchema),
  claim: z.object({ staff: staffRefSchema, until: z.string() }).nullable(),
  /** The reviewer an admin assigned it to, who did and when (null when nobody). */
  assignment: z.object({ staff: staffRefSchema, by: staffRefSchema, at: z.string() }).nullish(),
  decision: z
    .object({
      decided_at: z.string(),
      decided_by: staffRefSchema.nullable(),
      payout_amount_kobo: z.number().int().nullable(),
      approval_note: z.string().nullable(),
      /** Why the amount differs from the quote (null when it does not, or before reasons were recorded). */
      approval_reason_code: z.enum(SALE_APPROVAL_REASON_CODES).nullish(),
      rejection_code: z.enum(SALE_REJECTION_CODES).nullable(),
      rejection_reason: z.string().nullable(),
      rejection_message: z.string().nullable(),
      payout_reference: z.string().nullable(),
      paid_at: z.string().nullable(),
    })
    .nullable(),
  /**
   * The latest request for a second approval (open, confirmed or declined), with both amounts, the
   * first reviewer's reason and note, and the decision (null when there never was one).
   */
  approval_request: saleApprovalRequestSchema.nullish(),
  /** A rejected crypto sale's return: the customer's address, then who recorded it (null when not asked). */
  crypto_return: cryptoReturnSchema.extend({ returned_by: staffRefSchema.nullable() }).nullish(),
  /** Approvals above this (or above the quote) wait for a second approver (APPROVAL_LIMIT_NAIRA, kobo). */
  approval_limit_kobo: z.number().int().optional(),
  /** The customer's sales submitted before this one, newest first (at most SALE_EARLIER_SALES_MAX), with their outcomes. */
  earlier_sales: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(SALE_KINDS),
      title: z.string(),
      value_kobo: z.number().int(),
      status: z.enum(adminSaleStatuses),
      created_at: z.string(),
      rejection_reason: z.string().nullable(),
    }),
  ),
});
export type AdminSaleDetail = z.infer<typeof adminSaleDetailSchema>;
export const adminSaleDetailResponseSchema = z.object({ sale: adminSaleDetailSchema });
export type AdminSaleDetailResponse = z.infer<typeof adminSaleDetailResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Claims and decisions
// ---------------------------------------------------------------------------------------------

/** POST /:id/claim and /:id/release → the claim now (null after a release). */
export const adminSaleClaimResponseSchema = z.object({ claim: z.object({ staff: staffRefSchema, until: z.string() }).nullable() });

/** POST /api/admin/sales/:id/card-code: the code, for the reviewer holding the sale or an admin (audited). */
export const adminSaleCardCodeResponseSchema = z.object({ card_code: z.string() });
export type AdminSaleCardCodeResponse = z.infer<typeof adminSaleCardCodeResponseSchema>;
export type AdminSaleClaimResponse = z.infer<typeof adminSaleClaimResponseSchema>;

/**
 * POST /:id/approve — the amount defaults to the sale's value. A lower one needs a reason from the
 * list (`other` with a note; a note alone reads as `other`); a higher one `other` and a note, and
 * waits for a second approver, like any amount above the single-approval limit.
 */
export const approveSaleBodySchema = z.object({
  reason: z.enum(SALE_APPROVAL_REASON_CODES, { error: reviewMessages.reasonRequired }).optional(),
  payout_amount_kobo: z
    .number({ error: reviewMessages.amountInvalid })
    .int(reviewMessages.amountInvalid)
    .positive(reviewMessages.amountInvalid)
    .max(Number.MAX_SAFE_INTEGER, reviewMessages.amountInvalid)
    .optional(),
  note: staffText(SALE_APPROVAL_NOTE_MAX, reviewMessages.noteTooLong, true),
  ...staffConfirmationFields,
});
export type ApproveSaleBody = z.infer<typeof approveSaleBodySchema>;

/**
 * POST /:id/approval/confirm (admin, not the requester): pays the amount asked. It names the request
 * and the amount the admin was shown; a request declined and asked again is another request.
 */
export const confirmApprovalBodySchema = z.object({
  request_id: z.uuid({ error: reviewMessages.requestChanged }),
  amount_kobo: z
    .number({ error: reviewMessages.requestChanged })
    .int(reviewMessages.requestChanged)
    .positive(reviewMessages.requestChanged)
    .max(Number.MAX_SAFE_INTEGER, reviewMessages.requestChanged),
  ...staffConfirmationFields,
});
export type ConfirmApprovalBody = z.infer<typeof confirmApprovalBodySchema>;
/** POST /:id/approval/decline (admin): the sale goes back to review; an optional note says why. */
export const declineApprovalBodySchema = z.object({
  note: staffText(SALE_APPROVAL_NOTE_MAX, reviewMessages.declineNoteTooLong, true),
});

/** POST /:id/reject — a reason from the list (`other` with its words) and an optional message to the customer. */
export const rejectSaleBodySchema = z
  .object({
    reason: z.enum(SALE_REJECTION_CODES),
    other_reason: staffText(SALE_REJECTION_OTHER_MAX, reviewMessages.otherTooLong, false),
    message: staffText(SALE_REJECTION_MESSAGE_MAX, reviewMessages.messageTooLong, true),
  })
  .superRefine((body, ctx) => {
    if (body.reason === 'other' && !body.other_reason) {
      ctx.addIssue({ code: 'custom', path: ['other_reason'], message: reviewMessages.otherReasonRequired });
    }
  });
export type RejectSaleBody = z.infer<typeof rejectSaleBodySchema>;

/** POST /:id/crypto-return: staff sent a rejected crypto sale's coins back to the customer's address. */
export const recordCryptoReturnBodySchema = z.strictObject({
  transaction_id: plainText(
    z
      .string({ error: cryptoReturnMessages.txIdRequired })
      .trim()
      .min(1, cryptoReturnMessages.txIdRequired)
      .max(CRYPTO_RETURN_TX_ID_MAX, cryptoReturnMessages.txIdTooLong),
  ),
  ...staffConfirmationFields,
});
export type RecordCryptoReturnBody = z.infer<typeof recordCryptoReturnBodySchema>;

/** The sale after a decision (the same shape as GET /:id). */
export const adminSaleDecisionResponseSchema = adminSaleDetailResponseSchema;

/** POST /:id/payout/retry */
export const retryPayoutBodySchema = z.object({ ...staffConfirmationFields });
/**
 * POST /:id/payout/resolve (admin): staff's answer to a payout held because the provider reported
 * another amount or currency — paid (the customer received the approved amount: the sale is paid)
 * or not_paid (the attempt fails: retry, a manual record, or the customer's bank change follow).
 */
export const resolvePayoutBodySchema = z.object({
  resolution: z.enum(payoutResolutions, { error: 'Choose what happened' }),
  note: z
    .string()
    .refine((value) => isPlainText(value, { multiline: true }), { message: reviewMessages.invalidText, abort: true })
    .trim()
    .min(1, 'Write a note saying what you checked')
    .max(500, 'Cannot be more than 500 characters'),
  ...staffConfirmationFields,
});
export type ResolvePayoutBody = z.infer<typeof resolvePayoutBodySchema>;

/** POST /:id/payout/manual (admin): a payment made by other means, recorded with its reference. */
export const manualPayoutBodySchema = z.object({
  reference: z
    .string()
    .refine((value) => isPlainText(value), { message: reviewMessages.invalidText, abort: true })
    .trim()
    .min(1, 'Enter the payment reference')
    .max(100, 'Cannot be more than 100 characters'),
  note: z
    .string()
    .refine((value) => isPlainText(value, { multiline: true }), { message: reviewMessages.invalidText, abort: true })
    .trim()
    .min(1, 'Write a note saying how the customer was paid')
    .max(500, 'Cannot be more than 500 characters'),
  ...staffConfirmationFields,
});
