import { createHash } from 'node:crypto';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { payoutSandboxTransfers } from '#server/db/schema/index';
import { systemClock, type Clock } from '#server/lib/clock';
import type { FloatBalance } from '../float';
import type {
  FetchResult,
  InitiateResult,
  ListTransfersResult,
  PayoutAccount,
  PayoutProvider,
  RecipientResult,
  TransferRequest,
  TransferState,
  WebhookVerdict,
} from './types';

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
 *
 * Its balance is `startingBalanceKobo` (PAYOUT_SANDBOX_BALANCE_NAIRA, default ₦100,000,000) less
 * every transfer it made that has not failed; like Paystack it refuses a transfer the balance
 * cannot cover ("Your balance is not enough to fulfil this request"), so waiting for funds can be
 * played by hand with a small balance.
 */

/** The default sandbox float: large enough that nobody waits for funds unless they ask to. */
export const SANDBOX_STARTING_BALANCE_KOBO = 100_000_000 * 100;
export const INSUFFICIENT_BALANCE_MESSAGE = 'Your balance is not enough to fulfil this request';

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
  /** What the float held before any transfer (tests lower or raise it to play a top-up). */
  startingBalanceKobo: number;

  constructor(
    private readonly db: Db,
    private readonly delayMs: number,
    private readonly clock: Clock = systemClock,
    options: { startingBalanceKobo?: number } = {},
  ) {
    this.startingBalanceKobo = options.startingBalanceKobo ?? SANDBOX_STARTING_BALANCE_KOBO;
  }

  async balance(): Promise<FloatBalance> {
    // Transfers to the documented failing accounts give the money back, as a failed transfer does.
    const [row] = await this.db
      .select({ spent: sql<string>`coalesce(sum(${payoutSandboxTransfers.amountKobo}), 0)::text` })
      .from(payoutSandboxTransfers)
      .where(sql`${payoutSandboxTransfers.accountNumber} NOT LIKE ${`%${SANDBOX_FAIL_SUFFIX}`}`);
    return { outcome: 'known', availableKobo: Math.max(0, this.startingBalanceKobo - Number(row?.spent ?? 0)) };
  }

  async listTransfers(from: Date, to: Date): Promise<ListTransfersResult> {
    const rows = await this.db
      .select()
      .from(payoutSandboxTransfers)
      .where(and(gte(payoutSandboxTransfers.createdAt, from), lt(payoutSandboxTransfers.createdAt, to)))
      .orderBy(asc(payoutSandboxTransfers.createdAt), asc(payoutSandboxTransfers.reference));
    return {
      outcome: 'listed',
      transfers: rows.map((row) => {
        const state = this.stateOf(row);
        return {
          reference: row.reference,
          transferCode: row.transferCode,
          amountKobo: row.amountKobo,
          currency: 'NGN',
          providerStatus: state.status,
          state,
          createdAt: row.createdAt,
        };
      }),
    };
  }

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
    const float = await this.balance();
    const seen = await this.fetchTransfer(request.reference);
    if (seen.outcome === 'found') return { outcome: 'duplicate' };
    if (float.outcome === 'known' && float.availableKobo < request.amountKobo)
      return { outcome: 'refused', message: INSUFFICIENT_BALANCE_MESSAGE };
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
      return {
        status: 'failed',
        transferCode: transfer.transferCode,
        reason: `Sandbox: the bank declined the transfer (account ending ${SANDBOX_FAIL_SUFFIX})`,
      };
    }
    return { status: 'success', transferCode: transfer.transferCode, amountKobo: transfer.amountKobo, currency: 'NGN' };
  }
}
