import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { newRequestId } from '../src/domain/bills/orders';
import { providerWalletLow, providerWalletLowTimestamp } from '../src/lib/metrics';
import { createAirtimeProvider } from '../src/providers/airtime/index';
import { createBillsProvider } from '../src/providers/bills/index';
import { BillsProviderError } from '../src/providers/bills/types';
import { VtpassClient } from '../src/providers/vtpass/client';
import { isVtpassRequestId } from '../src/providers/vtpass/request-id';
import { lagosMinute, startFakeVtpass, type FakeVtpass } from './support/fake-vtpass';

/**
 * The VTpass client (providers/vtpass/README.md) against a local fake that speaks VTpass's
 * protocol: the headers of each method, the request id's format and single use, every response
 * code an order must read rightly, time-outs, malformed answers, plans, verification, status
 * queries and the wallet balance; and the configuration that chooses it.
 */

// Long enough for a loaded machine to get an ordinary request answered, well short of the fake's 1.5 s slowMs.
const TIMEOUT_MS = 1000;
let fake: FakeVtpass;
let client: VtpassClient;
const LOW_WALLET_AT = new Date('2026-06-01T08:00:00Z');

beforeAll(async () => {
  fake = await startFakeVtpass();
  client = new VtpassClient({ ...fake.keys, baseUrl: `${fake.url}/api/`, timeoutMs: TIMEOUT_MS, now: () => LOW_WALLET_AT });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.script.length = 0;
  fake.requeryScript.length = 0;
  fake.defaultBehaviour = 'delivered';
  fake.slowMs = 1500;
  fake.wallet = 1_000_000;
  fake.balanceBody = undefined;
  fake.charges.length = 0;
  fake.refusedAuth.length = 0;
});

/** A request id made as orders make theirs (domain/bills/orders.ts). */
const requestId = () => newRequestId(new Date());

const buy = {
  airtime: (id: string) => client.buyAirtime({ requestId: id, network: 'mtn', phone: '08031234567', amount: 500 }),
  data: (id: string) =>
    client.buyData({
      requestId: id,
      network: 'glo',
      phone: '08051234567',
      amount: 1000,
      variationCode: 'glo-1gb',
      planName: 'GLO 1GB – 30 days',
    }),
  tv: (id: string) =>
    client.buyTv({
      requestId: id,
      service: 'dstv',
      phone: '08031234567',
      amount: 19000,
      variationCode: 'dstv-compact',
      smartCardNumber: '7034567890',
    }),
  electricity: (id: string) =>
    client.buyElectricity({
      requestId: id,
      provider: 'ikeja',
      phone: '08031234567',
      amount: 5000,
      meterNumber: '1111111111111',
      meterType: 'prepaid',
    }),
};
const kinds = Object.keys(buy) as (keyof typeof buy)[];

async function lowWalletCount(): Promise<number> {
  const metric = await providerWalletLow.get();
  return metric.values.find((value) => value.labels.provider === 'vtpass')?.value ?? 0;
}

