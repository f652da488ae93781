import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { depositAddressResponseSchema, depositListResponseSchema, depositResponseSchema, type DepositStage } from '@wise/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { marketSettings } from '../src/domain/crypto/market-cache';
import {
  addressDeriver,
  chainFactsForSale,
  depositAddressFor,
  depositPolicyOf,
  recordTransfer,
  SYSTEM_APPROVER_ID,
  watchNetwork,
  writeAutoApprovalSettings,
  type ChainWatchObserver,
  type DepositEvent,
  type WatchDeps,
} from '../src/domain/crypto-deposits/index';
import { ManualClock } from '../src/lib/clock';
import { saleTxid } from '../src/domain/crypto-deposits/policy';
import { createMarketData } from '../src/providers/market-data/index';
import { SandboxPayouts } from '../src/providers/payouts/index';
import { createTestApp, get, type TestApp } from './support/app';
import { postCryptoSale, quoteFor, refreshPrices } from './support/crypto-sales';
import { FakeChain } from './support/fake-chain';
import { payoutTestDeps, payoutWorker } from './support/payouts';
import { addBankDetails, cardPhoto } from './support/sales';
import { setKycTier } from './support/tiers';
import { createCustomer, type TestUser } from './support/users';

/**
 * The watch loop against a chain in memory (support/fake-chain.ts) on PostgreSQL: a deposit to a
 * customer's own address is followed to its confirmations, becomes a sale with no screenshot,
 * is approved by the system and paid through the payout sandbox — or is dropped, held or left
 * for a reviewer, as docs/crypto-settlement.md says. And it only ever credits the address's owner.
 */

const seed = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
const account = (path: string) => HDKey.fromMasterSeed(seed).derive(path).publicExtendedKey;
const bitcoinDeriver = addressDeriver('bitcoin', account("m/84'/0'/0'"));
const bscDeriver = addressDeriver('bsc', account("m/44'/60'/0'"));

const env = {
  UPLOAD_DIR: path.join(tmpdir(), `wise-deposits-${process.pid}`),
  AUTO_APPROVAL_LIMIT_NAIRA: '50000000',
  AUTO_APPROVAL_DAILY_LIMIT_NAIRA: '500000000',
  PAYOUT_SANDBOX_DELAY_MS: '3000',
};
const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', ...env });
const policy = depositPolicyOf(config);
const clock = new ManualClock('2026-06-01T12:00:00Z');
const bitcoin = new FakeChain('bitcoin');
const bsc = new FakeChain('bsc');
const events: string[] = [];
/** What the loop logged as an error: a test that expects none says so. */
const failures: object[] = [];
const observer: ChainWatchObserver = {
  scanned: () => undefined,
  failed: (network, kind) => events.push(`${network}:failed:${kind}`),
  deposit: (network, event: DepositEvent) => events.push(`${network}:${event}`),
};

let t: TestApp;
let sandbox: SandboxPayouts;
let deps: WatchDeps;
let payouts: ReturnType<typeof payoutWorker>;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env,
    payouts: (database) => (sandbox = new SandboxPayouts(database.db, 3000, clock)),
    chainWatchers: { bitcoin, bsc },
    addressDerivers: { bitcoin: bitcoinDeriver, bsc: bscDeriver },
  });
  deps = {
    clock,
    watchers: { bitcoin, bsc },
    policy,
    quotes: {
      provider: createMarketData(config, clock),
      clock,
      settings: marketSettings(config),
      quoteTtlMs: config.CRYPTO_QUOTE_TTL_S * 1000,
    },
    observer,
    appUrl: 'http://localhost:3000',
    logger: { warn: () => undefined, error: (details) => failures.push(details) },
  };
  payouts = payoutWorker(t, payoutTestDeps(sandbox, clock, env));
});
afterAll(async () => {
  await t?.close();
  await rm(env.UPLOAD_DIR, { recursive: true, force: true });
});
afterEach(() => {
  expect(failures.splice(0)).toEqual([]);
});
beforeEach(async () => {
  await refreshPrices(t);
  await writeAutoApprovalSettings(t.database.db, clock, policy);
});

const saleTxidOf = (txid: string) => saleTxid('bitcoin', txid);
const watch = (network: 'bitcoin' | 'bsc' = 'bitcoin') => watchNetwork(t.database.db, deps, network);

