import { BILL_NETWORK_LABELS } from '@wise/shared';
import { playSandboxPurchase, SandboxRequestBook, type SandboxOptions } from '../bills/sandbox';
import type { AirtimeProvider, AirtimePurchase, PurchaseResult, StatusResult } from './types';

/**
 * The offline airtime provider (no AIRTIME_PUBLIC_KEY). The same documented inputs as the bills
 * sandbox (providers/bills/sandbox.ts): a phone ending 0000 is refused, 9999 times out and then
 * reads successful, 8888 times out and then reads failed, 7777 is lost before it was recorded.
 */
export class SandboxAirtimeProvider implements AirtimeProvider {
  readonly name = 'sandbox' as const;
  private readonly book = new SandboxRequestBook();
  private readonly slowMs: number;

  constructor(options: SandboxOptions = {}) {
    this.slowMs = options.slowMs ?? 1500;
  }

  buyAirtime(purchase: AirtimePurchase): Promise<PurchaseResult> {
    return playSandboxPurchase(this.book, this.slowMs, purchase, () => ({
      outcome: 'successful',
      message: `${BILL_NETWORK_LABELS[purchase.network]} airtime of ₦${Math.trunc(purchase.amount)} sent to ${purchase.phone}`,
      token: null,
      units: null,
    }));
  }

  async queryStatus(requestId: string): Promise<StatusResult> {
    return this.book.status(requestId);
  }
}
