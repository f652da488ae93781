import type { BillNetwork, BillRefusal, ElectricityProvider, MeterType, TvService } from '@wise/shared';
import type { FloatBalance } from '../float';

/**
 * What a purchase at a provider came to. Such services often answer HTTP 200 with
 * `success: false`, and a request that timed out may still have been carried out, so there are
 * three outcomes, not two:
 * - `successful`: the provider says it delivered;
 * - `failed`: the provider refused it, or the request provably never left us (nothing happened);
 *   `refusal` is the reason its code gives, when the protocol has codes; `message` (the provider's
 *   own words) is kept for staff and never shown to a customer;
 * - `unknown`: a timeout, a dropped connection, a 5xx or an unreadable answer — it may or may not
 *   have happened, and only a status query by our request id can tell.
 */
export type PurchaseResult =
  | { outcome: 'successful'; message: string | null; token: string | null; units: string | null }
  | { outcome: 'failed'; message: string | null; unreached: boolean; refusal?: BillRefusal | null }
  | { outcome: 'unknown'; reason: string };

/**
 * The answer to a status query by request id. `pending`: still processing at the provider, or we
 * could not ask (the question is simply asked again later). `not_found`: the provider never
 * received a request with that id.
 */
export type StatusResult =
  /** `amountNaira`: what the provider charged, its decimal text, when it says (reconciliation compares it). */
  | { outcome: 'successful'; message: string | null; token: string | null; units: string | null; amountNaira?: string | null }
  | { outcome: 'failed'; message: string | null; amountNaira?: string | null; refusal?: BillRefusal | null }
  | { outcome: 'pending'; reason: string }
  | { outcome: 'not_found' };

/** docs/product.md §3 data/TV plan as the provider lists it; the amount is its decimal text, unconverted. */
export interface ProviderPlan {
  variationCode: string;
  name: string;
  amountNaira: string;
}

/** Every purchase carries our order's unique request id, so a status query can ask about it. */
export interface PurchaseBase {
  requestId: string;
  phone: string;
  /** Whole naira (docs/product.md §9: the integer part is what is sent). */
  amount: number;
}

export interface DataPurchase extends PurchaseBase {
  network: BillNetwork;
  variationCode: string;
  /** docs/product.md §7: the data request's service_name is the network word of the plan's name. */
  planName: string;
}

export interface TvPurchase extends PurchaseBase {
  service: TvService;
  variationCode: string;
  smartCardNumber: string;
}

export interface ElectricityPurchase extends PurchaseBase {
  provider: ElectricityProvider;
  meterNumber: string;
  meterType: MeterType;
}

export type CustomerCheck =
  | { kind: 'electricity'; provider: ElectricityProvider; meterNumber: string; meterType: MeterType }
  | { kind: 'tv'; service: TvService; smartCardNumber: string };

/** docs/product.md §7's bill-payment service: data, cable TV and electricity. */
export interface BillsProvider {
  readonly name: 'sandbox' | 'http' | 'vtpass';
  /** Throws BillsProviderError when the list can't be had. */
  dataPlans(network: BillNetwork): Promise<ProviderPlan[]>;
  tvPlans(service: TvService): Promise<ProviderPlan[]>;
  buyData(purchase: DataPurchase): Promise<PurchaseResult>;
  buyTv(purchase: TvPurchase): Promise<PurchaseResult>;
  buyElectricity(purchase: ElectricityPurchase): Promise<PurchaseResult>;
  /** The name on a meter or smart card; `null` when the service knows no such number. Throws BillsProviderError when it can't say. */
  verifyCustomer(check: CustomerCheck): Promise<{ customerName: string } | null>;
  queryStatus(requestId: string): Promise<StatusResult>;
  /** The provider wallet's balance (docs/decisions.md: provider floats). */
  balance(): Promise<FloatBalance>;
}

/** A read (plans, verification) that could not be answered: timeout, outage, unreadable answer, bad key. */
export class BillsProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BillsProviderError';
  }
}
