import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { metricsObserver } from '../src/domain/crypto-deposits/metrics';
import { createChainWatchers } from '../src/providers/chains';
import { createTestApp, type TestApp } from './support/app';
import { PRODUCTION_TEST_ENV } from './support/production-env';

/**
 * The sandbox chain's dev routes (routes/dev-chain.ts): a "payment" sent here becomes naira paid
 * out, so they answer this machine only, and exist only in development and test with the sandbox
 * on. And the watcher's metrics at GET /metrics (domain/crypto-deposits/metrics.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_CHAIN_BLOCK_MS: '10' } });
});
afterAll(async () => t.close());

const local = { remoteAddress: '127.0.0.1' };
const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

describe('the sandbox chain dev routes', () => {
  it('send a payment from this machine, in coins or base units, and list it', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/dev/chain/send',
      payload: { network: 'tron', to: TRON_ADDRESS, amount: '25' },
      ...local,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const body = sent.json<{ txid: string; asset: string; amount_base: string }>();
    expect(body).toMatchObject({ asset: 'usdt', amount_base: '25000000' });
    expect(body.txid).toMatch(/^[0-9a-f]{64}$/);

    const inBase = await t.app.inject({
      method: 'POST',
      url: '/api/dev/chain/send',
      payload: { network: 'bsc', to: '0x9858effd232b4033e47d90003d41ec34ecaeda94', asset: 'other', amount_base: '7' },
      ...local,
    });
    expect(inBase.statusCode, inBase.body).toBe(201);
    expect(inBase.json()).toMatchObject({ asset: 'other', amount_base: '7', to: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' });

    // The watchers the app would be given see the payment once mined (blocks of 10 ms here).
    const tron = createChainWatchers(loadConfig({ NODE_ENV: 'test', SANDBOX_CHAIN_BLOCK_MS: '10' }), t.database.db).tron!;
    await vi.waitFor(async () => {
      const scan = await tron.transfersTo([TRON_ADDRESS], 0n);
      expect(scan.transfers.map((x) => x.txid)).toContain(body.txid);
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/dev/chain/', ...local });
    expect(list.statusCode).toBe(200);
    const chain = list.json<{ tips: { network: string }[]; transfers: { txid: string; amount: string; dropped: boolean }[] }>();
    expect(chain.tips.map((tip) => tip.network)).toEqual(['bitcoin', 'tron', 'bsc', 'solana']);
    expect(chain.transfers.find((x) => x.txid === body.txid)).toMatchObject({ amount: '25', dropped: false });
  });

  it('drop a transaction once, and refuse what cannot be sent', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/dev/chain/send',
      payload: { network: 'bitcoin', to: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', amount: '0.001' },
      ...local,
    });
    const { txid } = sent.json<{ txid: string }>();
    const drop = () => t.app.inject({ method: 'POST', url: '/api/dev/chain/drop', payload: { txid }, ...local });
    expect((await drop()).statusCode).toBe(200);
    expect((await drop()).statusCode).toBe(404);
    for (const payload of [
      { network: 'bitcoin', to: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', amount: '0.000000001' },
      { network: 'tron', to: TRON_ADDRESS, asset: 'sol', amount: '1' },
      { network: 'tron', to: TRON_ADDRESS, amount: '1', amount_base: '1000000' },
      { network: 'tron', to: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', amount: '1' },
    ]) {
      const refused = await t.app.inject({ method: 'POST', url: '/api/dev/chain/send', payload, ...local });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('are not there for anyone else, whatever X-Forwarded-For claims', async () => {
    for (const remoteAddress of ['10.0.0.5', '203.0.113.9', '::ffff:10.1.2.3']) {
      for (const [method, url] of [
        ['POST', '/api/dev/chain/send'],
        ['POST', '/api/dev/chain/drop'],
        ['POST', '/api/dev/chain/outage'],
        ['GET', '/api/dev/chain/'],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          remoteAddress,
          headers: { 'x-forwarded-for': '127.0.0.1' },
          ...(method === 'POST' ? { payload: { network: 'tron', to: TRON_ADDRESS, amount: '25', txid: 'f'.repeat(64), kind: null } } : {}),
        });
        expect(response.statusCode, `${remoteAddress} ${url}`).toBe(404);
      }
    }
  });

  it('do not exist in production, nor with SANDBOX_CHAIN=false', async () => {
    for (const env of [{ ...PRODUCTION_TEST_ENV }, { SANDBOX_CHAIN: 'false' }] as Record<string, string>[]) {
      const other = await createTestApp({ env, database: t.database });
      try {
        const response = await other.app.inject({
          method: 'POST',
          url: '/api/dev/chain/send',
          payload: { network: 'tron', to: TRON_ADDRESS, amount: '25' },
          ...local,
        });
        expect(response.statusCode, env.SANDBOX_CHAIN ?? 'production').toBe(404);
      } finally {
        await other.close();
      }
    }
  });
});

describe('the chain watcher metrics', () => {
  it("count the observer's reports and read each watcher's lag from its cursor", async () => {
    const observer = metricsObserver();
    observer.scanned('tron', 120n, 115n);
    observer.failed('tron', 'timeout');
    observer.deposit('tron', 'seen');
    observer.deposit('tron', 'auto_approved');
    await t.database.query(
      `INSERT INTO chain_scan_cursors (network, scanned_to, tip_height, tip_seen_at, last_error, last_error_at)
       VALUES ('tron', 115, 120, now() - interval '90 seconds', 'timeout: no answer', now())`,
    );
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', ...local })).body;
    expect(text).toMatch(/^wise_chain_scan_lag_blocks\{network="tron"\} 5$/m);
    expect(Number(/^wise_chain_tip_age_seconds\{network="tron"\} ([\d.]+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(90);
    expect(text).toMatch(/^wise_chain_scan_failing\{network="tron"\} 1$/m);
    expect(text).toMatch(/^wise_chain_provider_errors_total\{network="tron",kind="timeout"\} [1-9]/m);
    expect(text).toMatch(/^wise_chain_deposits_total\{network="tron",event="auto_approved"\} [1-9]/m);
    expect(text).toMatch(/^wise_chain_deposits_total\{network="bsc",event="paid"\} 0$/m);
    expect(text).toMatch(/^wise_chain_scans_total\{network="tron"\} [1-9]/m);
  });
});