describe('what each call sends', () => {
  it('POSTs pay with api-key and secret-key (never the public key), one body per kind', async () => {
    const ids = { airtime: requestId(), data: requestId(), tv: requestId(), electricity: requestId() };
    for (const kind of kinds) await buy[kind](ids[kind]);
    expect(fake.refusedAuth).toEqual([]);
    const pays = fake.purchases();
    for (const pay of pays) {
      expect(pay.method).toBe('POST');
      expect(pay.headers).toEqual({ 'api-key': fake.keys.apiKey, 'secret-key': fake.keys.secretKey, 'public-key': undefined });
    }
    expect(pays.map((pay) => pay.body)).toEqual([
      { request_id: ids.airtime, serviceID: 'mtn', amount: 500, phone: '08031234567' },
      {
        request_id: ids.data,
        serviceID: 'glo-data',
        billersCode: '08051234567',
        variation_code: 'glo-1gb',
        amount: 1000,
        phone: '08051234567',
      },
      {
        request_id: ids.tv,
        serviceID: 'dstv',
        billersCode: '7034567890',
        variation_code: 'dstv-compact',
        amount: 19000,
        phone: '08031234567',
        subscription_type: 'change',
        quantity: 1,
      },
      {
        request_id: ids.electricity,
        serviceID: 'ikeja-electric',
        billersCode: '1111111111111',
        variation_code: 'prepaid',
        amount: 5000,
        phone: '08031234567',
      },
    ]);
  });

  it('GETs with api-key and public-key (never the secret key), and sends the integer part of an amount', async () => {
    fake.plans.set('mtn-data', [{ name: 'MTN 1GB', variation_code: 'mtn-1gb', variation_amount: '300.00' }]);
    await client.dataPlans('mtn');
    await client.balance();
    await client.buyAirtime({ requestId: requestId(), network: 'airtel', phone: '08021234567', amount: 250.9 });
    expect(fake.refusedAuth).toEqual([]);
    const gets = fake.requests.filter((request) => request.method === 'GET');
    expect(gets.map((get) => ({ path: get.path, query: get.query }))).toEqual([
      { path: '/api/service-variations', query: { serviceID: 'mtn-data' } },
      { path: '/api/balance', query: {} },
    ]);
    for (const get of gets)
      expect(get.headers).toEqual({ 'api-key': fake.keys.apiKey, 'public-key': fake.keys.publicKey, 'secret-key': undefined });
    expect(fake.purchases()[0]?.body).toMatchObject({ amount: 250 });
  });

  it('a wrong key is refused by VTpass: a purchase fails, nothing is charged', async () => {
    const wrong = new VtpassClient({ ...fake.keys, secretKey: 'SK_wrong', baseUrl: `${fake.url}/api`, timeoutMs: TIMEOUT_MS });
    expect(await wrong.buyAirtime({ requestId: requestId(), network: 'mtn', phone: '08031234567', amount: 100 })).toEqual({
      outcome: 'failed',
      message: 'INVALID CREDENTIALS',
      unreached: false,
      refusal: null,
    });
    expect(fake.refusedAuth).toEqual(['POST /api/pay: secret-key']);
    expect(fake.charges).toEqual([]);
  });
});

describe('the request id', () => {
  it("our orders' ids already have VTpass's form: the Lagos date and minute, then a unique tail", () => {
    const now = new Date('2026-06-01T23:30:00Z');
    const id = newRequestId(now);
    // 23:30 UTC is 00:30 the next day in Lagos.
    expect(id.slice(0, 12)).toBe('202606020030');
    expect(id.slice(0, 12)).toBe(lagosMinute(now));
    expect(isVtpassRequestId(id)).toBe(true);
    for (const bad of [
      '',
      '20260601',
      '2026060112x5abc',
      '202613011200abc',
      '202602301200abc',
      '202606012460abc',
      '202606011200',
      '202606011200ab-c',
    ])
      expect(isVtpassRequestId(bad)).toBe(false);
  });

  it('an id VTpass would refuse is never sent, and a status query says no such purchase', async () => {
    expect(await buy.airtime('not-a-vtpass-id')).toEqual({ outcome: 'failed', message: null, unreached: true });
    expect(await client.queryStatus('not-a-vtpass-id')).toEqual({ outcome: 'not_found' });
    expect(fake.requests).toEqual([]);
  });

  it("one that doesn't start with today's date is refused by VTpass (nothing charged)", async () => {
    expect(await buy.airtime('202001011200abcdef')).toMatchObject({ outcome: 'failed', unreached: false });
    expect(fake.charges).toEqual([]);
  });

  it('014: a second purchase under a used id asks about the first and never buys twice', async () => {
    const id = requestId();
    expect(await buy.electricity(id)).toMatchObject({ outcome: 'successful' });
    const again = await buy.electricity(id);
    expect(again).toEqual({ outcome: 'successful', message: 'TRANSACTION SUCCESSFUL', token: '26362054405982757802', units: '79.9 kWh' });
    expect(fake.charges).toEqual([id]);
    expect(fake.requests.map((request) => request.path)).toEqual(['/api/pay', '/api/pay', '/api/requery']);
  });

  it('014 while the first is still pending is unknown; a failed first is failed', async () => {
    const pending = requestId();
    fake.script.push('pending');
    await buy.airtime(pending);
    expect(await buy.airtime(pending)).toMatchObject({ outcome: 'unknown' });
    const failed = requestId();
    fake.script.push('failed');
    await buy.airtime(failed);
    expect(await buy.airtime(failed)).toEqual({
      outcome: 'failed',
      message: 'TRANSACTION STATUS',
      unreached: false,
      refusal: 'network_failed',
    });
    expect(fake.charges).toEqual([pending]);
  });
});

