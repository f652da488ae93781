import type { Config } from '#server/config';
import type { Backoff } from '#server/jobs/queue';
import type { Clock } from '#server/lib/clock';
import type { PayoutProvider } from '#server/providers/payouts/index';

/** Everything the payouts area needs besides the database. */
export interface PayoutDeps {
  clock: Clock;
  provider: PayoutProvider;
  settings: PayoutSettings;
  /** Where what staff or operators must know is reported (the request or job logger). */
  logger?: PayoutLogger;
  /** For the link in the customer's e-mail. */
  appUrl?: string;
}

export interface PayoutLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentPayoutLogger: PayoutLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface PayoutSettings {
  /** First status query after the provider accepted a transfer as pending (the webhook usually comes first). */
  firstCheckDelayMs: number;
  /** Between status queries while a transfer stays pending. */
  checkBackoff: Backoff;
  checkMaxAttempts: number;
  /** Between attempts of a send whose outcome is unknown (each one asks first, then resends). */
  sendBackoff: Backoff;
  /**
   * An open attempt untouched this long is taken over by the recovery sweep: longer than a send
   * job can take (three provider calls, each within its time limit), so a live sender has ended.
   */
  staleAfterMs: number;
  recoveryIntervalMs: number;
  /** PAYOUT_DELAY_NOTICE_MINUTES: failing to reach the provider this long tells the customer, once (delay.ts). */
  delayNoticeMs: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export function payoutSettings(
  config: Pick<Config, 'PAYOUT_SECRET_KEY' | 'PAYOUT_TIMEOUT_MS' | 'PAYOUT_SANDBOX_DELAY_MS'> &
    Partial<Pick<Config, 'PAYOUT_DELAY_NOTICE_MINUTES'>>,
): PayoutSettings {
  const staleAfterMs = 3 * config.PAYOUT_TIMEOUT_MS + 15_000;
  return {
    // The sandbox settles after its delay, counted from the transfer's creation, which comes
    // before this check is scheduled: it is due by then, and 25 ms covers a timer firing early.
    // (250 ms here cost every sandbox payout a quarter of a second, docs/PERFORMANCE.md.)
    // Paystack's webhook normally arrives within seconds; the query is the fallback.
    firstCheckDelayMs: config.PAYOUT_SECRET_KEY ? 15_000 : config.PAYOUT_SANDBOX_DELAY_MS + 25,
    checkBackoff: { baseMs: 5_000, maxMs: 10 * 60_000 },
    // 5 s, 10 s, 20 s … capped at 10 min: about three hours; the sweep keeps asking after that.
    checkMaxAttempts: 25,
    sendBackoff: { baseMs: 5_000, maxMs: 2 * 60_000 },
    staleAfterMs,
    recoveryIntervalMs: Math.round(clamp(staleAfterMs / 2, 5_000, 60_000) / 1000) * 1000,
    delayNoticeMs: (config.PAYOUT_DELAY_NOTICE_MINUTES ?? 5) * 60_000,
  };
}
