import { createHash } from 'node:crypto';
import { ELECTRICITY_PROVIDER_LABELS, TV_SERVICE_LABELS, type BillNetwork, type TvService } from '@wise/shared';
import { SANDBOX_DATA_PLANS, SANDBOX_TARIFFS_NAIRA_PER_KWH, SANDBOX_TV_PLANS } from './sandbox-plans';
import type {
  BillsProvider,
  CustomerCheck,
  DataPurchase,
  ElectricityPurchase,
  ProviderPlan,
  PurchaseResult,
  StatusResult,
  TvPurchase,
} from './types';
import type { FloatBalance } from '../float';

/**
 * The offline stand-in for the airtime provider and the bill-payment service (docs/decisions.md §6), used
 * when their keys are not set. Deterministic, and every path of an order can be reached by hand:
 *
 * | input | what happens |
 * |---|---|
 * | phone ending `0000` | refused: `success: false` with a message |
 * | phone ending `9999` | no answer in time (after `slowMs`): the order stays processing; the status query then says successful |
 * | phone ending `8888` | no answer in time; the status query then says failed |
 * | phone ending `7777` | an HTTP 500 before anything was recorded: the status query says not found, so the order fails and the gems come back |
 * | meter or smart-card number starting `000` | verification: no such customer; a purchase for it is refused |
 * | a variation code not in the list, or less than the plan's price | refused |
 * | anything else | successful; electricity gets a 20-digit token and units from the provider's tariff |
 *
 * Requests are remembered by request id in memory (bounded), like a real service's records: the
 * same id again gets the first answer, never a second delivery. A restart forgets them; a status
 * query then says not found.
 */

export interface SandboxOptions {
  /** How long a "slow" answer takes before it counts as timed out (default 1.5 s; tests use 0). */
  slowMs?: number;
  /** The wallet's balance in kobo (default ₦10,000,000; tests lower it to play a low float). */
  walletKobo?: number;
}

/** The sandbox wallet: large, so nobody sees the low-float alert unless they ask to. */
export const SANDBOX_BILLS_WALLET_KOBO = 10_000_000 * 100;

const DEFAULT_SLOW_MS = 1500;
const BOOK_LIMIT = 10_000;

type Scenario = 'ok' | 'declined' | 'timeout-then-success' | 'timeout-then-failed' | 'lost';

export function sandboxScenario(phone: string): Scenario {
  const digits = phone.replace(/\D/g, '');
  if (digits.endsWith('0000')) return 'declined';
  if (digits.endsWith('9999')) return 'timeout-then-success';
  if (digits.endsWith('8888')) return 'timeout-then-failed';
  if (digits.endsWith('7777')) return 'lost';
  return 'ok';
}

type Delivered = Extract<StatusResult, { outcome: 'successful' | 'failed' }>;

/** What the sandbox "provider" has done, by request id: what its status query reads. */
export class SandboxRequestBook {
  private readonly records = new Map<string, Delivered>();

  get(requestId: string): Delivered | undefined {
    return this.records.get(requestId);
  }

  set(requestId: string, result: Delivered): void {
    if (this.records.size >= BOOK_LIMIT) {
      const oldest = this.records.keys().next().value;
      if (oldest !== undefined) this.records.delete(oldest);
    }
    this.records.set(requestId, result);
  }

