import { endpoint, integerPart, requestJson, toPurchaseResult, toStatusResult } from '../bills/transport';
import type { AirtimeProvider, AirtimePurchase, PurchaseResult, StatusResult } from './types';

/**
 * The airtime provider of docs/product.md §7, relative to AIRTIME_BASE_URL:
 *
 * | call | request | answer read |
 * |---|---|---|
 * | airtime | POST buyairtime/request {public_key, request_id, amount (integer part), phone, service_name (lowercase network)} | success, message |
 * | status | POST buyairtime/requery {public_key, request_id} | success, status (successful, failed, processing, not_found), message |
 *
 * The protocol shows no status call; ours asks by the request id every purchase carries.
 */

export interface HttpAirtimeOptions {
  publicKey: string;
  baseUrl: string;
  timeoutMs: number;
}

export class HttpAirtimeProvider implements AirtimeProvider {
  readonly name = 'http' as const;
  constructor(private readonly options: HttpAirtimeOptions) {}

  async buyAirtime(purchase: AirtimePurchase): Promise<PurchaseResult> {
    return toPurchaseResult(
      await this.post('buyairtime/request', {
        request_id: purchase.requestId,
        amount: integerPart(purchase.amount),
        phone: purchase.phone,
        service_name: purchase.network.toLowerCase(),
      }),
    );
  }

  async queryStatus(requestId: string): Promise<StatusResult> {
    return toStatusResult(await this.post('buyairtime/requery', { request_id: requestId }));
  }

  private post(path: string, body: Record<string, unknown>) {
    return requestJson({
      provider: 'airtime',
      method: 'POST',
      url: endpoint(this.options.baseUrl, path),
      body: { public_key: this.options.publicKey, ...body },
      timeoutMs: this.options.timeoutMs,
    });
  }
}
