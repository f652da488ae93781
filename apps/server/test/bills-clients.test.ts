import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpAirtimeProvider } from '../src/providers/airtime/http';
import { HttpBillsProvider, networkWordOf } from '../src/providers/bills/http';
import { BillsProviderError, type PurchaseResult } from '../src/providers/bills/types';
import { startFakeAirtime, type FakeAirtimeServer } from './support/fake-airtime';
import { startFakeBills, type FakeBillsServer } from './support/fake-bills';

/**
 * The real HTTP clients of docs/product.md §7's airtime provider and bill-payment service, against local
 * fakes that speak their protocols: the exact request bodies, and every kind of answer — success,
 * `success: false`, HTTP 500, malformed JSON, a timeout — read as successful, failed or unknown.
 */

// Long enough that a loaded machine still gets an ordinary request out and answered (at 300 ms a
// busy CI runner's first request could give up before the fake had read it), well short of the
// fake's 1.5 s `slowMs` that the timeout case relies on.
const TIMEOUT_MS = 1000;
let bills: FakeBillsServer;
let airtime: FakeAirtimeServer;
let billsClient: HttpBillsProvider;
let airtimeClient: HttpAirtimeProvider;

beforeAll(async () => {
  [bills, airtime] = await Promise.all([startFakeBills(), startFakeAirtime()]);
  billsClient = new HttpBillsProvider({ publicKey: bills.publicKey, baseUrl: `${bills.url}/`, timeoutMs: TIMEOUT_MS });
  airtimeClient = new HttpAirtimeProvider({ publicKey: airtime.publicKey, baseUrl: airtime.url, timeoutMs: TIMEOUT_MS });
});
afterAll(async () => {
  await Promise.all([bills.close(), airtime.close()]);
});
beforeEach(() => {
  for (const fake of [bills, airtime]) {
    fake.requests.length = 0;
    fake.script.length = 0;
    fake.defaultBehaviour = 'success';
    fake.slowMs = 1500;
    fake.failAllWith = undefined;
  }
});

let counter = 0;
const requestId = () => `20260601${String((counter += 1)).padStart(6, '0')}abc`;

const purchases = {
  airtime: (id: string) => airtimeClient.buyAirtime({ requestId: id, network: 'mtn', phone: '08031234567', amount: 500 }),
  data: (id: string) =>
    billsClient.buyData({
      requestId: id,
      network: 'mtn',
      phone: '08031234567',
      amount: 600,
      variationCode: 'mtn-1gb-sme',
      planName: 'MTN 1GB (SME) – 30 days',
    }),
  tv: (id: string) =>
    billsClient.buyTv({
      requestId: id,
      service: 'dstv',
      phone: '08031234567',
      amount: 19000,
      variationCode: 'dstv-compact',
      smartCardNumber: '7034567890',
    }),
  electricity: (id: string) =>
    billsClient.buyElectricity({
      requestId: id,
      provider: 'ikeja',
      phone: '08031234567',
      amount: 5000,
      meterNumber: '45012345678',
      meterType: 'prepaid',
    }),
};
const fakeOf = (kind: keyof typeof purchases) => (kind === 'airtime' ? airtime : bills);
const statusOf = (kind: keyof typeof purchases, id: string) => (kind === 'airtime' ? airtimeClient : billsClient).queryStatus(id);