describe('the answer to a purchase', () => {
  it.each(kinds)('000 delivered is successful (%s)', async (kind) => {
    const result = await buy[kind](requestId());
    expect(result).toEqual({
      outcome: 'successful',
      message: 'TRANSACTION SUCCESSFUL',
      token: kind === 'electricity' ? '26362054405982757802' : null,
      units: kind === 'electricity' ? '79.9 kWh' : null,
    });
  });

  it.each(['pending', 'initiated'] as const)('000 %s is unknown, and the status query settles it later', async (behaviour) => {
    const id = requestId();
    fake.script.push(behaviour);
    expect(await buy.data(id)).toEqual({ outcome: 'unknown', reason: `VTpass says the transaction is ${behaviour}` });
    expect(await client.queryStatus(id)).toMatchObject({ outcome: 'pending' });
    fake.settle(id, 'delivered');
    expect(await client.queryStatus(id)).toEqual({
      outcome: 'successful',
      message: 'TRANSACTION SUCCESSFUL',
      token: null,
      units: null,
      amountNaira: '1000',
    });
  });

  it.each(['failed', 'reversed'] as const)('000 with the transaction %s is failed', async (behaviour) => {
    fake.script.push(behaviour);
    expect(await buy.tv(requestId())).toEqual({
      outcome: 'failed',
      message: behaviour === 'failed' ? 'TRANSACTION FAILED' : 'TRANSACTION STATUS',
      unreached: false,
      refusal: behaviour === 'failed' ? 'network_failed' : 'reversed',
    });
  });

  it('099 is unknown (processing): the status query asks until it is settled', async () => {
    const id = requestId();
    fake.script.push('processing');
    expect(await buy.airtime(id)).toEqual({ outcome: 'unknown', reason: 'VTpass is still processing it (099)' });
    expect(await client.queryStatus(id)).toMatchObject({ outcome: 'pending' });
    fake.settle(id, 'failed');
    expect(await client.queryStatus(id)).toEqual({
      outcome: 'failed',
      message: 'TRANSACTION STATUS',
      amountNaira: '500',
      refusal: 'network_failed',
    });
  });

  it('016 is failed, with its description for staff and its reason for the customer', async () => {
    fake.script.push('code016');
    expect(await buy.airtime(requestId())).toEqual({
      outcome: 'failed',
      message: 'TRANSACTION FAILED',
      unreached: false,
      refusal: 'network_failed',
    });
  });

  it('018 (low wallet) is failed, never reached, never retried, and counted for the alerts', async () => {
    fake.wallet = 100;
    const before = await lowWalletCount();
    expect(await buy.airtime(requestId())).toEqual({ outcome: 'failed', message: 'LOW WALLET BALANCE', unreached: true, refusal: null });
    expect(fake.purchases()).toHaveLength(1);
    expect(fake.charges).toEqual([]);
    expect(await lowWalletCount()).toBe(before + 1);
    const stamp = await providerWalletLowTimestamp.get();
    expect(stamp.values.find((value) => value.labels.provider === 'vtpass')?.value).toBe(LOW_WALLET_AT.getTime() / 1000);
  });

  it('030 (biller unreachable) is failed with nothing charged', async () => {
    fake.script.push('code030');
    expect(await buy.electricity(requestId())).toEqual({
      outcome: 'failed',
      message: 'BILLER NOT REACHABLE AT THIS POINT',
      unreached: true,
      refusal: null,
    });
    expect(fake.charges).toEqual([]);
  });

  it("any other code is failed with VTpass's description (for staff); a known one gives the customer's reason", async () => {
    fake.script.push('code012');
    expect(await buy.data(requestId())).toEqual({
      outcome: 'failed',
      message: 'PRODUCT DOES NOT EXIST',
      unreached: false,
      refusal: 'plan_unavailable',
    });
  });

  it('a time-out is unknown; the status query then finds the purchase delivered', async () => {
    const id = requestId();
    fake.script.push('slow-delivered');
    expect(await buy.electricity(id)).toEqual({ outcome: 'unknown', reason: `no answer within ${TIMEOUT_MS} ms` });
    expect(await client.queryStatus(id)).toEqual({
      outcome: 'successful',
      message: 'TRANSACTION SUCCESSFUL',
      token: '26362054405982757802',
      units: '79.9 kWh',
      amountNaira: '5000',
    });
  });

  it('HTTP 500 is unknown; the status query then says VTpass has no such request (015)', async () => {
    const id = requestId();
    fake.script.push('error500');
    expect(await buy.airtime(id)).toEqual({ outcome: 'unknown', reason: 'HTTP 500' });
    expect(await client.queryStatus(id)).toEqual({ outcome: 'not_found' });
  });

  it('a malformed or unreadable answer is unknown, never a failure', async () => {
    const cut = requestId();
    fake.script.push('malformed');
    expect(await buy.airtime(cut)).toMatchObject({ outcome: 'unknown' });
    expect(await client.queryStatus(cut)).toMatchObject({ outcome: 'successful' });
    fake.script.push('shapeless');
    expect(await buy.airtime(requestId())).toEqual({
      outcome: 'unknown',
      reason: 'VTpass answered 000 without a transaction status we know',
    });
  });

  it('a VTpass that cannot be reached is a definite failure; a status query is pending', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    const closed = new VtpassClient({ ...fake.keys, baseUrl: `http://127.0.0.1:${port}/api`, timeoutMs: TIMEOUT_MS });
    expect(await closed.buyAirtime({ requestId: requestId(), network: 'glo', phone: '08051234567', amount: 100 })).toEqual({
      outcome: 'failed',
      message: null,
      unreached: true,
      refusal: null,
    });
    expect(await closed.queryStatus(requestId())).toMatchObject({ outcome: 'pending' });
    expect(await closed.balance()).toMatchObject({ outcome: 'unknown' });
  });
});