/** A customer at tier 1 with bank details and an account a day old, and their own Bitcoin address. */
async function customer(tier = 1): Promise<TestUser & { btc: string; bnb: string }> {
  const user = await createCustomer(t, { full_name: 'Tunde Bakare' });
  await addBankDetails(t, user, '0123456789');
  await setKycTier(t.database, user.id, tier);
  const btc = (await depositAddressFor(t.database.db, user.id, bitcoinDeriver)).address;
  const bnb = (await depositAddressFor(t.database.db, user.id, bscDeriver)).address;
  return { ...user, btc, bnb };
}

async function depositOf(txid: string) {
  const [row] = await t.database.query<{
    id: string;
    user_id: string;
    status: string;
    confirmations: number;
    sale_id: string | null;
    review_reason: string | null;
    pricing: string | null;
    quote_id: string | null;
    value_kobo: string | null;
  }>(
    'SELECT id, user_id, status, confirmations, sale_id, review_reason, pricing, quote_id, value_kobo::text FROM chain_deposits WHERE txid = $1',
    [txid],
  );
  return row;
}

async function saleOf(saleId: string) {
  const [row] = await t.database.query<{
    status: string;
    source: string;
    coin_amount: string;
    value_kobo: string;
    transaction_id: string;
    quote_id: string;
    decided_by: string | null;
    network: string;
    images: number;
  }>(
    `SELECT status, source, coin_amount::text, value_kobo::text, transaction_id, quote_id, decided_by, network,
       (SELECT count(*)::int FROM sale_images WHERE sale_id = sales.id) AS images FROM sales WHERE id = $1`,
    [saleId],
  );
  return row!;
}

