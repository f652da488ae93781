// Back office: what the chain says beside a crypto sale, and the switch of the manual path
// (docs/crypto-settlement.md, "The manual path").
import { z } from 'zod';
import { CRYPTO_NETWORK_IDS } from '../plain/crypto-networks';
import { staffConfirmationFields } from './confirmation';

const staffRefSchema = z.object({ id: z.string(), name: z.string() });

export const chainReviewMessages = {
  /** 409 when approving a sale whose transaction ID is another customer's recorded deposit (0057). */
  depositOfAnotherCustomer: "This sale's transaction paid another customer's deposit address: it can only credit them. Reject this sale.",
} as const;

// ---------------------------------------------------------------------------------------------
// The manual path's switch
// ---------------------------------------------------------------------------------------------

/** GET /api/admin/crypto/manual-path: whether customers may still sell with a screenshot. */
export const manualPathSchema = z.object({
  enabled: z.boolean(),
  changed_at: z.string(),
  /** The admin who last turned it on or off (null: as installed). */
  changed_by: staffRefSchema.nullable(),
});
export type ManualPath = z.infer<typeof manualPathSchema>;
export const manualPathResponseSchema = z.object({ manual_path: manualPathSchema });
export type ManualPathResponse = z.infer<typeof manualPathResponseSchema>;

/** PUT /api/admin/crypto/manual-path (admin, with the authenticator code or a passkey; audited). */
export const updateManualPathSchema = z.object({ enabled: z.boolean(), ...staffConfirmationFields });
export type UpdateManualPathInput = z.infer<typeof updateManualPathSchema>;

// ---------------------------------------------------------------------------------------------
// Chain facts on a sale's review
// ---------------------------------------------------------------------------------------------

/**
 * What the on-chain check of a manual sale's transaction ID found (domain/sales/transaction-check.ts):
 * - `matches`: it paid our shared address for the coin and network, at least the sale's amount,
 *   after the quote, succeeded and has the confirmations the network needs;
 * - `unconfirmed`: all of that but fewer confirmations so far (checked again later);
 * - `amount_short`, `before_quote` (an older transfer), `wrong_asset` (another token or coin to our
 *   address), `wrong_recipient` (none of our addresses), `deposit_address` (a customer's own deposit
 *   address: it is credited by the watcher, never by hand), `failed` (the chain executed it and it
 *   failed), `not_found` (the chain does not know it);
 * - `not_checked`: no watcher for the network; `unavailable`: the chain's provider did not answer.
 */
export const TRANSACTION_CHECK_VERDICTS = [
  'matches',
  'unconfirmed',
  'amount_short',
  'before_quote',
  'wrong_asset',
  'wrong_recipient',
  'deposit_address',
  'failed',
  'not_found',
  'not_checked',
  'unavailable',
] as const;
export type TransactionCheckVerdict = (typeof TRANSACTION_CHECK_VERDICTS)[number];

export const transactionCheckLabels: Record<TransactionCheckVerdict, string> = {
  matches: 'Matches the sale',
  unconfirmed: 'Not confirmed yet',
  amount_short: 'Less than the sale',
  before_quote: 'Sent before the quote',
  wrong_asset: 'Another coin or token',
  wrong_recipient: 'Not to our address',
  deposit_address: "To a customer's deposit address",
  failed: 'Failed on chain',
  not_found: 'Not found on chain',
  not_checked: 'Not checked',
  unavailable: 'Chain not reachable',
};

/** How the desk colours a verdict: only `matches` reads as good; nothing here decides the sale. */
export const transactionCheckTones: Record<TransactionCheckVerdict, 'success' | 'warning' | 'danger' | 'neutral'> = {
  matches: 'success',
  unconfirmed: 'warning',
  amount_short: 'danger',
  before_quote: 'danger',
  wrong_asset: 'danger',
  wrong_recipient: 'danger',
  deposit_address: 'danger',
  failed: 'danger',
  not_found: 'danger',
  not_checked: 'neutral',
  unavailable: 'neutral',
};

export const transactionCheckSchema = z.object({
  verdict: z.enum(TRANSACTION_CHECK_VERDICTS),
  /** Why, in a few words (a provider's failure, whose deposit address). */
  detail: z.string().nullable(),
  succeeded: z.boolean().nullable(),
  confirmations: z.number().int().nonnegative().nullable(),
  required_confirmations: z.number().int().positive(),
  block_number: z.string().nullable(),
  block_time: z.string().nullable(),
  /** When the sale's quote was made: the transfer must come after it. */
  quote_created_at: z.string().nullable(),
  recipient: z.string().nullable(),
  sender: z.string().nullable(),
  /** What reached our address, in the coin; `expected_amount` is the sale's. */
  received_amount: z.string().nullable(),
  expected_amount: z.string().nullable(),
  checks: z.number().int().positive(),
  checked_at: z.string(),
});
export type TransactionCheck = z.infer<typeof transactionCheckSchema>;

export const CHAIN_DEPOSIT_STATUSES = ['seen', 'confirmed', 'settled', 'review', 'held', 'dropped', 'closed'] as const;

/** A deposit the chain watcher recorded on the customer's own address, which became this sale. */
export const chainDepositFactsSchema = z.object({
  id: z.string(),
  status: z.enum(CHAIN_DEPOSIT_STATUSES),
  review_reason: z.string().nullable(),
  address: z.string(),
  sender: z.string().nullable(),
  asset: z.string(),
  amount: z.string(),
  confirmations: z.number().int().nonnegative(),
  required_confirmations: z.number().int().positive(),
  block_number: z.string().nullable(),
  block_time: z.string().nullable(),
  first_seen_at: z.string(),
  confirmed_at: z.string().nullable(),
  /** A deposit a reviewer priced at the desk (at that day's rate): who. They cannot approve this sale. */
  priced_by: staffRefSchema.nullable(),
});
export type ChainDepositFacts = z.infer<typeof chainDepositFactsSchema>;

/**
 * The "Chain" panel of a crypto sale: the network and transaction, its explorer link, and either
 * the deposit it came from or the manual check of its transaction ID (null until the first check
 * ran, or when the sale gave no ID). Null for a gift card, and for a crypto sale with no network.
 */
export const saleChainSchema = z.object({
  network: z.enum(CRYPTO_NETWORK_IDS),
  txid: z.string().nullable(),
  explorer_url: z.string().nullable(),
  deposit: chainDepositFactsSchema.nullable(),
  check: transactionCheckSchema.nullable(),
  /** A manual sale with a transaction ID: a reviewer may ask for the check again. */
  can_recheck: z.boolean(),
});
export type SaleChain = z.infer<typeof saleChainSchema>;

/** POST /api/admin/sales/:id/transaction-check: the check is queued (false: one is already waiting). */
export const transactionRecheckResponseSchema = z.object({ queued: z.boolean() });
export type TransactionRecheckResponse = z.infer<typeof transactionRecheckResponseSchema>;
