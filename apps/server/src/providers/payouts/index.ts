import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import { PaystackPayouts } from './paystack';
import { SandboxPayouts } from './sandbox';
import type { PayoutProvider } from './types';

export type { FetchResult, InitiateResult, PayoutAccount, PayoutProvider, RecipientResult, TransferEvent, TransferRequest, TransferState, WebhookVerdict } from './types';
export { PaystackPayouts, paystackSignature } from './paystack';
export { SandboxPayouts, SANDBOX_FAIL_SUFFIX, SANDBOX_PENDING_SUFFIX } from './sandbox';

/** Paystack transfers when the secret key is configured, the offline sandbox otherwise (docs/decisions.md §6). */
export function createPayoutProvider(
  config: Pick<Config, 'PAYOUT_SECRET_KEY' | 'PAYOUT_BASE_URL' | 'PAYOUT_TIMEOUT_MS' | 'PAYOUT_SANDBOX_DELAY_MS'>,
  /** The sandbox keeps its transfers in the database, where every instance sees them. */
  db: Db,
  clock: Clock = systemClock,
): PayoutProvider {
  return config.PAYOUT_SECRET_KEY
    ? new PaystackPayouts({ secretKey: config.PAYOUT_SECRET_KEY, baseUrl: config.PAYOUT_BASE_URL, timeoutMs: config.PAYOUT_TIMEOUT_MS })
    : new SandboxPayouts(db, config.PAYOUT_SANDBOX_DELAY_MS, clock);
}
