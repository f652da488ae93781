import type { FloatBalance } from '../float';

/**
 * The payout provider (docs/decisions.md §5.3): pays a customer's bank account by transfer. Every transfer
 * carries OUR reference; the provider makes at most one transfer per reference, so a resend
 * (a retry after a timeout, a crash, a second worker) can never pay twice.
 *
 * Answers are three-way where money is concerned, as with the bill providers: a request that
 * timed out may still have been carried out, and only a query by reference can tell.
 */

/** The account a transfer pays: the sale's bank-details snapshot. */
export interface PayoutAccount {
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

export type RecipientResult =
  | { outcome: 'created'; recipientCode: string }
  /** The provider refused the account (unknown bank, bad number): no transfer can be made to it. */
  | { outcome: 'refused'; message: string }
  /** We could not tell (timeout, outage, unreadable answer): ask again later. */
  | { outcome: 'unknown'; reason: string };

export interface TransferRequest {
  /** Ours, unique per attempt: `^[a-z0-9_-]{16,50}$`. */
  reference: string;
  recipientCode: string;
  amountKobo: number;
  /** Shown on the customer's bank statement. */
  reason: string;
}

/** Where a transfer stands at the provider. */
export type TransferState =
  /** amountKobo and currency as the provider reports them (null when it does not say): checked against the attempt. */
  | { status: 'success'; transferCode: string | null; amountKobo: number | null; currency: string | null }
  | { status: 'failed'; transferCode: string | null; reason: string }
  /**
   * Accepted, not final yet (queued at the provider, awaiting the bank, or awaiting OTP approval).
   * `awaitingOtp`: the provider will not move it until someone types an OTP (Paystack's `otp`):
   * held for an admin, never left to wait unseen.
   */
  | { status: 'pending'; transferCode: string | null; detail: string | null; awaitingOtp?: boolean };

export type InitiateResult =
  | { outcome: 'accepted'; state: TransferState }
  /** Refused as sent (insufficient balance, bad recipient…): the provider made no transfer. */
  | { outcome: 'refused'; message: string }
  /** The provider already has a transfer with this reference: query it. */
  | { outcome: 'duplicate' }
  /** May or may not have been carried out (timeout, dropped connection, 5xx). */
  | { outcome: 'unknown'; reason: string };

export type FetchResult =
  | { outcome: 'found'; state: TransferState }
  /** The provider has no transfer with this reference. */
  | { outcome: 'not_found' }
  /** We could not ask: try again later. */
  | { outcome: 'unknown'; reason: string };

/** A verified webhook event about a transfer. */
export interface TransferEvent {
  event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed';
  reference: string;
  state: TransferState;
}

export type WebhookVerdict =
  /** Signature good, an event we act on. */
  | { kind: 'transfer'; event: TransferEvent }
  /** Signature good, an event we have no use for (acknowledged, ignored). */
  | { kind: 'ignored'; event: string }
  /** Missing or wrong signature, or no way to check one: refused. */
  | { kind: 'invalid' };

/** One transfer as the provider lists it (reconciliation compares it with our attempt by reference). */
export interface ProviderTransfer {
  /** Ours when we made it; a transfer made by hand in the provider's dashboard may have another or none. */
  reference: string | null;
  transferCode: string | null;
  amountKobo: number | null;
  currency: string | null;
  /** The provider's own word (`success`, `reversed`, `otp`…), kept for staff. */
  providerStatus: string;
  state: TransferState;
  createdAt: Date | null;
}

export type ListTransfersResult =
  | { outcome: 'listed'; transfers: ProviderTransfer[] }
  /** We could not read the whole list (timeout, outage, unreadable page): nothing is concluded. */
  | { outcome: 'unknown'; reason: string };

export interface PayoutProvider {
  readonly name: 'sandbox' | 'paystack';
  createRecipient(account: PayoutAccount): Promise<RecipientResult>;
  initiateTransfer(request: TransferRequest): Promise<InitiateResult>;
  fetchTransfer(reference: string): Promise<FetchResult>;
  /** Checks the signature over the exact bytes received, then reads the event. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookVerdict;
  /** The NGN balance transfers are paid from (docs/decisions.md: provider floats). */
  balance(): Promise<FloatBalance>;
  /** Every transfer created in [from, to), all pages (the daily reconciliation). */
  listTransfers(from: Date, to: Date): Promise<ListTransfersResult>;
}