async function stageOf(user: TestUser, id: string): Promise<DepositStage> {
  const response = await get(t.app, `/api/crypto/deposits/${id}`, user.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return depositResponseSchema.parse(response.json()).deposit.stage;
}

describe('a deposit to the customer’s own address', () => {
  it('is followed to its confirmations, sold with no screenshot, approved by the system and paid', async () => {
    const ada = await customer();
    const quote = await quoteFor(t, ada, 'btc', '0.01');
    const txid = bitcoin.send(ada.btc, 1_000_000n, { from: 'bc1qsender' });
    await watch();
    const seen = await depositOf(txid);
    expect(seen).toMatchObject({ user_id: ada.id, status: 'seen', confirmations: 0, pricing: 'quote', quote_id: quote.id });
    expect(await stageOf(ada, seen!.id)).toBe('seen');
    // The customer is told it arrived, by e-mail (and push when subscribed).
    await payouts.runDue();
    expect(t.outbox.list().some((m) => m.to === ada.email && /seen your BTC/.test(m.subject ?? ''))).toBe(true);

    bitcoin.mine();
    await watch();
    expect(await depositOf(txid)).toMatchObject({ status: 'seen', confirmations: 1, sale_id: null });

    bitcoin.mine();
    const run = await watch();
    expect(run.settled).toEqual(['auto_approved']);
    const settled = await depositOf(txid);
    expect(settled).toMatchObject({ status: 'settled', confirmations: 2, review_reason: null });
    const sale = await saleOf(settled!.sale_id!);
    expect(sale).toMatchObject({
      status: 'approved',
      source: 'deposit',
      coin_amount: '0.01',
      value_kobo: String(quote.value_kobo),
      transaction_id: txid,
      quote_id: quote.id,
      decided_by: SYSTEM_APPROVER_ID,
      network: 'bitcoin',
      images: 0,
    });
    expect(await stageOf(ada, settled!.id)).toBe('paying');
    const [audit] = await t.database.query<{ action: string; actor: string }>(
      'SELECT action, actor FROM staff_audit_log WHERE target_id = $1 AND staff_id = $2',
      [settled!.sale_id, SYSTEM_APPROVER_ID],
    );
    expect(audit).toMatchObject({ action: 'sale.auto_approve', actor: 'automatic-approvals@system.invalid' });

    await payouts.runDue();
    clock.advance(3500);
    await payouts.runDue();
    expect((await saleOf(settled!.sale_id!)).status).toBe('paid');
    const paid = depositResponseSchema.parse((await get(t.app, `/api/crypto/deposits/${settled!.id}`, ada.cookie)).json()).deposit;
    expect(paid).toMatchObject({
      stage: 'successful',
      sale_id: settled!.sale_id,
      payout_reference: expect.stringMatching(/^TRF_sandbox_/),
    });
    expect(t.outbox.list().some((m) => m.to === ada.email && /has been paid/.test(m.subject ?? ''))).toBe(true);
    expect(events).toEqual(expect.arrayContaining(['bitcoin:seen', 'bitcoin:confirmed', 'bitcoin:auto_approved']));

    const facts = await chainFactsForSale(t.database.db, settled!.sale_id!);
    expect(facts).toMatchObject({
      txid,
      confirmations: 2,
      amount: '0.01',
      sender: 'bc1qsender',
      explorer_url: `https://mempool.space/tx/${txid}`,
    });
  });

  it('is dropped, never paid, when a reorganisation takes it out before it is confirmed', async () => {
    const bola = await customer();
    const txid = bitcoin.send(bola.btc, 500_000n);
    bitcoin.mine();
    await watch();
    expect(await depositOf(txid)).toMatchObject({ status: 'seen', confirmations: 1 });
    bitcoin.drop(txid);
    bitcoin.mine(5);
    await watch();
    await watch();
    const dropped = await depositOf(txid);
    expect(dropped).toMatchObject({ status: 'dropped', sale_id: null });
    expect(await stageOf(bola, dropped!.id)).toBe('dropped');
    expect(events).toContain('bitcoin:dropped');
    // And the database keeps it dropped.
    await expect(t.database.query("UPDATE chain_deposits SET status = 'confirmed' WHERE txid = $1", [txid])).rejects.toThrow(
      /stays dropped/,
    );
  });

  it('goes to review for a look-alike token, and nothing is sold', async () => {
    const chidi = await customer();
    const txid = bsc.send(chidi.bnb, 100n * 10n ** 18n, {
      asset: 'other',
      contract: '0x1111111111111111111111111111111111111111',
      index: 3,
    });
    bsc.mine(15);
    await watch('bsc');
    await watch('bsc');
    const deposit = await depositOf(txid);
    expect(deposit).toMatchObject({ status: 'review', review_reason: 'unexpected_token', sale_id: null, pricing: null });
    expect(await stageOf(chidi, deposit!.id)).toBe('in_review');
  });

  it('pays for what arrived at the quote’s rate when it is one base unit short, within the tolerance', async () => {
    const dayo = await customer();
    const quote = await quoteFor(t, dayo, 'btc', '0.01');
    const txid = bitcoin.send(dayo.btc, 999_999n);
    bitcoin.mine(2);
    await watch();
    const deposit = await depositOf(txid);
    expect(deposit).toMatchObject({ status: 'settled', pricing: 'quote' });
    const sale = await saleOf(deposit!.sale_id!);
    const rate = Number(quote.value_kobo) / 0.01;
    expect(sale.coin_amount).toBe('0.00999999');
    expect(Math.abs(Number(sale.value_kobo) - Math.round(rate * 0.00999999))).toBeLessThanOrEqual(1);
    expect(sale.status).toBe('approved');
    // The sale's quote is the customer's quote re-priced for the amount, once.
    const [repriced] = await t.database.query<{ deposit_of: string }>('SELECT deposit_of FROM crypto_quotes WHERE id = $1', [
      sale.quote_id,
    ]);
    expect(repriced?.deposit_of).toBe(quote.id);
  });

  it('goes to review when the amount is beyond the tolerance of the open quote', async () => {
    const efe = await customer();
    await quoteFor(t, efe, 'btc', '0.01');
    const txid = bitcoin.send(efe.btc, 1_500_000n);
    bitcoin.mine(2);
    await watch();
    expect(await depositOf(txid)).toMatchObject({ status: 'review', review_reason: 'amount_mismatch', sale_id: null });
  });

  it('holds a deposit below the minimum, and tells the customer', async () => {
    const femi = await customer();
    const txid = bitcoin.send(femi.btc, 5_000n);
    bitcoin.mine(2);
    await watch();
    const deposit = await depositOf(txid);
    expect(deposit).toMatchObject({ status: 'held', review_reason: 'below_minimum', sale_id: null });
    expect(await stageOf(femi, deposit!.id)).toBe('held');
    await payouts.runDue();
    const list = depositListResponseSchema.parse((await get(t.app, '/api/crypto/deposits?coin=btc&network=bitcoin', femi.cookie)).json());
    expect(list.deposits.map((d) => d.id)).toEqual([deposit!.id]);
    expect(t.outbox.list().some((m) => m.to === femi.email && /below the minimum of 0\.0001 BTC/.test(m.text))).toBe(true);
  });

  it('honours the quote open when it was first seen, even when its confirmations come after it expired', async () => {
    const gozie = await customer();
    const quote = await quoteFor(t, gozie, 'btc', '0.02');
    const txid = bitcoin.send(gozie.btc, 2_000_000n);
    await watch();
    // The deposit has taken the quote: selling it again by hand, with a screenshot, is refused.
    const byHand = await postCryptoSale(t, {
      cookie: gozie.cookie,
      fields: { quote_id: quote.id },
      files: [{ data: await cardPhoto('png', 7, 240, 420) }],
    });
    expect(byHand.statusCode, byHand.body).toBe(409);
    expect(byHand.json()).toMatchObject({ code: 'QUOTE_USED' });
    clock.advance(config.CRYPTO_QUOTE_TTL_S * 1000 + 60_000);
    bitcoin.mine(2);
    await watch();
    const deposit = await depositOf(txid);
    expect(deposit).toMatchObject({ status: 'settled', pricing: 'quote', quote_id: quote.id });
    expect(await saleOf(deposit!.sale_id!)).toMatchObject({ quote_id: quote.id, value_kobo: String(quote.value_kobo) });
  });

  it('is priced at the rate when it was first seen when no quote was open then', async () => {
    const hauwa = await customer();
    const expired = await quoteFor(t, hauwa, 'btc', '0.02');
    clock.advance(config.CRYPTO_QUOTE_TTL_S * 1000 + 1000);
    // The market-data job keeps prices fresh; here the next read fetches them at this time.
    await refreshPrices(t);
    const txid = bitcoin.send(hauwa.btc, 2_000_000n);
    await watch();
    const seen = await depositOf(txid);
    expect(seen).toMatchObject({ pricing: 'first_seen' });
    expect(seen!.quote_id).not.toBe(expired.id);
    clock.advance(config.CRYPTO_QUOTE_TTL_S * 1000 * 3);
    bitcoin.mine(2);
    await watch();
    const deposit = await depositOf(txid);
    expect(deposit).toMatchObject({ status: 'settled', pricing: 'first_seen', quote_id: seen!.quote_id });
    expect((await saleOf(deposit!.sale_id!)).value_kobo).toBe(seen!.value_kobo);
  });

  it('goes to review when a sale by hand already quoted its transaction, or a second output of one sold', async () => {
    const nkem = await customer();
    const quote = await quoteFor(t, nkem, 'btc', '0.004');
    const txid = bitcoin.newTxid();
    const byHand = await postCryptoSale(t, {
      cookie: nkem.cookie,
      fields: { quote_id: quote.id, transaction_id: txid },
      files: [{ data: await cardPhoto('png', 11, 240, 420) }],
    });
    expect(byHand.statusCode, byHand.body).toBe(201);
    bitcoin.send(nkem.btc, 400_000n, { txid });
    bitcoin.mine(2);
    await watch();
    expect(await depositOf(txid)).toMatchObject({ status: 'review', review_reason: 'transaction_id_used', sale_id: null });

    const obi = await customer();
    const twice = bitcoin.send(obi.btc, 300_000n);
    bitcoin.addOutput(twice, obi.btc, 200_000n, 1);
    bitcoin.mine(2);
    await watch();
    const outputs = await t.database.query<{ output_index: number; status: string; review_reason: string | null }>(
      'SELECT output_index, status, review_reason FROM chain_deposits WHERE txid = $1 ORDER BY output_index',
      [twice],
    );
    expect(outputs).toEqual([
      { output_index: 0, status: 'settled', review_reason: null },
      { output_index: 1, status: 'review', review_reason: 'transaction_id_used' },
    ]);
  });

  it('goes to a reviewer when prices were stale when it was first seen: no later rate stands in', async () => {
    const pat = await customer();
    // Prices read now, then left to go stale (the refresh job is not running here).
    await quoteFor(t, pat, 'sol', '1');
    clock.advance(config.CRYPTO_MAX_PRICE_AGE_S * 1000 + 60_000);
    const txid = bitcoin.send(pat.btc, 300_000n);
    await watch();
    expect(await depositOf(txid)).toMatchObject({ status: 'seen', pricing: null, review_reason: 'not_priced' });
    await refreshPrices(t);
    bitcoin.mine(2);
    await watch();
    expect(await depositOf(txid)).toMatchObject({ status: 'review', review_reason: 'not_priced', sale_id: null });
  });

  it('becomes one sale however many runs settle it at once', async () => {
    const ife = await customer();
    const txid = bitcoin.send(ife.btc, 300_000n);
    await watch();
    bitcoin.mine(2);
    const runs = await Promise.all([watch(), watch(), watch(), watch()]);
    expect(runs.flatMap((r) => r.settled).filter((o) => o === 'auto_approved')).toHaveLength(1);
    await watch();
    const [count] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sales WHERE user_id = $1 AND source = 'deposit'",
      [ife.id],
    );
    expect(count!.n).toBe(1);
    const [payoutCount] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payouts p JOIN chain_deposits d ON d.sale_id = p.sale_id WHERE d.txid = $1',
      [txid],
    );
    expect(payoutCount!.n).toBe(1);
  });

  it('waits for a reviewer at tier 0, above the automatic limit, or past the day’s automatic total', async () => {
    const jide = await customer(0);
    const tierTx = bitcoin.send(jide.btc, 300_000n);
    bitcoin.mine(2);
    await watch();
    const tier = await depositOf(tierTx);
    expect(tier).toMatchObject({ status: 'settled', review_reason: 'identity_tier_0' });
    expect((await saleOf(tier!.sale_id!)).status).toBe('submitted');
    expect(await stageOf(jide, tier!.id)).toBe('in_review');

    const kemi = await customer();
    await writeAutoApprovalSettings(t.database.db, clock, { ...policy, autoSingleKobo: 100 });
    const bigTx = bitcoin.send(kemi.btc, 300_000n);
    bitcoin.mine(2);
    await watch();
    expect(await depositOf(bigTx)).toMatchObject({ status: 'settled', review_reason: 'above_auto_approval_limit' });

    // The day's total, as the database holds it: what was approved today plus one more is over.
    const [today] = await t.database.query<{ kobo: string }>(
      'SELECT coalesce(sum(approved_kobo), 0)::text AS kobo FROM auto_approval_days',
    );
    await writeAutoApprovalSettings(t.database.db, clock, { ...policy, autoDailyKobo: Number(today!.kobo) + 1 });
    const lola = await customer();
    const dayTx = bitcoin.send(lola.btc, 300_000n);
    bitcoin.mine(2);
    await watch();
    const overDay = await depositOf(dayTx);
    expect(overDay).toMatchObject({ status: 'settled', review_reason: 'auto_approval_daily_limit' });
    expect((await saleOf(overDay!.sale_id!)).status).toBe('submitted');
  });

  it('records a provider time-out on the cursor, does not crash, and reads on at the next run', async () => {
    const musa = await customer();
    const txid = bitcoin.send(musa.btc, 300_000n);
    bitcoin.failNext('timeout');
    const failed = await watch();
    expect(failed.error).toMatch(/^timeout/);
    const [cursor] = await t.database.query<{ last_error: string | null }>(
      "SELECT last_error FROM chain_scan_cursors WHERE network = 'bitcoin'",
    );
    expect(cursor!.last_error).toMatch(/timeout/);
    expect(events).toContain('bitcoin:failed:timeout');
    expect(await depositOf(txid)).toBeUndefined();
    const later = await watch();
    expect(later.error).toBeNull();
    expect(await depositOf(txid)).toMatchObject({ status: 'seen' });
    const [after] = await t.database.query<{ last_error: string | null }>(
      "SELECT last_error FROM chain_scan_cursors WHERE network = 'bitcoin'",
    );
    expect(after!.last_error).toBeNull();
  });
});

