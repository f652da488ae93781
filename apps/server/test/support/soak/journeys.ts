import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { SoakClient } from './client';
import { Unreachable } from './client';
import type { SoakCustomer } from './seed';

/**
 * What a virtual customer does (the product's screens, through the API the app calls): log in, set bank
 * details and a PIN once, then mixed journeys until told to stop. Everything it saw accepted is
 * noted for the checks afterwards.
 */

export const SOAK_PIN = '2580';

export interface Seen {
  /** Sales the customer saw a 201 for. */
  acceptedSales: Set<string>;
  /** When each accepted sale's 201 came (ms since the epoch): the fault soak places a problem sale in its scenario. */
  acceptedAt?: Map<string, number>;
  /** Bill orders the customer authorised (whatever the answer). */
  authorisedOrders: Set<string>;
}

export interface JourneyContext {
  client: SoakClient;
  customer: SoakCustomer;
  cardPhoto: Buffer;
  seen: Seen;
  thinkMs: [number, number];
  stopped: () => boolean;
  bankAccount: string;
}

interface SubCategory {
  id: string;
  exchange_rate: string;
  min_amount: string;
  max_amount: string;
}

interface Plan {
  variation_code: string;
  amount: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One customer's state across journeys: the sale retried with its own key after a lost answer. */
export class CustomerJourneys {
  private ready = false;
  private bankSet = false;
  private subCategory: SubCategory | undefined;
  /** A sale whose answer was lost or was a 5xx: sent again with the same key and the same fields. */
  private pendingSale: { key: string; amount: string } | undefined;

  constructor(private readonly c: JourneyContext) {}

  private async ensureSignedIn(): Promise<boolean> {
    if (this.c.client.signedIn) return true;
    const login = await this.c.client.call('login', 'POST', '/api/auth/login', {
      json: { email_or_phone: this.c.customer.email, password: this.c.customer.password },
    });
    return login.status === 200;
  }

  private async setUp(): Promise<boolean> {
    if (this.ready) return true;
    if (!this.bankSet) {
      const bank = await this.c.client.call('bank.set', 'PUT', '/api/bank', {
        json: { bank_code: '058', bank_account: this.c.bankAccount, password: this.c.customer.password },
      });
      // A PUT whose answer was lost (a crash) may have saved them: what is on file decides.
      const current =
        bank.status === 200 ? undefined : await this.c.client.call<{ bank_account: string | null }>('bank.get', 'GET', '/api/bank');
      this.bankSet = bank.status === 200 || Boolean(current?.body?.bank_account);
      if (!this.bankSet) return false;
    }
    const status = await this.c.client.call<{ pin_status: string }>('pin.status', 'GET', '/api/pin/status');
    if (status.body?.pin_status !== 'set') {
      // With bank details on file a first PIN needs the password again (domain/bank/README.md).
      const confirmed = await this.c.client.call('password.confirm', 'POST', '/api/profile/password/confirm', {
        json: { password: this.c.customer.password },
      });
      if (confirmed.status !== 200) return false;
      const pin = await this.c.client.call('pin.set', 'POST', '/api/pin', { json: { pin: SOAK_PIN, confirm_pin: SOAK_PIN } });
      if (pin.status !== 200) return false;
    }
    const detail = await this.c.client.call<{ subcategories: SubCategory[] }>('giftcards.detail', 'GET', '/api/giftcards/amazon');
    this.subCategory = detail.body?.subcategories?.[0];
    this.ready = this.subCategory !== undefined;
    return this.ready;
  }

  async dashboard() {
    await this.c.client.call('dashboard', 'GET', '/api/dashboard');
    await this.c.client.call('notifications', 'GET', '/api/notifications');
  }

  async collect() {
    await this.c.client.call('gems.collection', 'GET', '/api/gems/collection');
    await this.c.client.call('gems.collect', 'POST', '/api/gems/collect', { headers: { 'idempotency-key': randomUUID() } });
  }

  private async authorise(orderStatus: number, order: { id: string } | undefined, step: string) {
    if (orderStatus !== 201 || !order) return;
    this.c.seen.authorisedOrders.add(order.id);
    const answer = await this.c.client.call<{ order?: { status: string } }>(
      `${step}.authorise`,
      'POST',
      `/api/bills/orders/${order.id}/authorise`,
      { json: { pin: SOAK_PIN } },
    );
    if (answer.status === 202) {
      // The screen polls an order that is still processing.
      await sleep(1000);
      await this.c.client.call(`${step}.poll`, 'GET', `/api/bills/orders/${order.id}`);
    }
  }

  async airtime() {
    const amount = 50 + randomInt(0, 5) * 25;
    const order = await this.c.client.call<{ order?: { id: string } }>('airtime.order', 'POST', '/api/bills/orders', {
      json: { kind: 'airtime', network: 'mtn', phone: '0803' + String(randomInt(1_000_000, 9_999_999)), amount },
      headers: { 'idempotency-key': randomUUID() },
    });
    await this.authorise(order.status, order.body?.order, 'airtime');
  }