  status(requestId: string): StatusResult {
    return this.records.get(requestId) ?? { outcome: 'not_found' };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays one purchase: `decide` says what the provider does with it when nothing special is
 * asked for. Shared by the airtime and the bills sandboxes.
 */
export async function playSandboxPurchase(
  book: SandboxRequestBook,
  slowMs: number,
  purchase: { requestId: string; phone: string; amount?: number },
  decideOutcome: () => Delivered,
): Promise<PurchaseResult> {
  // Like a real service's record, it keeps what was charged (reconciliation compares it).
  const decide = (): Delivered => ({
    ...decideOutcome(),
    ...(purchase.amount === undefined ? {} : { amountNaira: String(purchase.amount) }),
  });
  const seen = book.get(purchase.requestId);
  if (seen)
    return seen.outcome === 'successful'
      ? { outcome: 'successful', message: seen.message, token: seen.token, units: seen.units }
      : { outcome: 'failed', message: seen.message, unreached: false, refusal: seen.refusal ?? null };
  const scenario = sandboxScenario(purchase.phone);
  switch (scenario) {
    case 'declined': {
      const message = 'Transaction failed: this number cannot be recharged on the selected network';
      // A number on a network (airtime, data) is refused as one the network cannot recharge; a smart card's or a meter's purchase has no reason to give.
      const refusal = 'network' in purchase ? ('invalid_number' as const) : null;
      book.set(purchase.requestId, { outcome: 'failed', message, refusal });
      return { outcome: 'failed', message, unreached: false, refusal };
    }
    case 'timeout-then-success':
    case 'timeout-then-failed': {
      const outcome: Delivered =
        scenario === 'timeout-then-success'
          ? decide()
          : { outcome: 'failed', message: 'Transaction failed at the network', refusal: 'network_failed' };
      book.set(purchase.requestId, outcome);
      await sleep(slowMs);
      return { outcome: 'unknown', reason: `sandbox: no answer within ${slowMs} ms` };
    }
    case 'lost':
      return { outcome: 'unknown', reason: 'sandbox: HTTP 500' };
    case 'ok': {
      const outcome = decide();
      book.set(purchase.requestId, outcome);
      if (outcome.outcome === 'successful')
        return { outcome: 'successful', message: outcome.message, token: outcome.token, units: outcome.units };
      return { outcome: 'failed', message: outcome.message, unreached: false, refusal: outcome.refusal ?? null };
    }
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

const FIRST_NAMES = [
  'Adaeze',
  'Chinedu',
  'Funmilayo',
  'Ibrahim',
  'Ngozi',
  'Oluwaseun',
  'Tunde',
  'Zainab',
  'Emeka',
  'Aisha',
  'Kelechi',
  'Yetunde',
];
const SURNAMES = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Ogunleye', 'Musa', 'Nwosu', 'Balogun', 'Okoro', 'Danjuma', 'Afolabi', 'Umeh'];

/** The same number always has the same holder. */
export function sandboxCustomerName(service: string, customerId: string): string {
  const bytes = digest(`${service}:${customerId}`);
  const first = FIRST_NAMES[(bytes[0] ?? 0) % FIRST_NAMES.length] ?? 'Ada';
  const last = SURNAMES[(bytes[1] ?? 0) % SURNAMES.length] ?? 'Okafor';
  return `${last} ${first}`.toUpperCase();
}

/** 20 digits in groups of four, derived from the request id: the same request, the same token. */
export function sandboxToken(requestId: string): string {
  const bytes = digest(`token:${requestId}`);
  let digits = '';
  for (let i = 0; digits.length < 20; i += 1) digits += String((bytes[i % bytes.length] ?? 0) % 10);
  return digits.match(/\d{4}/g)?.join('-') ?? digits;
}

const unknownCustomer = (customerId: string) => customerId.startsWith('000');

export class SandboxBillsProvider implements BillsProvider {
  readonly name = 'sandbox' as const;
  private readonly book = new SandboxRequestBook();
  private readonly slowMs: number;
  /** The wallet's balance (tests set it to play a low float). */
  walletKobo: number;

  constructor(options: SandboxOptions = {}) {
    this.slowMs = options.slowMs ?? DEFAULT_SLOW_MS;
    this.walletKobo = options.walletKobo ?? SANDBOX_BILLS_WALLET_KOBO;
  }

  async balance(): Promise<FloatBalance> {
    return { outcome: 'known', availableKobo: this.walletKobo };
  }

  /** Tests: what the provider's record says, overridden (a delivery our side never heard of, a changed amount). */
  overrideRecord(requestId: string, result: Delivered): void {
    this.book.set(requestId, result);
  }

  async dataPlans(network: BillNetwork): Promise<ProviderPlan[]> {
    return SANDBOX_DATA_PLANS[network].map((p) => ({ ...p }));
  }

  async tvPlans(service: TvService): Promise<ProviderPlan[]> {
    return SANDBOX_TV_PLANS[service].map((p) => ({ ...p }));
  }

  buyData(purchase: DataPurchase): Promise<PurchaseResult> {
    return playSandboxPurchase(
      this.book,
      this.slowMs,
      purchase,
      () =>
        this.checkPlan(SANDBOX_DATA_PLANS[purchase.network], purchase.variationCode, purchase.amount) ?? {
          outcome: 'successful',
          message: 'Data purchase successful',
          token: null,
          units: null,
        },
    );
  }

  buyTv(purchase: TvPurchase): Promise<PurchaseResult> {
    return playSandboxPurchase(this.book, this.slowMs, purchase, () => {
      if (unknownCustomer(purchase.smartCardNumber))
        return { outcome: 'failed', message: 'Invalid smart card number', refusal: 'unknown_customer' };
      return (
        this.checkPlan(SANDBOX_TV_PLANS[purchase.service], purchase.variationCode, purchase.amount) ?? {
          outcome: 'successful',
          message: `${TV_SERVICE_LABELS[purchase.service]} subscription successful`,
          token: null,
          units: null,
        }
      );
    });
  }

  buyElectricity(purchase: ElectricityPurchase): Promise<PurchaseResult> {
    return playSandboxPurchase(this.book, this.slowMs, purchase, () => {
      if (unknownCustomer(purchase.meterNumber)) return { outcome: 'failed', message: 'Invalid meter number', refusal: 'unknown_customer' };
      const tariff = SANDBOX_TARIFFS_NAIRA_PER_KWH[purchase.provider] ?? 209.5;
      return {
        outcome: 'successful',
        message: `${ELECTRICITY_PROVIDER_LABELS[purchase.provider]} ${purchase.meterType} payment successful`,
        token: sandboxToken(purchase.requestId),
        units: `${(purchase.amount / tariff).toFixed(1)} kWh`,
      };
    });
  }

  async verifyCustomer(check: CustomerCheck): Promise<{ customerName: string } | null> {
    const [service, customerId] =
      check.kind === 'electricity' ? [check.provider, check.meterNumber] : [check.service, check.smartCardNumber];
    if (unknownCustomer(customerId)) return null;
    return { customerName: sandboxCustomerName(service, customerId) };
  }

  async queryStatus(requestId: string): Promise<StatusResult> {
    return this.book.status(requestId);
  }

  /** A refusal when the plan is unknown or under-paid; undefined when it is fine. */
  private checkPlan(plans: ProviderPlan[], variationCode: string, amount: number): Delivered | undefined {
    const found = plans.find((p) => p.variationCode === variationCode);
    if (!found) return { outcome: 'failed', message: 'Invalid variation code', refusal: 'plan_unavailable' };
    if (amount < Math.trunc(Number(found.amountNaira)))
      return { outcome: 'failed', message: 'Amount is less than the plan price', refusal: 'amount_not_allowed' };
    return undefined;
  }
}
