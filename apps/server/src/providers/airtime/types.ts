import type { BillNetwork } from '@wise/shared';
import type { PurchaseBase, PurchaseResult, StatusResult } from '../bills/types';

export type { PurchaseResult, StatusResult } from '../bills/types';

export interface AirtimePurchase extends PurchaseBase {
  network: BillNetwork;
}

/** docs/product.md §7's airtime provider: one purchase call, plus our status query by request id. */
export interface AirtimeProvider {
  readonly name: 'sandbox' | 'http' | 'vtpass';
  buyAirtime(purchase: AirtimePurchase): Promise<PurchaseResult>;
  queryStatus(requestId: string): Promise<StatusResult>;
}