describe('status queries', () => {
  it('a code about the query itself (credentials, a busy service) is pending, not a verdict', async () => {
    const id = requestId();
    await buy.airtime(id);
    fake.requeryScript.push('087');
    expect(await client.queryStatus(id)).toEqual({ outcome: 'pending', reason: 'status query answered 087: INVALID CREDENTIALS' });
    fake.requeryScript.push('016');
    expect(await client.queryStatus(id)).toMatchObject({ outcome: 'failed' });
    expect(await client.queryStatus(id)).toMatchObject({ outcome: 'successful', amountNaira: '500' });
    expect(fake.requests.filter((request) => request.path === '/api/requery').every((request) => request.body?.request_id === id)).toBe(
      true,
    );
  });
});

describe('plans', () => {
  it('reads service-variations (content.varations), keeping amounts as decimal text', async () => {
    fake.plans.set('airtel-data', [
      { name: 'Airtel 1GB - 30 days', variation_code: 'airt-1000', variation_amount: '1000.00', fixedPrice: 'Yes' },
      { name: 'Airtel 2GB - 30 days', variation_code: 'airt-2000', variation_amount: 1500.5 },
    ]);
    fake.plans.set('gotv', [{ name: 'GOtv Max', variation_code: 'gotv-max', variation_amount: '8500.00' }]);
    expect(await client.dataPlans('airtel')).toEqual([
      { variationCode: 'airt-1000', name: 'Airtel 1GB - 30 days', amountNaira: '1000.00' },
      { variationCode: 'airt-2000', name: 'Airtel 2GB - 30 days', amountNaira: '1500.5' },
    ]);
    expect(await client.tvPlans('gotv')).toEqual([{ variationCode: 'gotv-max', name: 'GOtv Max', amountNaira: '8500.00' }]);
  });

  it('an unknown service, a bad plan or a time-out throws BillsProviderError', async () => {
    await expect(client.tvPlans('showmax')).rejects.toThrow(/service-variations showmax answered without content.varations/);
    fake.plans.set('etisalat-data', [{ name: '9mobile 1GB', variation_code: 'eti-1gb', variation_amount: 'free' }]);
    await expect(client.dataPlans('etisalat')).rejects.toBeInstanceOf(BillsProviderError);
    const slow = new VtpassClient({ ...fake.keys, baseUrl: 'http://10.255.255.1/api', timeoutMs: 200 });
    await expect(slow.dataPlans('mtn')).rejects.toBeInstanceOf(BillsProviderError);
  });
});