describe('the request each purchase sends (docs/product.md §7)', () => {
  it('airtime: POST buyairtime/request with public_key, amount (integer part), phone, lowercase network and our request id', async () => {
    const id = requestId();
    await airtimeClient.buyAirtime({ requestId: id, network: 'mtn', phone: '+2348031234567', amount: 500.75 });
    expect(airtime.purchases()).toEqual([
      {
        method: 'POST',
        path: '/buyairtime/request',
        query: {},
        body: { public_key: airtime.publicKey, request_id: id, amount: 500, phone: '+2348031234567', service_name: 'mtn' },
      },
    ]);
  });

  it('data: service_name is the network word of the plan name, service_id {provider}-data', async () => {
    const id = requestId();
    await billsClient.buyData({
      requestId: id,
      network: 'etisalat',
      phone: '08091234567',
      amount: 1200.9,
      variationCode: '9mobile-1-5gb-monthly',
      planName: '9mobile 1.5GB – 30 days',
    });
    expect(bills.purchases()[0]).toMatchObject({
      path: '/data/request',
      body: {
        public_key: bills.publicKey,
        request_id: id,
        amount: 1200,
        phone: '08091234567',
        service_name: '9mobile',
        service_id: 'etisalat-data',
        variation_code: '9mobile-1-5gb-monthly',
      },
    });
    expect(networkWordOf('MTN 1GB (SME) – 30 days', 'mtn')).toBe('mtn');
    expect(networkWordOf('   ', 'glo')).toBe('glo');
  });

  it('cable: service_name, service_id, variation_code and the smart card as customer_id', async () => {
    const id = requestId();
    await purchases.tv(id);
    expect(bills.purchases()[0]).toMatchObject({
      path: '/cable/request',
      body: {
        public_key: bills.publicKey,
        request_id: id,
        amount: 19000,
        phone: '08031234567',
        service_name: 'dstv',
        service_id: 'dstv',
        variation_code: 'dstv-compact',
        customer_id: '7034567890',
      },
    });
  });

  it('electricity: service_name {provider}-electric, meter_number, meter_type; reads response.token and response.units', async () => {
    const id = requestId();
    const result = await purchases.electricity(id);
    expect(bills.purchases()[0]).toMatchObject({
      path: '/electricity/request',
      body: {
        public_key: bills.publicKey,
        request_id: id,
        amount: 5000,
        phone: '08031234567',
        service_name: 'ikeja-electric',
        meter_number: '45012345678',
        meter_type: 'prepaid',
      },
    });
    expect(result).toEqual({
      outcome: 'successful',
      message: 'Electricity payment successful',
      token: '1234-5678-9012-3456-7890',
      units: '23.9 kWh',
    });
  });
});

describe.each(['airtime', 'data', 'tv', 'electricity'] as const)('%s purchase answers', (kind) => {
  it('success → successful', async () => {
    const result = await purchases[kind](requestId());
    expect(result.outcome).toBe('successful');
  });

  it('HTTP 200 with success:false → failed, with the provider message', async () => {
    fakeOf(kind).script.push('decline');
    expect(await purchases[kind](requestId())).toEqual({
      outcome: 'failed',
      message: 'Insufficient wallet balance on the provider account',
      unreached: false,
    });
  });

  it('HTTP 500 → unknown (it may have happened), and the status query says it never arrived', async () => {
    fakeOf(kind).script.push('error500');
    const id = requestId();
    const result = await purchases[kind](id);
    expect(result).toEqual({ outcome: 'unknown', reason: 'HTTP 500' });
    expect(await statusOf(kind, id)).toEqual({ outcome: 'not_found' });
  });

  it('malformed JSON → unknown, and the status query finds it done', async () => {
    fakeOf(kind).script.push('malformed');
    const id = requestId();
    const result = await purchases[kind](id);
    expect(result.outcome).toBe('unknown');
    expect((await statusOf(kind, id)).outcome).toBe('successful');
  });

  it('a timeout → unknown, never failed; the status query later tells what happened', async () => {
    fakeOf(kind).script.push('slow-success');
    const id = requestId();
    const result: PurchaseResult = await purchases[kind](id);
    // The reason names the client's own timeout: it stopped waiting, the provider did not answer.
    expect(result).toEqual({ outcome: 'unknown', reason: `no answer within ${TIMEOUT_MS} ms` });
    const status = await statusOf(kind, id);
    expect(status.outcome).toBe('successful');
    if (kind === 'electricity') expect(status).toMatchObject({ token: '1234-5678-9012-3456-7890', units: '23.9 kWh' });
  });
});

describe('status query by request id', () => {
  it('POSTs the request id with the key, and reads failed / processing / not_found', async () => {
    fakeOf('data').script.push('slow-failure', 'slow-pending');
    const failed = requestId();
    const pending = requestId();
    await purchases.data(failed);
    await purchases.data(pending);
    expect(await billsClient.queryStatus(failed)).toEqual({ outcome: 'failed', message: 'Transaction failed at the network' });
    expect(await billsClient.queryStatus(pending)).toMatchObject({ outcome: 'pending' });
    bills.settle(pending, 'successful');
    expect((await billsClient.queryStatus(pending)).outcome).toBe('successful');
    expect(await billsClient.queryStatus('never-sent-0001')).toEqual({ outcome: 'not_found' });
    expect(bills.requests.filter((r) => r.path === '/requery').at(-1)?.body).toEqual({
      public_key: bills.publicKey,
      request_id: 'never-sent-0001',
    });
    await airtimeClient.queryStatus('never-sent-0002');
    expect(airtime.requests.at(-1)).toMatchObject({
      path: '/buyairtime/requery',
      body: { public_key: airtime.publicKey, request_id: 'never-sent-0002' },
    });
  });

  it('a status query that cannot be answered is pending, not a verdict', async () => {
    bills.failAllWith = 503;
    expect(await billsClient.queryStatus('x-1')).toMatchObject({ outcome: 'pending' });
    bills.failAllWith = 401;
    expect(await billsClient.queryStatus('x-1')).toMatchObject({ outcome: 'pending' });
  });
});

