import { BILL_NETWORKS, ELECTRICITY_PROVIDERS, METER_TYPES, TV_SERVICES } from '@wise/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createAirtimeProvider } from '../src/providers/airtime/index';
import { HttpAirtimeProvider } from '../src/providers/airtime/http';
import { SandboxAirtimeProvider } from '../src/providers/airtime/sandbox';
import { createBillsProvider } from '../src/providers/bills/index';
import { HttpBillsProvider } from '../src/providers/bills/http';
import { SandboxBillsProvider, sandboxToken } from '../src/providers/bills/sandbox';

/** The offline providers (docs/decisions.md §6): realistic, deterministic, every documented input reachable. */

const bills = new SandboxBillsProvider({ slowMs: 0 });
const airtime = new SandboxAirtimeProvider({ slowMs: 0 });
let n = 0;
const id = () => `sandbox-${(n += 1)}`;

describe('choosing the provider', () => {
  it('is the sandbox without keys, the HTTP client with key and base URL; a key without its URL stops start-up', () => {
    const base = { NODE_ENV: 'test' };
    expect(createAirtimeProvider(loadConfig(base)).name).toBe('sandbox');
    expect(createBillsProvider(loadConfig(base)).name).toBe('sandbox');
    const configured = loadConfig({
      ...base,
      AIRTIME_PUBLIC_KEY: 'pk_a',
      AIRTIME_BASE_URL: 'https://airtime.example',
      BILLS_PUBLIC_KEY: 'pk_b',
      BILLS_BASE_URL: 'https://bills.example',
    });
    expect(createAirtimeProvider(configured)).toBeInstanceOf(HttpAirtimeProvider);
    expect(createBillsProvider(configured)).toBeInstanceOf(HttpBillsProvider);
    expect(configured.AIRTIME_TIMEOUT_MS).toBe(30_000);
    expect(() => loadConfig({ ...base, BILLS_PUBLIC_KEY: 'pk_b' })).toThrow(/BILLS_BASE_URL: is required when BILLS_PUBLIC_KEY is set/);
    expect(() => loadConfig({ ...base, AIRTIME_PUBLIC_KEY: 'pk_a' })).toThrow(/AIRTIME_BASE_URL/);
  });
});

describe('plans', () => {
  it.each(BILL_NETWORKS)('lists %s data plans named like the provider does', async (network) => {
    const plans = await bills.dataPlans(network);
    expect(plans.length).toBeGreaterThanOrEqual(5);
    const word = { mtn: 'MTN', airtel: 'Airtel', glo: 'GLO', etisalat: '9mobile' }[network];
    for (const plan of plans) {
      expect(plan.name.startsWith(`${word} `)).toBe(true);
      expect(plan.amountNaira).toMatch(/^\d+\.\d{2}$/);
    }
    expect(new Set(plans.map((p) => p.variationCode)).size).toBe(plans.length);
  });

  it('has "MTN 1GB (SME) – 30 days", and a price with kobo', async () => {
    const mtn = await bills.dataPlans('mtn');
    expect(mtn.map((p) => p.name)).toContain('MTN 1GB (SME) – 30 days');
    expect(mtn.some((p) => !p.amountNaira.endsWith('.00'))).toBe(true);
  });

  it.each(TV_SERVICES)('lists %s plans', async (service) => {
    const plans = await bills.tvPlans(service);
    expect(plans.length).toBeGreaterThanOrEqual(4);
  });
});