  async data() {
    const plans = await this.c.client.call<{ plans?: Plan[] }>('data.plans', 'GET', '/api/bills/data/mtn/plans');
    const list = plans.body?.plans ?? [];
    const plan = list[randomInt(0, Math.max(1, list.length))];
    if (!plan) return;
    const order = await this.c.client.call<{ order?: { id: string } }>('data.order', 'POST', '/api/bills/orders', {
      json: {
        kind: 'data',
        network: 'mtn',
        phone: '0806' + String(randomInt(1_000_000, 9_999_999)),
        variation_code: plan.variation_code,
        expected_amount: plan.amount,
      },
      headers: { 'idempotency-key': randomUUID() },
    });
    await this.authorise(order.status, order.body?.order, 'data');
  }

  async sell() {
    const sub = this.subCategory;
    if (!sub) return;
    // A whole amount inside the sub-category's limits, as the form allows.
    const min = Math.ceil(Number(sub.min_amount));
    const max = Math.floor(Math.min(Number(sub.max_amount), min + 200));
    // A sale whose answer was lost is sent again with the same key and fields, as the app's retry does.
    const sale = this.pendingSale ?? {
      key: `soak-${randomBytes(12).toString('hex')}`,
      amount: String(randomInt(min, Math.max(min, max) + 1)),
    };
    this.pendingSale = sale;
    const form = new FormData();
    form.set('subcategory_id', sub.id);
    form.set('amount', sale.amount);
    form.set('expected_rate', sub.exchange_rate);
    form.set('comment', 'Soak card');
    form.append('images', new Blob([this.c.cardPhoto], { type: 'image/jpeg' }), 'card.jpg');
    const answer = await this.c.client.call<{ sale?: { id: string }; meta?: { exchange_rate?: string } }>(
      'sale.submit',
      'POST',
      '/api/giftcards/sales',
      { form, headers: { 'idempotency-key': sale.key } },
    );
    if (answer.status === 201 && answer.body?.sale) {
      this.c.seen.acceptedSales.add(answer.body.sale.id);
      this.c.seen.acceptedAt?.set(answer.body.sale.id, Date.now());
    }
    if (answer.status === 409 && answer.body?.meta?.exchange_rate) sub.exchange_rate = answer.body.meta.exchange_rate;
    if (answer.status < 500) this.pendingSale = undefined;
  }

  async history() {
    const list = await this.c.client.call<{ transactions?: { id: string }[] }>('history', 'GET', '/api/transactions?limit=20');
    const first = list.body?.transactions?.[0];
    if (first) await this.c.client.call('history.detail', 'GET', `/api/transactions/${first.id}`);
  }

  async rewards() {
    const total = await this.c.client.call<{ claimable?: number }>('rewards.total', 'GET', '/api/rewards/total');
    if ((total.body?.claimable ?? 0) > 0)
      await this.c.client.call('rewards.claim', 'POST', '/api/rewards/claim', { headers: { 'idempotency-key': randomUUID() } });
  }

  async prices() {
    await this.c.client.call('crypto.coins', 'GET', '/api/crypto/coins');
  }

  async bankLookup() {
    await this.c.client.call('bank.resolve', 'POST', '/api/bank/resolve', { json: { bank_code: '058', bank_account: this.c.bankAccount } });
  }

  async logout() {
    await this.c.client.call('logout', 'POST', '/api/auth/logout');
    this.c.client.forget();
  }

  /** Logs in and sets bank details and the PIN (before the soak's clock starts); false if it could not. */
  async prepare(): Promise<boolean> {
    return (await this.ensureSignedIn()) && (await this.setUp());
  }

  /** One pass: a journey picked with the weights of a customer's day. */
  async step(): Promise<void> {
    if (!(await this.ensureSignedIn())) return;
    if (!(await this.setUp())) return;
    if (this.pendingSale) return this.sell();
    const roll = randomInt(0, 100);
    if (roll < 18) return this.dashboard();
    if (roll < 26) return this.collect();
    if (roll < 40) return this.airtime();
    if (roll < 50) return this.data();
    if (roll < 64) return this.sell();
    if (roll < 78) return this.history();
    if (roll < 86) return this.rewards();
    if (roll < 93) return this.prices();
    if (roll < 97) return this.bankLookup();
    return this.logout();
  }
}

export async function runCustomer(c: JourneyContext, journeys = new CustomerJourneys(c)): Promise<void> {
  // Customers arrive over the first seconds rather than all in one instant.
  await sleep(randomInt(0, c.thinkMs[1] * 2));
  let misses = 0;
  while (!c.stopped()) {
    try {
      await journeys.step();
      misses = 0;
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      // The server is down (a crash test): the app shows its offline toast and tries again later,
      // backing off (1 s doubling to 8 s, with jitter) so a restarting server is not stormed.
      misses += 1;
      await sleep(Math.min(8000, 1000 * 2 ** (misses - 1)) * (0.5 + Math.random()));
    }
    await sleep(randomInt(c.thinkMs[0], c.thinkMs[1] + 1));
  }
}
