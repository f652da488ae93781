import { createHash } from 'node:crypto';
import { systemClock, type Clock } from '../../lib/clock';
import type { FetchResult, InitiateResult, PayoutAccount, PayoutProvider, RecipientResult, TransferRequest, TransferState, WebhookVerdict } from './types';

/**
 * The offline payout sandbox (used when PAYOUT_SECRET_KEY is unset). It behaves like Paystack
 * where it matters: one transfer per reference (a resend is answered "duplicate"), a transfer
 * accepted as pending and settled a little later, a status query by reference. Documented
 * accounts:
 * - ending `1111`: the transfer fails after the delay (the bank declined it);
 * - ending `2222`: the transfer stays pending for ever (a bank that never answers);
 * - any other: paid after `delayMs` (PAYOUT_SANDBOX_DELAY_MS, default 3 s).
 * Its memory is the process's: after a restart a transfer it had is "not found", and the
 * payout is sent again with the same reference (see domain/payouts/README.md).
 */

export const SANDBOX_FAIL_SUFFIX = '1111';
export const SANDBOX_PENDING_SUFFIX = '2222';

interface SandboxTransfer {
  reference: string;
  transferCode: string;
  accountNumber: string;
  amountKobo: number;
  createdAt: number;
}

export class SandboxPayouts implements PayoutProvider {
  readonly name = 'sandbox' as const;
  private readonly recipients = new Map<string, PayoutAccount>();
  private readonly transfers = new Map<string, SandboxTransfer>();

  constructor(
    private readonly delayMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Transfers made, for tests: one per reference however often it was sent. */
  get transferCount(): number {
    return this.transfers.size;
  }

  async createRecipient(account: PayoutAccount): Promise<RecipientResult> {
    const code = `RCP_sandbox_${createHash('sha256').update(`${account.bankCode}:${account.accountNumber}`).digest('hex').slice(0, 16)}`;
    this.recipients.set(code, account);
    return { outcome: 'created', recipientCode: code };
  }

  async initiateTransfer(request: TransferRequest): Promise<InitiateResult> {
    if (this.transfers.has(request.reference)) return { outcome: 'duplicate' };
    const account = this.recipients.get(request.recipientCode);
    if (!account) return { outcome: 'refused', message: 'Recipient not found' };
    if (!Number.isSafeInteger(request.amountKobo) || request.amountKobo <= 0) return { outcome: 'refused', message: 'Invalid amount' };
    const transfer: SandboxTransfer = {
      reference: request.reference,
      transferCode: `TRF_sandbox_${createHash('sha256').update(request.reference).digest('hex').slice(0, 16)}`,
      accountNumber: account.accountNumber,
      amountKobo: request.amountKobo,
      createdAt: this.clock.now().getTime(),
    };
    this.transfers.set(request.reference, transfer);
    return { outcome: 'accepted', state: this.stateOf(transfer) };
  }

  async fetchTransfer(reference: string): Promise<FetchResult> {
    const transfer = this.transfers.get(reference);
    return transfer ? { outcome: 'found', state: this.stateOf(transfer) } : { outcome: 'not_found' };
  }

  /** The sandbox sends no webhooks and has no secret to check one with: every call is refused. */
  verifyWebhook(): WebhookVerdict {
    return { kind: 'invalid' };
  }

  private stateOf(transfer: SandboxTransfer): TransferState {
    const due = this.clock.now().getTime() - transfer.createdAt >= this.delayMs;
    if (transfer.accountNumber.endsWith(SANDBOX_PENDING_SUFFIX) || !due) {
      return { status: 'pending', transferCode: transfer.transferCode, detail: 'sandbox: waiting for the bank' };
    }
    if (transfer.accountNumber.endsWith(SANDBOX_FAIL_SUFFIX)) {
      return { status: 'failed', transferCode: transfer.transferCode, reason: `Sandbox: the bank declined the transfer (account ending ${SANDBOX_FAIL_SUFFIX})` };
    }
    return { status: 'success', transferCode: transfer.transferCode, amountKobo: transfer.amountKobo };
  }
}
