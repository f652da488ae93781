import { dataServiceId, electricityServiceName, type BillNetwork, type TvService } from '@wise/shared';
import { recordProviderWalletLow } from '#server/lib/metrics';
import type { AirtimeProvider, AirtimePurchase } from '../airtime/types';
import { endpoint, integerPart, requestJson, type ProviderAnswer } from '../bills/transport';
import {
  BillsProviderError,
  type BillsProvider,
  type CustomerCheck,
  type DataPurchase,
  type ElectricityPurchase,
  type ProviderPlan,
  type PurchaseResult,
  type TvPurchase,
} from '../bills/types';
import type { FloatBalance } from '../float';
import { readBalanceAnswer, readPayAnswer, readPlansAnswer, readRequeryAnswer, readVerifyAnswer, type VtpassStatusResult } from './answers';
import { isVtpassRequestId } from './request-id';

/**
 * VTpass (README of providers/vtpass) for airtime, data, TV and electricity: one client that is
 * both the airtime provider and the bill-payment service. Paths relative to VTPASS_BASE_URL
 * (`https://vtpass.com/api`, the sandbox `https://sandbox.vtpass.com/api`):
 *
 * | call | request | answer read |
 * |---|---|---|
 * | plans | GET service-variations?serviceID={network}-data or {tv service} | content.varations[] {variation_code, name, variation_amount} |
 * | verify | POST merchant-verify {billersCode, serviceID, type?} | code, content.Customer_Name (content.error / WrongBillersCode: no such customer) |
 * | purchase | POST pay {request_id, serviceID, amount, phone, billersCode?, variation_code?, subscription_type?} | code, content.transactions.status, response_description, purchased_code, units |
 * | status | POST requery {request_id} | the same as a purchase; 015: no such request id |
 * | float | GET balance | contents.balance (naira) |
 *
 * GET requests carry the `api-key` and `public-key` headers, POST requests `api-key` and `secret-key`.
 */

export interface VtpassOptions {
  apiKey: string;
  publicKey: string;
  secretKey: string;
  baseUrl: string;
  timeoutMs: number;
  /** When a low-wallet refusal is counted (tests fix it). */
  now?: () => Date;
}

/** The Prometheus label of every call (wise_provider_call_duration_seconds) and of the low-wallet count. */
const PROVIDER = 'vtpass';

/** DStv and GOtv renew or change a bouquet; buying a listed plan is a change to that plan. */
const BOUQUET_SERVICES = new Set<TvService>(['dstv', 'gotv']);

export class VtpassClient implements AirtimeProvider, BillsProvider {
  readonly name = 'vtpass' as const;
  constructor(private readonly options: VtpassOptions) {}

  dataPlans(network: BillNetwork): Promise<ProviderPlan[]> {
    return this.plans(dataServiceId(network));
  }

  tvPlans(service: TvService): Promise<ProviderPlan[]> {
    return this.plans(service);
  }

  buyAirtime(purchase: AirtimePurchase): Promise<PurchaseResult> {
    return this.pay(purchase.requestId, { serviceID: purchase.network, amount: integerPart(purchase.amount), phone: purchase.phone });
  }

  buyData(purchase: DataPurchase): Promise<PurchaseResult> {
    return this.pay(purchase.requestId, {
      serviceID: dataServiceId(purchase.network),
      billersCode: purchase.phone,
      variation_code: purchase.variationCode,
      amount: integerPart(purchase.amount),
      phone: purchase.phone,
    });
  }

  buyTv(purchase: TvPurchase): Promise<PurchaseResult> {
    return this.pay(purchase.requestId, {
      serviceID: purchase.service,
      billersCode: purchase.smartCardNumber,
      variation_code: purchase.variationCode,
      amount: integerPart(purchase.amount),
      phone: purchase.phone,
      ...(BOUQUET_SERVICES.has(purchase.service) ? { subscription_type: 'change', quantity: 1 } : {}),
    });
  }

  buyElectricity(purchase: ElectricityPurchase): Promise<PurchaseResult> {
    return this.pay(purchase.requestId, {
      serviceID: electricityServiceName(purchase.provider),
      billersCode: purchase.meterNumber,
      variation_code: purchase.meterType,
      amount: integerPart(purchase.amount),
      phone: purchase.phone,
    });
  }

