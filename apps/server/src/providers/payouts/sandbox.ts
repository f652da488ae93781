import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutSandboxTransfers } from '../../db/schema/index';
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
 *
 * Its book of transfers is a table (payout_sandbox_transfers), not the process's memory: every
 * instance behind a balancer sees the same transfers, as they would see Paystack's, and a restart
 * forgets none. The recipient code carries the account itself, so any instance can pay a
 * recipient another one created.
 */

export const SANDBOX_FAIL_SUFFIX = '1111';
export const SANDBOX_PENDING_SUFFIX = '2222';

const RECIPIENT_PREFIX = 'RCP_sandbox_';
const recipientPattern = /^RCP_sandbox_([A-Za-z0-9]{1,20})_([0-9]{10})$/;

interface SandboxTransfer {
  transferCode: string;
  accountNumber: string;
  amountKobo: number;
  createdAt: Date;
}

export class SandboxPayouts implements PayoutProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly delayMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Transfers made, for tests: one per reference however often it was sent. */
  async transferCount(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(payoutSandboxTransfers);
    return row?.count ?? 0;
  }

  async createRecipient(account: PayoutAccount): Promise<RecipientResult> {
    const code = `${RECIPIENT_PREFIX}${account.bankCode}_${account.accountNumber}`;
    if (!recipientPattern.test(code)) return { outcome: 'refused', message: 'Invalid account number' };
    return { outcome: 'created', recipientCode: code };
  }

  async initiateTransfer(request: TransferRequest): Promise<InitiateResult> {
    const recipient = recipientPattern.exec(request.recipientCode);
    if (!recipient) return { outcome: 'refused', message: 'Recipient not found' };
    if (!Number.isSafeInteger(request.amountKobo) || request.amountKobo <= 0) return { outcome: 'refused', message: 'Invalid amount' };
    const transfer: SandboxTransfer = {
      transferCode: `TRF_sandbox_${createHash('sha256').update(request.reference).digest('hex').slice(0, 16)}`,
      accountNumber: recipient[2]!,
      amountKobo: request.amountKobo,
      createdAt: this.clock.now(),
    };
    // The primary key on the reference is the one-transfer-per-reference rule, across instances.
    const inserted = await this.db
      .insert(payoutSandboxTransfers)
      .values({ reference: request.reference, bankCode: recipient[1]!, ...transfer })
      .onConflictDoNothing({ target: payoutSandboxTransfers.reference })
      .returning({ reference: payoutSandboxTransfers.reference });
    if (inserted.length === 0) return { outcome: 'duplicate' };
    return { outcome: 'accepted', state: this.stateOf(transfer) };
  }

  async fetchTransfer(reference: string): Promise<FetchResult> {
    const [transfer] = await this.db
      .select({
        transferCode: payoutSandboxTransfers.transferCode,
        accountNumber: payoutSandboxTransfers.accountNumber,
        amountKobo: payoutSandboxTransfers.amountKobo,
        createdAt: payoutSandboxTransfers.createdAt,
      })
      .from(payoutSandboxTransfers)
      .where(eq(payoutSandboxTransfers.reference, reference));
    return transfer ? { outcome: 'found', state: this.stateOf(transfer) } : { outcome: 'not_found' };
  }

  /** The sandbox sends no webhooks and has no secret to check one with: every call is refused. */
  verifyWebhook(): WebhookVerdict {
    return { kind: 'invalid' };
  }

  private stateOf(transfer: SandboxTransfer): TransferState {
    const due = this.clock.now().getTime() - transfer.createdAt.getTime() >= this.delayMs;
    if (transfer.accountNumber.endsWith(SANDBOX_PENDING_SUFFIX) || !due) {
      return { status: 'pending', transferCode: transfer.transferCode, detail: 'sandbox: waiting for the bank' };
    }
    if (transfer.accountNumber.endsWith(SANDBOX_FAIL_SUFFIX)) {
      return { status: 'failed', transferCode: transfer.transferCode, reason: `Sandbox: the bank declined the transfer (account ending ${SANDBOX_FAIL_SUFFIX})` };
    }
    return { status: 'success', transferCode: transfer.transferCode, amountKobo: transfer.amountKobo, currency: 'NGN' };
  }
}
