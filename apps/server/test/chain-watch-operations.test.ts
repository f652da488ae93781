import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { addressDeriversFromConfig, depositAddressFor, newSolanaPaymentReference } from '../src/domain/crypto-deposits';
import { formatReconcileReport, reconcileDeposits } from '../src/domain/crypto-deposits/reconcile';
import { checkAlerts, readChainWatchStall, type AlertSettings } from '../src/domain/operations/alerts';
import { ManualClock } from '../src/lib/clock';
import { createChainWatchers, sandboxChainFromConfig, type ChainNetwork } from '../src/providers/chains';
import type { SandboxSent } from '../src/providers/chains/sandbox';
import { commandTarget, runServerProgram, type CommandTarget } from './support/cli';
import { openTestDatabase } from './support/db';

/**
 * Operating the chain watchers (docs/crypto-settlement.md, "Operations"): the alert on a watcher
 * that stopped or fails, and `npm run crypto:reconcile`, which reads every transfer to our
 * addresses again from the sandbox chain and compares it with `chain_deposits`. The deposits are
 * inserted directly, as the watch loop would record them (the owner trigger holds them to the
 * address book).
 */

const settings: AlertSettings = {
  payoutFailureRate: 0.2,
  payoutFailureMinSample: 5,
  payoutStuckMinutes: 30,
  jobAgeMinutes: 10,
  maxPriceAgeSeconds: 600,
  payoutFloatAlertKobo: 0,
  billsFloatAlertKobo: 0,
  providerUnreachableMinutes: 2,
  chainWatchStallMinutes: 10,
  watchedChainNetworks: ['bitcoin', 'bsc', 'tron', 'solana'],
};

async function newCustomer(database: Database): Promise<string> {
  const tag = randomUUID().replaceAll('-', '');
  const rows = await database.query<{ id: string }>(
    `INSERT INTO users (full_name, username, email, phone, password_hash) VALUES ('Chain Ops', $1, $2, $3, 'x') RETURNING id`,
    [`c${tag.slice(0, 18)}`, `${tag}@chain.test`, `+234${tag.replace(/\D/g, '').padEnd(10, '5').slice(0, 10)}`],
  );
  return rows[0]!.id;
}

describe('the chain_watch_stalled alert', () => {
  let database: Database;
  const clock = new ManualClock('2026-03-02T10:00:00Z');
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  const cursor = (network: ChainNetwork, tipSeenAt: Date, error: { at: Date; text: string } | null = null) =>
    database.query(
      `INSERT INTO chain_scan_cursors (network, scanned_to, tip_height, tip_seen_at, last_error, last_error_at) VALUES ($1, 90, 100, $2, $3, $4)
       ON CONFLICT (network) DO UPDATE SET tip_seen_at = EXCLUDED.tip_seen_at, last_error = EXCLUDED.last_error, last_error_at = EXCLUDED.last_error_at`,
      [network, tipSeenAt, error?.text ?? null, error?.at ?? null],
    );
  const openIncidents = () =>
    database.query<{ detail: string }>(`SELECT detail FROM alert_incidents WHERE kind = 'chain_watch_stalled' AND resolved_at IS NULL`);

  it('stays quiet while every watcher reads its tip, opens when one stops, resolves when it is back', async () => {
    // Not scanned yet is not a stall: the first scan writes the cursor.
    expect(await readChainWatchStall(database.db, clock, settings)).toMatchObject({ firing: false });
    const now = clock.now();
    await cursor('tron', new Date(now.getTime() - 60_000));
    expect((await checkAlerts(database.db, clock, settings)).chain_watch_stalled).toBe('unchanged');

    clock.advance(11 * 60_000);
    const stalled = await readChainWatchStall(database.db, clock, settings);
    expect(stalled.firing).toBe(true);
    expect(stalled.detail).toMatch(/tron: tip last read 12 minutes ago \(10 blocks behind then\)/);
    expect((await checkAlerts(database.db, clock, settings)).chain_watch_stalled).toBe('opened');
    expect(await openIncidents()).toHaveLength(1);

    await cursor('tron', clock.now());
    expect((await checkAlerts(database.db, clock, settings)).chain_watch_stalled).toBe('resolved');
    expect(await openIncidents()).toHaveLength(0);
  });

  it('opens when the last scan failed after the last good read, not for an error a later read cleared', async () => {
    const now = clock.now();
    await cursor('bitcoin', new Date(now.getTime() - 30_000), { at: now, text: 'bitcoin: /blocks/tip/height: HTTP 503' });
    const failing = await readChainWatchStall(database.db, clock, settings);
    expect(failing).toMatchObject({ firing: true });
    expect(failing.detail).toMatch(/bitcoin: last scan failed \(bitcoin: \/blocks\/tip\/height: HTTP 503\)/);
    await cursor('bitcoin', now, { at: new Date(now.getTime() - 30_000), text: 'bitcoin: timeout' });
    expect(await readChainWatchStall(database.db, clock, settings)).toMatchObject({ firing: false });
    // A network no longer watched leaves its cursor behind: not a stall.
    await cursor('solana', new Date(now.getTime() - 3_600_000));
    expect(await readChainWatchStall(database.db, clock, { ...settings, watchedChainNetworks: ['bitcoin', 'tron'] })).toMatchObject({
      firing: false,
    });
    expect(await readChainWatchStall(database.db, clock, settings)).toMatchObject({ firing: true });
  });
});