describe('customer verification (merchant-verify)', () => {
  it('reads content.Customer_Name; an error or WrongBillersCode is no such customer', async () => {
    fake.customers.set('ikeja-electric:1111111111111:prepaid', 'TESTMETER1 ONE');
    fake.customers.set('dstv:7034567890', 'ADA OBI');
    expect(
      await client.verifyCustomer({ kind: 'electricity', provider: 'ikeja', meterNumber: '1111111111111', meterType: 'prepaid' }),
    ).toEqual({ customerName: 'TESTMETER1 ONE' });
    expect(
      await client.verifyCustomer({ kind: 'electricity', provider: 'ikeja', meterNumber: '1111111111111', meterType: 'postpaid' }),
    ).toBeNull();
    expect(await client.verifyCustomer({ kind: 'tv', service: 'dstv', smartCardNumber: '7034567890' })).toEqual({
      customerName: 'ADA OBI',
    });
    expect(await client.verifyCustomer({ kind: 'tv', service: 'dstv', smartCardNumber: '0000000000' })).toBeNull();
    expect(fake.requests.map((request) => request.body)).toEqual([
      { billersCode: '1111111111111', serviceID: 'ikeja-electric', type: 'prepaid' },
      { billersCode: '1111111111111', serviceID: 'ikeja-electric', type: 'postpaid' },
      { billersCode: '7034567890', serviceID: 'dstv' },
      { billersCode: '0000000000', serviceID: 'dstv' },
    ]);
  });

  it('throws BillsProviderError when VTpass cannot say (refused keys, no answer)', async () => {
    const wrong = new VtpassClient({ ...fake.keys, apiKey: 'wrong', baseUrl: `${fake.url}/api`, timeoutMs: TIMEOUT_MS });
    await expect(wrong.verifyCustomer({ kind: 'tv', service: 'gotv', smartCardNumber: '7034567890' })).rejects.toBeInstanceOf(
      BillsProviderError,
    );
  });
});

describe('the wallet balance (a provider float)', () => {
  it('reads contents.balance in naira as kobo, a fraction of a kobo dropped', async () => {
    fake.wallet = 12_345.5;
    expect(await client.balance()).toEqual({ outcome: 'known', availableKobo: 1_234_550 });
    fake.balanceBody = { code: 1, contents: { balance: '999.999' } };
    expect(await client.balance()).toEqual({ outcome: 'known', availableKobo: 99_999 });
  });

  it('is unknown when the answer is not a balance', async () => {
    for (const body of [
      { code: 1, contents: {} },
      { code: '087', response_description: 'INVALID CREDENTIALS' },
      { code: 1, contents: { balance: 'lots' } },
      'nonsense',
    ]) {
      fake.balanceBody = body;
      expect(await client.balance()).toMatchObject({ outcome: 'unknown' });
    }
  });

  it('a purchase spends from it', async () => {
    fake.wallet = 10_000;
    await buy.airtime(requestId());
    expect(await client.balance()).toEqual({ outcome: 'known', availableKobo: 950_000 });
  });
});

