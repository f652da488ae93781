import { dataServiceId, electricityServiceName, type BillNetwork, type TvService } from '@wise/shared';
import { z } from 'zod';
import type { FloatBalance } from '../float';
import { endpoint, integerPart, providerText, requestJson, toPurchaseResult, toStatusResult, type ProviderAnswer } from './transport';
import {
  BillsProviderError,
  type BillsProvider,
  type CustomerCheck,
  type DataPurchase,
  type ElectricityPurchase,
  type ProviderPlan,
  type PurchaseResult,
  type StatusResult,
  type TvPurchase,
} from './types';

/**
 * The bill-payment service of docs/product.md §7, spoken exactly as the old client did, plus the two calls
 * the protocol leaves unnamed (customer verification, status by request id). Paths relative to
 * BILLS_BASE_URL; `public_key` in the query of a GET and in the JSON body of a POST:
 *
 * | call | request | answer read |
 * |---|---|---|
 * | data plans | GET data/plans?public_key&service_name={network}-data | data.varations[] {name, variation_code, variation_amount} |
 * | data | POST data/request {public_key, request_id, amount, phone, service_name, service_id, variation_code} | success, message |
 * | cable plans | GET cable/plans?public_key&service_id={service} | data.varations[] |
 * | cable | POST cable/request {public_key, request_id, amount, phone, service_name, service_id, variation_code, customer_id} | success, message |
 * | electricity | POST electricity/request {public_key, request_id, amount, phone, service_name, meter_number, meter_type} | success, message, response.token, response.units |
 * | verify | POST verify {public_key, service_id, customer_id, meter_type?} | success, data.customer_name |
 * | status | POST requery {public_key, request_id} | success, status, message, response.token, response.units |
 */

export interface HttpBillsOptions {
  publicKey: string;
  baseUrl: string;
  timeoutMs: number;
}

/** Plans are few; a list far longer than any real one is not trusted. */
const PLANS_MAX = 500;

const amountText = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,4})?$/),
    z.number().nonnegative().max(1e12),
  ])
  .transform((value) => String(value));
const planSchema = z.looseObject({
  name: z.string().trim().min(1).max(200),
  variation_code: z.string().trim().min(1).max(100),
  variation_amount: amountText,
});
/** docs/product.md §3 spells it `varations`; the correct spelling is read too, should the service ever fix it. */
const plansAnswerSchema = z.looseObject({
  data: z.looseObject({
    varations: z.array(planSchema).max(PLANS_MAX).optional(),
    variations: z.array(planSchema).max(PLANS_MAX).optional(),
  }),
});

const verifyAnswerSchema = z.looseObject({
  success: z.boolean(),
  message: z.unknown().optional(),
  data: z.looseObject({ customer_name: z.string().trim().min(1).max(200) }).nullish(),
});

/** docs/product.md §7: the data request's service_name is the network word of the plan name ("MTN 1GB …" → "mtn"). */
export function networkWordOf(planName: string, fallback: BillNetwork): string {
  const word = planName
    .trim()
    .split(/\s+/)[0]
    ?.toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return word || fallback;
}

export class HttpBillsProvider implements BillsProvider {
  readonly name = 'http' as const;
  constructor(private readonly options: HttpBillsOptions) {}

  dataPlans(network: BillNetwork): Promise<ProviderPlan[]> {
    return this.plans('data/plans', { service_name: dataServiceId(network) });
  }

  tvPlans(service: TvService): Promise<ProviderPlan[]> {
    return this.plans('cable/plans', { service_id: service });
  }

  buyData(purchase: DataPurchase): Promise<PurchaseResult> {
    return this.purchase('data/request', {
      request_id: purchase.requestId,
      amount: integerPart(purchase.amount),
      phone: purchase.phone,
      service_name: networkWordOf(purchase.planName, purchase.network),
      service_id: dataServiceId(purchase.network),
      variation_code: purchase.variationCode,
    });
  }

  buyTv(purchase: TvPurchase): Promise<PurchaseResult> {
    return this.purchase('cable/request', {
      request_id: purchase.requestId,
      amount: integerPart(purchase.amount),
      phone: purchase.phone,
      service_name: purchase.service,
      service_id: purchase.service,
      variation_code: purchase.variationCode,
      customer_id: purchase.smartCardNumber,
    });
  }

  buyElectricity(purchase: ElectricityPurchase): Promise<PurchaseResult> {
    return this.purchase('electricity/request', {
      request_id: purchase.requestId,
      amount: integerPart(purchase.amount),
      phone: purchase.phone,
      service_name: electricityServiceName(purchase.provider),
      meter_number: purchase.meterNumber,
      meter_type: purchase.meterType,
    });
  }

  async verifyCustomer(check: CustomerCheck): Promise<{ customerName: string } | null> {
    const body =
      check.kind === 'electricity'
        ? { service_id: electricityServiceName(check.provider), customer_id: check.meterNumber, meter_type: check.meterType }
        : { service_id: check.service, customer_id: check.smartCardNumber };
    const answer = await this.post('verify', body);
    if (answer.kind !== 'answer') throw new BillsProviderError(`customer verification: ${answer.reason}`);
    if ([400, 404, 422].includes(answer.status)) return null;
    if (answer.status >= 400) throw new BillsProviderError(`customer verification answered HTTP ${answer.status}`);
    const parsed = verifyAnswerSchema.safeParse(answer.body);
    if (!parsed.success) throw new BillsProviderError('customer verification answered in an unexpected shape', { cause: parsed.error });
    if (!parsed.data.success || !parsed.data.data) return null;
    const customerName = providerText(parsed.data.data.customer_name);
    return customerName ? { customerName } : null;
  }

  async queryStatus(requestId: string): Promise<StatusResult> {
    return toStatusResult(await this.post('requery', { request_id: requestId }));
  }

  /** docs/product.md §7's protocol has no balance call: the float is unknown, and its alert never fires for this client. */
  async balance(): Promise<FloatBalance> {
    return { outcome: 'unknown', reason: 'the bill-payment protocol has no balance call' };
  }

  private async purchase(path: string, body: Record<string, unknown>): Promise<PurchaseResult> {
    return toPurchaseResult(await this.post(path, body));
  }

  private post(path: string, body: Record<string, unknown>): Promise<ProviderAnswer> {
    return requestJson({
      provider: 'bills',
      method: 'POST',
      url: endpoint(this.options.baseUrl, path),
      body: { public_key: this.options.publicKey, ...body },
      timeoutMs: this.options.timeoutMs,
    });
  }

  private async plans(path: string, query: Record<string, string>): Promise<ProviderPlan[]> {
    const url = endpoint(this.options.baseUrl, path);
    url.searchParams.set('public_key', this.options.publicKey);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const answer = await requestJson({ provider: 'bills', method: 'GET', url, timeoutMs: this.options.timeoutMs });
    // The URL carries the key: no message here names it.
    if (answer.kind !== 'answer') throw new BillsProviderError(`${path}: ${answer.reason}`);
    if (answer.status >= 400) throw new BillsProviderError(`${path} answered HTTP ${answer.status}`);
    const parsed = plansAnswerSchema.safeParse(answer.body);
    if (!parsed.success) throw new BillsProviderError(`${path} answered in an unexpected shape`, { cause: parsed.error });
    const plans = parsed.data.data.varations ?? parsed.data.data.variations;
    if (!plans) throw new BillsProviderError(`${path} answered without data.varations`);
    return plans.map((plan) => ({ variationCode: plan.variation_code, name: plan.name, amountNaira: plan.variation_amount }));
  }
}