describe('the crypto deposits reconciliation', () => {
  let target: CommandTarget;
  const env = { SANDBOX_CHAIN_BLOCK_MS: '10' };
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  beforeAll(async () => {
    target = await commandTarget({ migrated: true });
  });
  afterAll(async () => target?.dispose());

  const record = (
    database: Database,
    userId: string,
    sent: SandboxSent,
    overrides: { amountBase?: bigint; status?: string; txid?: string } = {},
  ) =>
    database.query(
      `INSERT INTO chain_deposits (user_id, network, txid, output_index, address, reference, asset, contract, amount_base, amount,
                                   block_number, confirmations, required_confirmations, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1, 1, $12)`,
      [
        userId,
        sent.network,
        overrides.txid ?? sent.txid,
        sent.index,
        sent.to,
        sent.reference,
        sent.asset,
        sent.contract,
        (overrides.amountBase ?? sent.amountBase).toString(),
        '1',
        sent.blockNumber.toString(),
        overrides.status ?? 'confirmed',
      ],
    );

  it('finds nothing when every transfer is recorded, then a missing, a mismatched and an extra deposit', async () => {
    let database = await target.open();
    const chain = sandboxChainFromConfig(config, database.db)!;
    const derivers = addressDeriversFromConfig(config);
    const ada = await newCustomer(database);
    const bayo = await newCustomer(database);
    const adaTron = await depositAddressFor(database.db, ada, derivers.tron!);
    const bayoBsc = await depositAddressFor(database.db, bayo, derivers.bsc!);
    const reference = await newSolanaPaymentReference(database.db, bayo, config.CRYPTO_SOLANA_RECIPIENT!);

    const paid = await chain.send({ network: 'tron', to: adaTron.address, asset: 'usdt', amountBase: 25_000_000n });
    const sol = await chain.send({ network: 'solana', to: reference.reference, asset: 'sol', amountBase: 2_000_000_000n });
    const bnb = await chain.send({ network: 'bsc', to: bayoBsc.address, asset: 'bnb', amountBase: 10n ** 18n });
    await record(database, ada, paid);
    await record(database, bayo, sol);
    await record(database, bayo, bnb);
    // Mined, and the watch loop has scanned past them.
    const watchers = createChainWatchers(config, database.db);
    await vi.waitFor(async () => expect((await watchers.bsc!.tip()).height).toBeGreaterThan(bnb.blockNumber));
    for (const network of ['tron', 'bsc', 'solana'] as const) {
      const tip = (await watchers[network]!.tip()).height;
      await database.query(`INSERT INTO chain_scan_cursors (network, scanned_to, tip_height) VALUES ($1, $2, $2)`, [
        network,
        tip.toString(),
      ]);
    }
    const clean = await reconcileDeposits(database.db, watchers);
    expect(clean.findings).toEqual([]);
    expect(clean.networks.find((n) => n.network === 'tron')).toMatchObject({ keys: 1, onChain: 1, recorded: 1, notYetScanned: 0 });
    expect(formatReconcileReport(clean)).toMatch(/OK: every transfer on chain is recorded as the chain has it\.$/);
    await target.release(database);

    const ok = await runServerProgram('crypto-reconcile', { env: { ...target.env, ...env } });
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toContain('OK: every transfer on chain is recorded');
    expect(ok.code).toBe(0);

    database = await target.open();
    const chainAgain = sandboxChainFromConfig(config, database.db)!;
    // Not recorded: the loop missed it.
    const missed = await chainAgain.send({ network: 'tron', to: adaTron.address, asset: 'usdt', amountBase: 10_000_000n });
    // Recorded with another amount than the chain's.
    const short = await chainAgain.send({ network: 'bsc', to: bayoBsc.address, asset: 'bnb', amountBase: 5n * 10n ** 17n });
    await record(database, bayo, short, { amountBase: 6n * 10n ** 17n });
    // Recorded, but the chain never had it.
    const ghost = { ...short, txid: `0x${'ab'.repeat(32)}` };
    await record(database, bayo, ghost);
    const watchersAgain = createChainWatchers(config, database.db);
    await vi.waitFor(async () => expect((await watchersAgain.bsc!.tip()).height).toBeGreaterThan(short.blockNumber));
    for (const network of ['tron', 'bsc'] as const) {
      const tip = (await watchersAgain[network]!.tip()).height;
      await database.query(`UPDATE chain_scan_cursors SET scanned_to = $2, tip_height = $2 WHERE network = $1`, [network, tip.toString()]);
    }
    // Sent after the loop's last scan: not yet scanned, not missing.
    await chainAgain.send({ network: 'tron', to: adaTron.address, asset: 'usdt', amountBase: 1_000_000n });

    const report = await reconcileDeposits(database.db, watchersAgain);
    expect(report.findings.map((f) => [f.kind, f.network, f.txid])).toEqual(
      expect.arrayContaining([
        ['missing', 'tron', missed.txid],
        ['mismatch', 'bsc', short.txid],
        ['extra', 'bsc', ghost.txid],
      ]),
    );
    expect(report.findings).toHaveLength(3);
    expect(report.findings.find((f) => f.kind === 'mismatch')?.detail).toBe(
      'amount 600000000000000000 recorded, 500000000000000000 on chain',
    );
    expect(report.findings.find((f) => f.kind === 'missing')?.detail).toContain(`owner ${ada}`);
    await target.release(database);

    const found = await runServerProgram('crypto-reconcile', {
      env: { ...target.env, ...env },
      args: ['--network', 'tron', '--network', 'bsc'],
    });
    expect(found.stdout).toContain(`MISSING tron ${missed.txid}:0 → ${adaTron.address}`);
    expect(found.stdout).toContain(`MISMATCH bsc ${short.txid}:-1`);
    expect(found.stdout).toContain(`EXTRA bsc ${ghost.txid}:-1`);
    expect(found.stdout).toContain('3 finding(s): 1 missing, 1 extra, 1 mismatch.');
    expect(found.stdout).not.toContain('solana:');
    expect(found.code).toBe(1);

    const refused = await runServerProgram('crypto-reconcile', { env: { ...target.env, ...env }, args: ['--network', 'dogecoin'] });
    expect(refused.code).toBe(2);
    // Three runs of the compiled command on a busy machine.
  }, 180_000);
});