describe('purchases', () => {
  it('airtime succeeds, and the same request id again is the same answer, not a second delivery', async () => {
    const requestId = id();
    const first = await airtime.buyAirtime({ requestId, network: 'mtn', phone: '08031234567', amount: 500 });
    expect(first.outcome).toBe('successful');
    expect(await airtime.buyAirtime({ requestId, network: 'mtn', phone: '08031234567', amount: 500 })).toEqual(first);
    expect((await airtime.queryStatus(requestId)).outcome).toBe('successful');
  });

  it('a phone ending 0000 is refused with a message', async () => {
    const result = await airtime.buyAirtime({ requestId: id(), network: 'glo', phone: '08050000000', amount: 100 });
    expect(result).toMatchObject({ outcome: 'failed', unreached: false });
    expect(result.outcome === 'failed' && result.message).toMatch(/cannot be recharged/);
  });

  it('a phone ending 9999 times out, then the status query says successful', async () => {
    const requestId = id();
    expect(
      (
        await bills.buyData({
          requestId,
          network: 'mtn',
          phone: '08039999999',
          amount: 600,
          variationCode: 'mtn-1gb-sme',
          planName: 'MTN 1GB (SME) – 30 days',
        })
      ).outcome,
    ).toBe('unknown');
    expect((await bills.queryStatus(requestId)).outcome).toBe('successful');
  });

  it('a phone ending 8888 times out, then the status query says failed', async () => {
    const requestId = id();
    expect((await airtime.buyAirtime({ requestId, network: 'airtel', phone: '08028888888', amount: 100 })).outcome).toBe('unknown');
    expect(await airtime.queryStatus(requestId)).toEqual({
      outcome: 'failed',
      message: 'Transaction failed at the network',
      refusal: 'network_failed',
    });
  });

  it('a phone ending 7777 is lost before it was recorded: the status query says not found', async () => {
    const requestId = id();
    expect(
      (
        await bills.buyTv({
          requestId,
          service: 'gotv',
          phone: '08037777777',
          amount: 3900,
          variationCode: 'gotv-jinja',
          smartCardNumber: '7034567890',
        })
      ).outcome,
    ).toBe('unknown');
    expect(await bills.queryStatus(requestId)).toEqual({ outcome: 'not_found' });
  });

  it('refuses an unknown variation code or an amount below the plan price', async () => {
    const base = { network: 'glo' as const, phone: '08051234567', planName: 'GLO 2.9GB – 30 days' };
    expect(await bills.buyData({ ...base, requestId: id(), amount: 1000, variationCode: 'nope' })).toMatchObject({
      outcome: 'failed',
      message: 'Invalid variation code',
    });
    expect(await bills.buyData({ ...base, requestId: id(), amount: 999, variationCode: 'glo-2-9gb-monthly' })).toMatchObject({
      outcome: 'failed',
    });
  });

  it.each(ELECTRICITY_PROVIDERS.flatMap((provider) => METER_TYPES.map((meterType) => [provider, meterType] as const)))(
    'electricity %s %s: a 20-digit grouped token and units',
    async (provider, meterType) => {
      const requestId = id();
      const result = await bills.buyElectricity({
        requestId,
        provider,
        phone: '08031234567',
        amount: 5000,
        meterNumber: '45012345678',
        meterType,
      });
      expect(result).toMatchObject({ outcome: 'successful', token: sandboxToken(requestId) });
      if (result.outcome !== 'successful') throw new Error('not successful');
      expect(result.token).toMatch(/^\d{4}-\d{4}-\d{4}-\d{4}-\d{4}$/);
      expect(result.units).toMatch(/^\d+\.\d kWh$/);
    },
  );

  it('a meter or smart card starting 000 is refused', async () => {
    expect(
      await bills.buyElectricity({
        requestId: id(),
        provider: 'eko',
        phone: '08031234567',
        amount: 1000,
        meterNumber: '00012345678',
        meterType: 'prepaid',
      }),
    ).toMatchObject({
      outcome: 'failed',
      message: 'Invalid meter number',
    });
    expect(
      await bills.buyTv({
        requestId: id(),
        service: 'dstv',
        phone: '08031234567',
        amount: 4400,
        variationCode: 'dstv-padi',
        smartCardNumber: '0001234567',
      }),
    ).toMatchObject({
      outcome: 'failed',
      message: 'Invalid smart card number',
    });
  });
});

describe('verification', () => {
  it('names the same holder every time, and refuses a number starting 000', async () => {
    const check = { kind: 'electricity' as const, provider: 'ikeja' as const, meterNumber: '45012345678', meterType: 'prepaid' as const };
    const first = await bills.verifyCustomer(check);
    expect(first?.customerName).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect(await bills.verifyCustomer(check)).toEqual(first);
    expect(await bills.verifyCustomer({ kind: 'tv', service: 'dstv', smartCardNumber: '0001112223' })).toBeNull();
  });
});
