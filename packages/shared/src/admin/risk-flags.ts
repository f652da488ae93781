import { z } from 'zod';
import { SALE_KINDS } from '../sales';

/**
 * Risk flags (domain/admin/review/README.md "Risk flags"): what a reviewer should look at twice,
 * computed by the server for every sale in the queue and on its page. A flag is a warning, never a
 * decision. To add one: its code here, its texts in `riskFlagTexts`, and its SQL predicate in
 * apps/server/src/domain/admin/review/risk-flags.ts (the compiler asks for both).
 */
export const RISK_FLAG_CODES = [
  'duplicate_transaction_id',
  'transaction_id_unreadable',
  'duplicate_card_code',
  'duplicate_photo',
  'new_account',
  'velocity',
  'first_sale',
  'amount_above_usual',
  'name_mismatch',
] as const;
export type RiskFlagCode = (typeof RISK_FLAG_CODES)[number];

/** An account younger than this when it sold. */
export const RISK_NEW_ACCOUNT_HOURS = 24;
/** This many sales or more by one customer within the window (before or after the sale, the sale included). */
export const RISK_VELOCITY_COUNT = 3;
export const RISK_VELOCITY_WINDOW_MINUTES = 60;
/** A value more than this many times the average of the customer's last paid sales… */
export const RISK_AMOUNT_MULTIPLIER = 3;
/** …of at most this many earlier paid sales, when there are at least RISK_AMOUNT_MIN_HISTORY of them. */
export const RISK_AMOUNT_HISTORY = 10;
export const RISK_AMOUNT_MIN_HISTORY = 3;
/** Two images whose perceptual hashes differ in at most this many of 64 bits are the same photo. */
export const RISK_PHOTO_MAX_DISTANCE = 3;

export const riskFlagTexts: Record<RiskFlagCode, { label: string; explanation: string }> = {
  duplicate_transaction_id: {
    label: 'Transaction ID used before',
    explanation:
      'Another sale of this coin gives the same transaction ID (however it was written: link, 0x, case). One deposit is paid once.',
  },
  transaction_id_unreadable: {
    label: 'Transaction ID unreadable',
    explanation:
      'This sale was made before transaction IDs had one form, and no single ID can be read from what the customer typed (shown as typed): it may hide a deposit already sold. Check it on the explorer before paying.',
  },
  duplicate_card_code: {
    label: 'Card code used before',
    explanation:
      'Another sale carries the same card code (compared by how it looks: separators, invisible characters, lookalike letters and case ignored). A new sale of a code still pending or paid is refused; this one matches a rejected or older sale.',
  },
  duplicate_photo: {
    label: 'Photo seen before',
    explanation: `A gift card's photo is the same picture (at most ${RISK_PHOTO_MAX_DISTANCE} of 64 perceptual-hash bits differ) as one in another customer's gift-card sale; a crypto screenshot is the very same image as one in another customer's sale (look-alike exchange screens are not flagged).`,
  },
  new_account: {
    label: 'New account',
    explanation: `The account was less than ${RISK_NEW_ACCOUNT_HOURS} hours old when it made this sale.`,
  },
  velocity: {
    label: 'Many sales at once',
    explanation: `The customer made ${RISK_VELOCITY_COUNT} or more sales within ${RISK_VELOCITY_WINDOW_MINUTES} minutes of this one (this one included).`,
  },
  first_sale: {
    label: 'First sale',
    explanation: 'This is the customer’s first sale: there is no history to compare with.',
  },
  name_mismatch: {
    label: 'Account name differs',
    explanation:
      'The payout account’s name only partly matches the customer’s profile name (for example the surname alone): check the account is theirs before paying.',
  },
  amount_above_usual: {
    label: 'Far above usual',
    explanation: `The value is more than ${RISK_AMOUNT_MULTIPLIER}× the average of the customer’s last ${RISK_AMOUNT_HISTORY} paid sales (with at least ${RISK_AMOUNT_MIN_HISTORY} of them).`,
  },
};

export const riskFlagCodeSchema = z.enum(RISK_FLAG_CODES);

/** Another sale a flag points at (same transaction ID, code or photo). */
export const riskFlagRelatedSaleSchema = z.object({
  id: z.string(),
  kind: z.enum(SALE_KINDS),
  title: z.string(),
  status: z.enum(['submitted', 'under_review', 'approved', 'paid', 'rejected']),
  created_at: z.string(),
  customer: z.object({ id: z.string(), full_name: z.string(), username: z.string() }),
});
export type RiskFlagRelatedSale = z.infer<typeof riskFlagRelatedSaleSchema>;

export const riskFlagSchema = z.object({
  code: riskFlagCodeSchema,
  /** The other sales behind a duplicate flag, oldest first (empty for the others). */
  related_sales: z.array(riskFlagRelatedSaleSchema),
});
export type RiskFlag = z.infer<typeof riskFlagSchema>;