describe('configuration (BILLS_PROVIDER=vtpass)', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://wise@db.internal:5432/wise',
    SMTP_URL: 'smtp://mail.example.com:587',
    SESSION_SECRET: 'x'.repeat(40),
    APP_URL: 'https://wise.example.com',
    CARD_CODE_KEYS: `test:${Buffer.alloc(32, 7).toString('base64')}`,
    METRICS_TOKEN: 'vtpass-test-metrics-token-0000000000000',
    BANK_LOOKUP_SECRET_KEY: 'sk_live_x',
    COINGECKO_API_KEY: 'cg-x',
    PAYOUT_SECRET_KEY: 'sk_live_payout',
    IDENTITY_PROVIDER: 'dojah',
    DOJAH_APP_ID: 'app-id',
    DOJAH_SECRET_KEY: 'prod_sk_x',
  };
  const vtpass = {
    BILLS_PROVIDER: 'vtpass',
    VTPASS_API_KEY: 'api-key',
    VTPASS_PUBLIC_KEY: 'PK_live',
    VTPASS_SECRET_KEY: 'SK_live',
    VTPASS_BASE_URL: 'https://vtpass.com/api',
  };

  it('production refuses vtpass without each of its four settings, staging included', () => {
    for (const missing of ['VTPASS_API_KEY', 'VTPASS_PUBLIC_KEY', 'VTPASS_SECRET_KEY', 'VTPASS_BASE_URL']) {
      const env: Record<string, string> = { ...production, ...vtpass };
      delete env[missing];
      expect(() => loadConfig(env)).toThrowError(new RegExp(`${missing}: is required in production when BILLS_PROVIDER=vtpass`));
      expect(() => loadConfig({ ...env, SANDBOX_PROVIDERS: 'true' })).toThrowError(new RegExp(missing));
    }
    expect(() => loadConfig({ ...production, ...vtpass, VTPASS_BASE_URL: 'http://vtpass.com/api' })).toThrowError(
      /VTPASS_BASE_URL: must be an https/,
    );
  });

  it("with vtpass complete, production needs neither of the other services' keys", () => {
    const config = loadConfig({ ...production, ...vtpass });
    expect(config.BILLS_PROVIDER).toBe('vtpass');
    expect(createAirtimeProvider(config)).toBeInstanceOf(VtpassClient);
    expect(createBillsProvider(config)).toBeInstanceOf(VtpassClient);
    // Without vtpass, the two services' keys are still required.
    expect(() => loadConfig(production)).toThrowError(/BILLS_PUBLIC_KEY: is required in production/);
  });

  it('refuses half a VTpass configuration anywhere, and VTpass keys while another provider is chosen', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', BILLS_PROVIDER: 'vtpass', VTPASS_API_KEY: 'api-key' })).toThrowError(
      /VTPASS_SECRET_KEY: is required when any VTPASS_ setting is set/,
    );
    expect(() => loadConfig({ NODE_ENV: 'development', VTPASS_API_KEY: 'api-key' })).toThrowError(
      /BILLS_PROVIDER: is not vtpass but VTPASS_API_KEY is set/,
    );
    expect(() => loadConfig({ BILLS_PROVIDER: 'vtpas' })).toThrowError(/BILLS_PROVIDER/);
  });

  it('the sandbox stays the default; vtpass without settings in development is the sandbox', () => {
    expect(loadConfig({}).BILLS_PROVIDER).toBe('http');
    expect(createBillsProvider(loadConfig({})).name).toBe('sandbox');
    const development = loadConfig({ NODE_ENV: 'development', BILLS_PROVIDER: 'vtpass' });
    expect(createAirtimeProvider(development).name).toBe('sandbox');
    expect(createBillsProvider(development).name).toBe('sandbox');
    expect(createBillsProvider(loadConfig({ NODE_ENV: 'development', ...vtpass })).name).toBe('vtpass');
  });
});
