import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { systemClock, type Clock } from '#server/lib/clock';
import { PaystackPayouts } from './paystack';
import { SandboxPayouts } from './sandbox';
import type { PayoutProvider } from './types';

export type {
  FetchResult,
  InitiateResult,
  ListTransfersResult,
  PayoutAccount,
  PayoutProvider,
  ProviderTransfer,
  RecipientResult,
  TransferEvent,
  TransferRequest,
  TransferState,
  WebhookVerdict,
} from './types';
export type { FloatBalance } from '../float';
export { PaystackPayouts, paystackSignature } from './paystack';
export {
  INSUFFICIENT_BALANCE_MESSAGE,
  SandboxPayouts,
  SANDBOX_FAIL_SUFFIX,
  SANDBOX_PENDING_SUFFIX,
  SANDBOX_STARTING_BALANCE_KOBO,
} from './sandbox';

/** Paystack transfers when the secret key is configured, the offline sandbox otherwise (docs/decisions.md §6). */
export function createPayoutProvider(
  config: Pick<Config, 'PAYOUT_SECRET_KEY' | 'PAYOUT_BASE_URL' | 'PAYOUT_TIMEOUT_MS' | 'PAYOUT_SANDBOX_DELAY_MS'> &
    Partial<Pick<Config, 'PAYOUT_SANDBOX_BALANCE_NAIRA'>>,
  /** The sandbox keeps its transfers in the database, where every instance sees them. */
  db: Db,
  clock: Clock = systemClock,
): PayoutProvider {
  return config.PAYOUT_SECRET_KEY
    ? new PaystackPayouts({ secretKey: config.PAYOUT_SECRET_KEY, baseUrl: config.PAYOUT_BASE_URL, timeoutMs: config.PAYOUT_TIMEOUT_MS })
    : new SandboxPayouts(
        db,
        config.PAYOUT_SANDBOX_DELAY_MS,
        clock,
        config.PAYOUT_SANDBOX_BALANCE_NAIRA === undefined ? {} : { startingBalanceKobo: config.PAYOUT_SANDBOX_BALANCE_NAIRA * 100 },
      );
}