  async verifyCustomer(check: CustomerCheck): Promise<{ customerName: string } | null> {
    const body =
      check.kind === 'electricity'
        ? { billersCode: check.meterNumber, serviceID: electricityServiceName(check.provider), type: check.meterType }
        : { billersCode: check.smartCardNumber, serviceID: check.service };
    const answer = await this.post('merchant-verify', body);
    if (answer.kind !== 'answer') throw new BillsProviderError(`merchant-verify: ${answer.reason}`);
    if (answer.status >= 400) throw new BillsProviderError(`merchant-verify answered HTTP ${answer.status}`);
    const read = readVerifyAnswer(answer.body);
    if (read && 'problem' in read) throw new BillsProviderError(`merchant-verify ${read.problem}`);
    return read;
  }

  async queryStatus(requestId: string): Promise<VtpassStatusResult> {
    // An id VTpass would refuse was never sent (pay checks the same): no purchase exists under it.
    if (!isVtpassRequestId(requestId)) return { outcome: 'not_found' };
    return readRequeryAnswer(await this.post('requery', { request_id: requestId }));
  }

  /** The VTpass wallet every purchase is paid from: a provider float (docs/decisions.md §6.4). */
  async balance(): Promise<FloatBalance> {
    return readBalanceAnswer(await this.get('balance'));
  }

  private async pay(requestId: string, body: Record<string, unknown>): Promise<PurchaseResult> {
    if (!isVtpassRequestId(requestId)) return { outcome: 'failed', message: null, unreached: true };
    const reading = readPayAnswer(await this.post('pay', { request_id: requestId, ...body }));
    // Never retried: only money in the wallet helps, and the alerts read this count.
    if (reading.lowWallet) recordProviderWalletLow(PROVIDER, this.options.now?.() ?? new Date());
    if (reading.result !== 'requery') return reading.result;
    // 014: an earlier attempt under this request id reached VTpass. That purchase is the answer;
    // paying again under another id could buy twice.
    const status = await this.queryStatus(requestId);
    switch (status.outcome) {
      case 'successful':
        return { outcome: 'successful', message: status.message, token: status.token, units: status.units };
      case 'failed':
        return { outcome: 'failed', message: status.message, unreached: false, refusal: status.refusal ?? null };
      case 'pending':
        return { outcome: 'unknown', reason: `request id already used; its status: ${status.reason}` };
      case 'not_found':
        return { outcome: 'unknown', reason: 'request id already used, yet VTpass knows no transaction under it' };
    }
  }

  private async plans(serviceId: string): Promise<ProviderPlan[]> {
    const url = endpoint(this.options.baseUrl, 'service-variations');
    url.searchParams.set('serviceID', serviceId);
    const answer = await this.get(url);
    const call = `service-variations ${serviceId}`;
    if (answer.kind !== 'answer') throw new BillsProviderError(`${call}: ${answer.reason}`);
    if (answer.status >= 400) throw new BillsProviderError(`${call} answered HTTP ${answer.status}`);
    const read = readPlansAnswer(answer.body);
    if ('problem' in read) throw new BillsProviderError(`${call} ${read.problem}`);
    return read;
  }

  private get(pathOrUrl: string | URL): Promise<ProviderAnswer> {
    return requestJson({
      provider: PROVIDER,
      method: 'GET',
      url: typeof pathOrUrl === 'string' ? endpoint(this.options.baseUrl, pathOrUrl) : pathOrUrl,
      headers: { 'api-key': this.options.apiKey, 'public-key': this.options.publicKey },
      timeoutMs: this.options.timeoutMs,
    });
  }

  private post(path: string, body: Record<string, unknown>): Promise<ProviderAnswer> {
    return requestJson({
      provider: PROVIDER,
      method: 'POST',
      url: endpoint(this.options.baseUrl, path),
      body,
      headers: { 'api-key': this.options.apiKey, 'secret-key': this.options.secretKey },
      timeoutMs: this.options.timeoutMs,
    });
  }
}