describe('plans and verification', () => {
  it('reads data.varations (the provider spells it so) with the key and service name in the query', async () => {
    bills.plans.set('mtn-data', [
      { name: 'MTN 1GB (SME) – 30 days', variation_code: 'mtn-1gb-sme', variation_amount: '600.00' },
      { name: 'MTN 40MB (Daily) – 1 day', variation_code: 'mtn-40mb', variation_amount: 49.99 },
    ]);
    bills.plans.set('dstv', [{ name: 'DStv Compact', variation_code: 'dstv-compact', variation_amount: '19000' }]);
    expect(await billsClient.dataPlans('mtn')).toEqual([
      { variationCode: 'mtn-1gb-sme', name: 'MTN 1GB (SME) – 30 days', amountNaira: '600.00' },
      { variationCode: 'mtn-40mb', name: 'MTN 40MB (Daily) – 1 day', amountNaira: '49.99' },
    ]);
    expect(bills.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/data/plans',
      query: { public_key: bills.publicKey, service_name: 'mtn-data' },
    });
    expect(await billsClient.tvPlans('dstv')).toEqual([{ variationCode: 'dstv-compact', name: 'DStv Compact', amountNaira: '19000' }]);
    expect(bills.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/cable/plans',
      query: { public_key: bills.publicKey, service_id: 'dstv' },
    });
  });

  it('throws a BillsProviderError for an outage, an unknown shape or a bad key', async () => {
    bills.plans.set('glo-data', [{ name: 'GLO 1GB', variation_code: 'g1', variation_amount: 'free' }]);
    await expect(billsClient.dataPlans('glo')).rejects.toBeInstanceOf(BillsProviderError);
    bills.failAllWith = 500;
    await expect(billsClient.dataPlans('mtn')).rejects.toBeInstanceOf(BillsProviderError);
    bills.failAllWith = undefined;
    const wrongKey = new HttpBillsProvider({ publicKey: 'pk_wrong', baseUrl: bills.url, timeoutMs: TIMEOUT_MS });
    await expect(wrongKey.dataPlans('mtn')).rejects.toThrow(/HTTP 401/);
    // The key travels in the query of a GET: no error message may repeat it.
    await expect(wrongKey.dataPlans('mtn')).rejects.not.toThrow(/pk_wrong/);
  });

  it('verifies meters and smart cards: a name, null for an unknown number, an error when it cannot say', async () => {
    bills.customers.set('ikeja-electric:45012345678', 'OKAFOR ADAEZE');
    bills.customers.set('gotv:7034567890', 'BELLO TUNDE');
    expect(
      await billsClient.verifyCustomer({ kind: 'electricity', provider: 'ikeja', meterNumber: '45012345678', meterType: 'prepaid' }),
    ).toEqual({ customerName: 'OKAFOR ADAEZE' });
    expect(bills.requests.at(-1)?.body).toEqual({
      public_key: bills.publicKey,
      service_id: 'ikeja-electric',
      customer_id: '45012345678',
      meter_type: 'prepaid',
    });
    expect(await billsClient.verifyCustomer({ kind: 'tv', service: 'gotv', smartCardNumber: '7034567890' })).toEqual({
      customerName: 'BELLO TUNDE',
    });
    expect(await billsClient.verifyCustomer({ kind: 'tv', service: 'gotv', smartCardNumber: '7000000000' })).toBeNull();
    bills.failAllWith = 502;
    await expect(billsClient.verifyCustomer({ kind: 'tv', service: 'gotv', smartCardNumber: '7034567890' })).rejects.toBeInstanceOf(
      BillsProviderError,
    );
  });
});

describe('a service that cannot be reached', () => {
  it('is a definite failure (the request never left), and a status query is pending', async () => {
    // A port that was open a moment ago and is closed now: connection refused.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    const closed = new HttpAirtimeProvider({ publicKey: 'pk', baseUrl: `http://127.0.0.1:${port}`, timeoutMs: TIMEOUT_MS });
    expect(await closed.buyAirtime({ requestId: requestId(), network: 'glo', phone: '08051234567', amount: 100 })).toEqual({
      outcome: 'failed',
      message: null,
      unreached: true,
    });
    expect(await closed.queryStatus('x')).toMatchObject({ outcome: 'pending' });
  });
});
