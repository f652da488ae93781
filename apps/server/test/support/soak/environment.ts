import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import pg from 'pg';
import { startFakeAirtime, type FakeAirtimeServer } from '../fake-airtime';
import { startFakeBills, type FakeBillsServer } from '../fake-bills';
import { startFakeCoinGecko, type FakeCoinGecko } from '../fake-coingecko';
import { startFakePaystack, type FakePaystack } from '../fake-paystack';
import { startFaultProxy, type FaultMode, type FaultProxy } from './fault-proxy';
import { startSmtpSink, type SmtpSink, type SmtpMode } from './smtp-sink';

/**
 * Everything around the server under soak: a fresh PostgreSQL database, the local fakes of every
 * provider (the server runs its real HTTP clients against them, so what they did survives a server
 * crash and can be counted), a fault proxy in front of each, and an SMTP sink.
 *
 * Ports (the soak's range): `portBase` the server, +1 market data, +2 airtime, +3 bills,
 * +4 payouts, +5 bank lookup, +6 SMTP. The fakes themselves sit on ports the kernel picks.
 */

export const SOAK_BANK_ACCOUNT = '0123456789';
export const SOAK_ADMIN_URL = process.env.SOAK_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type ProviderName = 'market' | 'airtime' | 'bills' | 'payouts' | 'bankLookup';

export interface SoakEnvironment {
  databaseUrl: string;
  serverPort: number;
  /** The server's settings: database, data directory, every provider through its proxy. */
  serverEnv: Record<string, string>;
  airtime: FakeAirtimeServer;
  bills: FakeBillsServer;
  paystack: FakePaystack;
  coingecko: FakeCoinGecko;
  proxies: Record<ProviderName, FaultProxy>;
  smtp: SmtpSink;
  /** Every provider (SMTP's garbage is a refusal) in one mode. */
  setMode(mode: FaultMode): void;
  close(): Promise<void>;
}

export async function createSoakDatabase(adminUrl = SOAK_ADMIN_URL): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `h8_soak_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** `adminUrl`: the PostgreSQL server the soak's database is created on (default SOAK_ADMIN_URL; the fault soak's private cluster). */
export async function startSoakEnvironment(options: { portBase: number; name: string; adminUrl?: string }): Promise<SoakEnvironment> {
  const [airtime, bills, paystack, coingecko] = await Promise.all([
    startFakeAirtime(),
    startFakeBills(),
    startFakePaystack(),
    startFakeCoinGecko(),
  ]);
  bills.plans.set('mtn-data', [
    { name: 'MTN 40MB (Daily) – 1 day', variation_code: 'mtn-40mb-daily', variation_amount: '49.99' },
    { name: 'MTN 100MB (Daily) – 1 day', variation_code: 'mtn-100mb-daily', variation_amount: '100.00' },
    { name: 'MTN 350MB (Weekly) – 7 days', variation_code: 'mtn-350mb-weekly', variation_amount: 300 },
  ]);
  paystack.accounts.set(`058:${SOAK_BANK_ACCOUNT}`, 'SOAK CUSTOMER');
  const base = options.portBase;
  const proxies: Record<ProviderName, FaultProxy> = {
    market: await startFaultProxy('market data', coingecko.url, base + 1),
    airtime: await startFaultProxy('airtime', airtime.url, base + 2),
    bills: await startFaultProxy('bills', bills.url, base + 3),
    payouts: await startFaultProxy('payouts', paystack.url, base + 4),
    bankLookup: await startFaultProxy('bank lookup', paystack.url, base + 5),
  };
  const smtp = await startSmtpSink(base + 6);
  const database = await createSoakDatabase(options.adminUrl);
  const dataDir = await mkdtemp(`/tmp/${options.name}-`);
  const serverEnv: Record<string, string> = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    COINGECKO_API_KEY: coingecko.apiKey,
    COINGECKO_BASE_URL: proxies.market.url,
    CRYPTO_REFRESH_INTERVAL_S: '10',
    CRYPTO_MAX_PRICE_AGE_S: '60',
    AIRTIME_PUBLIC_KEY: airtime.publicKey,
    AIRTIME_BASE_URL: proxies.airtime.url,
    AIRTIME_TIMEOUT_MS: '1500',
    BILLS_PUBLIC_KEY: bills.publicKey,
    BILLS_BASE_URL: proxies.bills.url,
    BILLS_TIMEOUT_MS: '1500',
    PAYOUT_SECRET_KEY: paystack.secretKey,
    PAYOUT_BASE_URL: proxies.payouts.url,
    PAYOUT_TIMEOUT_MS: '2000',
    BANK_LOOKUP_SECRET_KEY: paystack.secretKey,
    BANK_LOOKUP_BASE_URL: proxies.bankLookup.url,
  };
  if (process.env.REDIS_URL) serverEnv.REDIS_URL = process.env.REDIS_URL;
  return {
    databaseUrl: database.url,
    serverPort: base,
    serverEnv,
    airtime,
    bills,
    paystack,
    coingecko,
    proxies,
    smtp,
    setMode(mode) {
      for (const proxy of Object.values(proxies)) proxy.mode = mode;
      const smtpMode: SmtpMode = mode === 'pass' ? 'pass' : mode === 'slow' ? 'slow' : 'fail';
      smtp.mode = smtpMode;
    },
    async close() {
      await Promise.all([
        ...Object.values(proxies).map((p) => p.close()),
        smtp.close(),
        airtime.close(),
        bills.close(),
        paystack.close(),
        coingecko.close(),
      ]);
      await database.drop().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