describe('what the database refuses around deposit sales (0055)', () => {
  it('a deposit waiting for bank details; a sale without a screenshot that is no deposit’s; a system decision not reserved', async () => {
    // No bank details yet: the deposit is confirmed and waits, and the customer is shown it waits.
    const user = await createCustomer(t, { full_name: 'Tunde Bakare' });
    const address = (await depositAddressFor(t.database.db, user.id, bitcoinDeriver)).address;
    const quote = await quoteFor(t, user, 'btc', '0.003');
    const txid = bitcoin.send(address, 300_000n);
    bitcoin.mine(2);
    await watch();
    const waiting = await depositOf(txid);
    expect(waiting).toMatchObject({ status: 'confirmed', review_reason: 'no_bank_details', sale_id: null, quote_id: quote.id });
    expect(await stageOf(user, waiting!.id)).toBe('in_review');

    // A screenshot-less sale of that quote that the deposit does not become: refused at commit.
    const insertSale = (source: string, key: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO sales (user_id, kind, status, status_changed_at, title, currency, currency_amount, exchange_rate, value_kobo,
            coin, coin_amount, quote_id, price_usd, usdt_market_rate_ngn, usdt_adjustment_ngn, usdt_rate_ngn, coin_adjustment_ngn,
            network, transaction_id, bank_code, bank_name, account_number, account_name, idempotency_key, request_hash, created_at, source)
          SELECT q.user_id, 'crypto', 'submitted', q.created_at, 'BTC', 'USD', q.amount * q.price_usd, q.rate_ngn_per_usd, q.value_kobo,
            q.coin, q.amount, q.id, q.price_usd, q.usdt_market_rate_ngn, q.usdt_adjustment_ngn, q.usdt_rate_ngn, q.coin_adjustment_ngn,
            'bitcoin', ${saleTxidOf(txid)}, '058', 'Guaranty Trust Bank', '0123456789', 'TUNDE BAKARE', ${key}, ${'0'.repeat(64)}, q.created_at, ${source}
          FROM crypto_quotes q WHERE q.id = ${quote.id}`);
      });
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => 'committed',
        (error: Error) => `${error.message} ${String((error.cause as Error | undefined)?.message ?? '')}`,
      );
    expect(await refusal(insertSale('deposit', 'forged_deposit'))).toMatch(/sale without a screenshot is the sale of a deposit/);
    // Nor by hand: the deposit took that quote.
    expect(await refusal(insertSale('customer', 'forged_hand'))).toMatch(/this quote was honoured already/);

    // With bank details the next run settles it (tier 1, clean): approved by the system.
    await addBankDetails(t, user, '0123456789');
    await setKycTier(t.database, user.id, 1);
    await watch();
    const settled = await depositOf(txid);
    expect(settled).toMatchObject({ status: 'settled', review_reason: null });
    expect((await saleOf(settled!.sale_id!)).decided_by).toBe(SYSTEM_APPROVER_ID);
    // The deposit's sale is its own for good.
    await expect(t.database.query('UPDATE chain_deposits SET sale_id = NULL WHERE id = $1', [settled!.id])).rejects.toThrow(
      /sale never changes/,
    );
    await expect(t.database.query("UPDATE sales SET source = 'customer' WHERE id = $1", [settled!.sale_id])).rejects.toThrow(
      /source never changes/,
    );

    // The system approves a sale only with its reservation, at its value: a tier-0 deposit's sale, forced, is refused.
    const jide = await customer(0);
    const pendingTx = bitcoin.send(jide.btc, 300_000n);
    bitcoin.mine(2);
    await watch();
    const pending = await depositOf(pendingTx);
    expect(pending).toMatchObject({ status: 'settled', review_reason: 'identity_tier_0' });
    await t.database.query("UPDATE sales SET status = 'under_review', status_changed_at = created_at WHERE id = $1", [pending!.sale_id]);
    await expect(
      t.database.query(
        "UPDATE sales SET status = 'approved', decided_at = created_at, status_changed_at = created_at, decided_by = $2, payout_amount_kobo = value_kobo WHERE id = $1",
        [pending!.sale_id, SYSTEM_APPROVER_ID],
      ),
    ).rejects.toThrow(/system approver approves a deposit sale at its value, reserved/);
    // Nor may it hold one.
    await expect(
      t.database.query('UPDATE sales SET claimed_by = $2, claimed_until = now() WHERE id = $1', [pending!.sale_id, SYSTEM_APPROVER_ID]),
    ).rejects.toThrow(/holds no sale/);
  });

  it('reserves each automatic approval against the day’s total atomically: three runs at once approve only what it has room for', async () => {
    await writeAutoApprovalSettings(t.database.db, clock, { ...policy, autoDailyKobo: 10_000_000_000 });
    const [before] = await t.database.query<{ kobo: string }>(
      'SELECT coalesce(sum(approved_kobo), 0)::text AS kobo FROM auto_approval_days',
    );
    // Room for exactly three of the sales below.
    const buyers = await Promise.all(Array.from({ length: 6 }, () => customer()));
    const txids = buyers.map((buyer) => bitcoin.send(buyer.btc, 300_000n));
    await watch();
    const [one] = await t.database.query<{ value_kobo: string }>('SELECT value_kobo::text FROM chain_deposits WHERE txid = $1', [txids[0]]);
    await writeAutoApprovalSettings(t.database.db, clock, { ...policy, autoDailyKobo: Number(before!.kobo) + 3 * Number(one!.value_kobo) });
    bitcoin.mine(2);
    await Promise.all([watch(), watch(), watch()]);
    const rows = await Promise.all(txids.map((id) => depositOf(id)));
    expect(rows.filter((row) => row?.review_reason === null)).toHaveLength(3);
    expect(rows.filter((row) => row?.review_reason === 'auto_approval_daily_limit')).toHaveLength(3);
    const [after] = await t.database.query<{ kobo: string }>(
      'SELECT coalesce(sum(approved_kobo), 0)::text AS kobo FROM auto_approval_days',
    );
    expect(Number(after!.kobo) - Number(before!.kobo)).toBe(3 * Number(one!.value_kobo));
  });

  it('answers a sign-in as the system approver as it does an unknown e-mail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: 'automatic-approvals@system.invalid', password: 'anything at all' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('a transfer to customer A’s address', () => {
  it('credits A only: the domain cannot record it for B, and B reads none of it through the routes', async () => {
    const a = await customer();
    const b = await customer();
    const txid = bitcoin.send(a.btc, 400_000n);
    const [transfer] = (await bitcoin.transfersTo([a.btc], 0n)).transfers;
    // The code told B owns A's address: the database refuses (0054's owner trigger).
    await expect(
      recordTransfer(t.database.db, deps, transfer!, { key: a.btc, userId: b.id, address: a.btc, reference: null }),
    ).rejects.toThrow();
    await expect(
      t.database.query(
        `INSERT INTO chain_deposits (user_id, network, txid, output_index, address, asset, amount_base, amount, required_confirmations)
         VALUES ($1, 'bitcoin', $2, 0, $3, 'btc', 400000, 0.004, 2)`,
        [b.id, txid, a.btc],
      ),
    ).rejects.toThrow(/belongs to the owner of the address/);
    await watch();
    const deposit = await depositOf(txid);
    expect(deposit!.user_id).toBe(a.id);
    // B: another address, none of A's deposits listed, A's deposit a 404.
    const bAddress = await get(t.app, '/api/crypto/deposit-address?coin=btc&network=bitcoin', b.cookie);
    expect(bAddress.statusCode, bAddress.body).toBe(200);
    expect(depositAddressResponseSchema.parse(bAddress.json()).deposit_address).toMatchObject({
      kind: 'address',
      address: b.btc,
      payment_uri: `bitcoin:${b.btc}`,
      required_confirmations: 2,
    });
    // A network nobody watches gives no address: the screen shows the manual path.
    const tron = await get(t.app, '/api/crypto/deposit-address?coin=usdt&network=tron', b.cookie);
    expect(tron.statusCode).toBe(503);
    expect(tron.json()).toMatchObject({ code: 'DEPOSITS_UNAVAILABLE' });
    expect((await get(t.app, `/api/crypto/deposits/${deposit!.id}`, b.cookie)).statusCode).toBe(404);
    const listed = depositListResponseSchema.parse((await get(t.app, '/api/crypto/deposits', b.cookie)).json());
    expect(listed.deposits.map((d) => d.id)).not.toContain(deposit!.id);
    expect((await get(t.app, `/api/crypto/deposits/${deposit!.id}`, a.cookie)).statusCode).toBe(200);
    // Nor can the deposit be moved to B, or its sale be B's.
    await expect(t.database.query('UPDATE chain_deposits SET user_id = $1 WHERE id = $2', [b.id, deposit!.id])).rejects.toThrow(
      /never change/,
    );
    bitcoin.mine(2);
    await watch();
    const settled = await depositOf(txid);
    const [owner] = await t.database.query<{ user_id: string }>('SELECT user_id FROM sales WHERE id = $1', [settled!.sale_id]);
    expect(owner!.user_id).toBe(a.id);
  });
});
