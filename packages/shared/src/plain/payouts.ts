/*
 * A customer's payout that failed or was reversed by their bank, in the customer's words. The
 * server keeps the provider's own text for staff; the customer reads one of these reasons, and
 * can fix the common causes themselves by changing their bank details (which retries the payout
 * to the new account at once: see the payouts README on the server).
 */

export const PAYOUT_FAILURE_CODES = ['account_invalid', 'bank_declined', 'name_mismatch', 'reversed', 'other'] as const;
export type PayoutFailureCode = (typeof PAYOUT_FAILURE_CODES)[number];

export const payoutFailureTexts = {
  /** The status label on the transactions list and detail. */
  label: 'Payout failed',
  /** The action leading to the bank screen. */
  updateBank: 'Update bank details',
  /** Under the reason on the detail screen. */
  help: 'Update your bank details and we will send the money to your new account straight away.',
  reasons: {
    account_invalid: 'Your bank account could not receive the money: it may be closed, dormant or the number is wrong.',
    bank_declined: 'Your bank declined the payment.',
    name_mismatch: 'The name on the bank account does not match the name we have for you.',
    reversed: 'Your bank sent the payment back to us.',
    other: 'The payment to your bank account did not go through.',
  } satisfies Record<PayoutFailureCode, string>,
} as const;

/**
 * The customer's reason for a provider's failure text (Paystack's messages and the sandbox's).
 * `reversed` is true when a successful payout was later reversed by the bank.
 */
export function payoutFailureCodeOf(providerReason: string | null | undefined, reversed = false): PayoutFailureCode {
  const text = (providerReason ?? '').toLowerCase();
  if (reversed || /revers/.test(text)) return 'reversed';
  if (/name/.test(text) && /(match|differ|mismatch)/.test(text)) return 'name_mismatch';
  if (
    /(invalid|closed|dormant|inactive|not found|could not resolve|cannot resolve|unknown account|account number|refused the bank account)/.test(
      text,
    )
  )
    return 'account_invalid';
  if (/(declin|did not complete|rejected|blocked|abandoned|failed)/.test(text)) return 'bank_declined';
  return 'other';
}

/**
 * A payout that has not reached the payout provider for PAYOUT_DELAY_NOTICE_MINUTES (refused,
 * failing or not answering): the customer's sale says so until it is paid (docs/RELIABILITY.md,
 * "Provider outages"). Nothing for them to do: it is retried until it goes.
 */
export const payoutDelayTexts = {
  /** On the sale's detail screen. */
  notice: "Your payout is delayed on the bank's side; it will go out automatically",
} as const;

/** What a customer's payout notification and e-mail say when it failed or was reversed. */
export const payoutFailedMessage = (title: string, amount: string, reason: string) =>
  `We could not pay your ${title} sale of ${amount}: ${reason} Update your bank details and we will pay you again.`;
