import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { depositResponseSchema } from '@wise/shared';
import {
  closeDepositResponseSchema,
  depositDeskListSchema,
  depositDeskMessages,
  priceDepositResponseSchema,
  reviewMessages,
  type DepositDeskItem,
} from '@wise/shared/admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { marketSettings } from '../src/domain/crypto/market-cache';
import {
  addressDeriver,
  depositAddressFor,
  depositPolicyOf,
  SYSTEM_APPROVER_ID,
  watchNetwork,
  writeAutoApprovalSettings,
  type WatchDeps,
} from '../src/domain/crypto-deposits/index';
import { ManualClock } from '../src/lib/clock';
import { createMarketData } from '../src/providers/market-data/index';
import { SandboxPayouts } from '../src/providers/payouts/index';
import { createTestApp, get, type TestApp } from './support/app';
import { quoteFor, refreshPrices } from './support/crypto-sales';
import { FakeChain } from './support/fake-chain';
import { payoutTestDeps, payoutWorker } from './support/payouts';
import { addBankDetails } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { setKycTier } from './support/tiers';
import { createCustomer, type TestUser } from './support/users';

/**
 * The desk for deposits that wait for a person (docs/crypto-settlement.md): a deposit the watcher
 * could not sell is listed with its chain facts, priced into a sale at today's rate by one
 * reviewer and approved by another — never by the one who priced it, nor by the system — or
 * closed with the reason the customer reads. The database holds the same rules against raw SQL.
 */

const seed = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
const bitcoinDeriver = addressDeriver('bitcoin', HDKey.fromMasterSeed(seed).derive("m/84'/0'/0'").publicExtendedKey);
const bscDeriver = addressDeriver('bsc', HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey);

const env = {
  UPLOAD_DIR: path.join(tmpdir(), `wise-deposit-desk-${process.pid}`),
  AUTO_APPROVAL_LIMIT_NAIRA: '50000000',
  AUTO_APPROVAL_DAILY_LIMIT_NAIRA: '500000000',
  PAYOUT_SANDBOX_DELAY_MS: '3000',
};
const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', ...env });
const policy = depositPolicyOf(config);
const clock = new ManualClock('2026-06-01T12:00:00Z');
const bitcoin = new FakeChain('bitcoin');
const bsc = new FakeChain('bsc');

let t: TestApp;
let sandbox: SandboxPayouts;
let deps: WatchDeps;
let payouts: ReturnType<typeof payoutWorker>;
let kemi: TestStaff;
let tunde: TestStaff;

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
    observer: { scanned: () => undefined, failed: () => undefined, deposit: () => undefined },
    appUrl: 'http://localhost:3000',
  };
  payouts = payoutWorker(t, payoutTestDeps(sandbox, clock, env));
  kemi = await createStaff(t, { role: 'reviewer', name: 'Kemi Reviewer' });
  tunde = await createStaff(t, { role: 'reviewer', name: 'Tunde Reviewer' });
});
afterAll(async () => {
  await t?.close();
  await rm(env.UPLOAD_DIR, { recursive: true, force: true });
});
beforeEach(async () => {
  await refreshPrices(t);
  await writeAutoApprovalSettings(t.database.db, clock, policy);
});

const watch = (network: 'bitcoin' | 'bsc' = 'bitcoin') => watchNetwork(t.database.db, deps, network);
const send = (url: string, cookie: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: payload ? 'POST' : 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function customer(): Promise<TestUser & { btc: string; bnb: string }> {
  const user = await createCustomer(t, { full_name: 'Tunde Bakare' });
  await addBankDetails(t, user, '0123456789');
  await setKycTier(t.database, user.id, 1);
  const btc = (await depositAddressFor(t.database.db, user.id, bitcoinDeriver)).address;
  const bnb = (await depositAddressFor(t.database.db, user.id, bscDeriver)).address;
  return { ...user, btc, bnb };
}

async function desk(view: 'review' | 'held' | 'closed', cookie = kemi.cookie): Promise<DepositDeskItem[]> {
  const response = await send(`/api/admin/crypto/deposits?view=${view}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return depositDeskListSchema.parse(response.json()).deposits;
}

async function depositRow(txid: string) {
  const [row] = await t.database.query<{
    id: string;
    status: string;
    sale_id: string | null;
    pricing: string | null;
    decided_by: string | null;
  }>('SELECT id, status, sale_id, pricing, decided_by FROM chain_deposits WHERE txid = $1', [txid]);
  if (!row) throw new Error(`no deposit ${txid}`);
  return row;
}

/** A Bitcoin deposit far beyond the customer's open quote, with all its confirmations: in review, priceable. */
async function mismatchedDeposit() {
  const ada = await customer();
  await quoteFor(t, ada, 'btc', '0.001');
  const txid = bitcoin.send(ada.btc, 150_000n, { from: 'bc1qsender' });
  bitcoin.mine(2);
  await watch();
  await watch();
  return { ada, txid, deposit: await depositRow(txid) };
}

describe('the desk for deposits that wait for a person', () => {
  it('lists a deposit in review with its chain facts, prices it at today’s rate, and another reviewer approves it', async () => {
    const { ada, txid, deposit } = await mismatchedDeposit();
    expect(deposit).toMatchObject({ status: 'review', sale_id: null });
    const listed = (await desk('review')).find((d) => d.id === deposit.id);
    expect(listed).toMatchObject({
      reason: 'amount_mismatch',
      coin: 'btc',
      genuine: true,
      amount: '0.0015',
      sender: 'bc1qsender',
      confirmations: 2,
      required_confirmations: 2,
      confirmed_at: expect.any(String),
      can_price: true,
      price_refusal: null,
      customer: { id: ada.id, closed: false },
      explorer_url: `https://mempool.space/tx/${txid}`,
    });
    // A customer cannot reach the desk.
    expect((await send('/api/admin/crypto/deposits', ada.cookie)).statusCode).toBe(401);
    // Without the authenticator code nothing happens; with a wrong one neither.
    expect((await send(`/api/admin/crypto/deposits/${deposit.id}/price`, kemi.cookie, {})).statusCode).toBe(400);
    expect((await send(`/api/admin/crypto/deposits/${deposit.id}/price`, kemi.cookie, { confirm_code: '000000' })).statusCode).toBe(403);
    expect(await depositRow(txid)).toMatchObject({ status: 'review', sale_id: null, pricing: null });

    const priced = await send(`/api/admin/crypto/deposits/${deposit.id}/price`, kemi.cookie, { confirm_code: kemi.code() });
    expect(priced.statusCode, priced.body).toBe(201);
    const { sale } = priceDepositResponseSchema.parse(priced.json());
    expect(sale.coin_amount).toBe('0.0015');
    const [row] = await t.database.query<{ status: string; source: string; value_kobo: string; quote_value: string }>(
      `SELECT s.status, s.source, s.value_kobo::text, q.value_kobo::text AS quote_value
         FROM sales s JOIN crypto_quotes q ON q.id = s.quote_id WHERE s.id = $1`,
      [sale.id],
    );
    expect(row).toMatchObject({
      status: 'submitted',
      source: 'deposit',
      value_kobo: String(sale.value_kobo),
      quote_value: String(sale.value_kobo),
    });
    expect(await depositRow(txid)).toMatchObject({ status: 'settled', sale_id: sale.id, pricing: 'review', decided_by: kemi.id });
    expect((await desk('review')).some((d) => d.id === deposit.id)).toBe(false);
    const [audit] = await t.database.query<{ action: string }>(
      'SELECT action FROM staff_audit_log WHERE target_id = $1 AND staff_id = $2',
      [deposit.id, kemi.id],
    );
    expect(audit?.action).toBe('deposit.price');
    // The customer sees it in review, priced by a person.
    const seen = depositResponseSchema.parse((await get(t.app, `/api/crypto/deposits/${deposit.id}`, ada.cookie)).json()).deposit;
    expect(seen).toMatchObject({ stage: 'in_review', pricing: 'review', value_kobo: sale.value_kobo, sale_id: sale.id });

    // Pricing it again, by anyone, finds it decided.
    const again = await send(`/api/admin/crypto/deposits/${deposit.id}/price`, tunde.cookie, { confirm_code: tunde.code() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DEPOSIT_NOT_WAITING' });

    // Four eyes: the pricer cannot approve the sale; another reviewer can, and it is paid.
    const own = await send(`/api/admin/sales/${sale.id}/approve`, kemi.cookie, { confirm_code: kemi.code() });
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json()).toMatchObject({ error: depositDeskMessages.pricerCannotApprove, code: 'DEPOSIT_PRICER_CANNOT_APPROVE' });
    const other = await send(`/api/admin/sales/${sale.id}/approve`, tunde.cookie, { confirm_code: tunde.code() });
    expect(other.statusCode, other.body).toBe(200);
    await payouts.runDue();
    clock.advance(3500);
    await payouts.runDue();
    const paid = depositResponseSchema.parse((await get(t.app, `/api/crypto/deposits/${deposit.id}`, ada.cookie)).json()).deposit;
    expect(paid).toMatchObject({ stage: 'successful', payout_reference: expect.stringMatching(/^TRF_sandbox_/) });
  });

  it('refuses to price a look-alike token or a held deposit, and says why', async () => {
    const bola = await customer();
    const fake = bsc.send(bola.bnb, 100n * 10n ** 18n, {
      asset: 'other',
      contract: '0x1111111111111111111111111111111111111111',
      index: 3,
    });
    const small = bitcoin.send(bola.btc, 5_000n);
    bsc.mine(15);
    bitcoin.mine(2);
    await watch('bsc');
    await watch();
    const token = await depositRow(fake);
    const held = await depositRow(small);
    expect((await desk('review')).find((d) => d.id === token.id)).toMatchObject({
      reason: 'unexpected_token',
      genuine: false,
      contract: '0x1111111111111111111111111111111111111111',
      can_price: false,
      price_refusal: depositDeskMessages.notGenuine,
    });
    expect((await desk('held')).find((d) => d.id === held.id)).toMatchObject({ reason: 'below_minimum', can_price: false });
    for (const id of [token.id, held.id]) {
      const refused = await send(`/api/admin/crypto/deposits/${id}/price`, kemi.cookie, { confirm_code: kemi.code() });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'DEPOSIT_CANNOT_BE_PRICED' });
    }
    expect(await depositRow(fake)).toMatchObject({ status: 'review', sale_id: null, pricing: null });
  });

  it('closes a deposit with the reason the customer reads, once', async () => {
    const chidi = await customer();
    const fake = bsc.send(chidi.bnb, 50n * 10n ** 18n, {
      asset: 'other',
      contract: '0x2222222222222222222222222222222222222222',
      index: 1,
    });
    bsc.mine(15);
    await watch('bsc');
    const { id } = await depositRow(fake);
    const short = await send(`/api/admin/crypto/deposits/${id}/close`, kemi.cookie, { note: 'No.', confirm_code: kemi.code() });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(depositDeskMessages.closeNoteLength);
    // Text that would read differently than it is written is refused (a right-to-left override).
    const crafted = await send(`/api/admin/crypto/deposits/${id}/close`, kemi.cookie, {
      note: 'Paid to you in full \u202Eon reversed text',
      confirm_code: kemi.code(),
    });
    expect(crafted.statusCode).toBe(400);
    expect(crafted.body).toContain(reviewMessages.invalidText);
    const note = 'This token is a copy of USDT from another contract and has no value';
    const closed = await send(`/api/admin/crypto/deposits/${id}/close`, kemi.cookie, { note, confirm_code: kemi.code() });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closeDepositResponseSchema.parse(closed.json()).deposit).toMatchObject({
      status: 'closed',
      close_note: note,
      closed_by: { id: kemi.id, name: 'Kemi Reviewer' },
      can_price: false,
    });
    expect((await desk('closed')).map((d) => d.id)).toContain(id);
    const seen = depositResponseSchema.parse((await get(t.app, `/api/crypto/deposits/${id}`, chidi.cookie)).json()).deposit;
    expect(seen).toMatchObject({ stage: 'rejected', closed_note: note, sale_id: null });
    await payouts.runDue();
    expect(t.outbox.list().some((m) => m.to === chidi.email && m.text.includes(`Our team says: ${note}.`))).toBe(true);
    const twice = await send(`/api/admin/crypto/deposits/${id}/close`, tunde.cookie, { note, confirm_code: tunde.code() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'DEPOSIT_NOT_WAITING' });
  });
});

describe('the database holds the desk’s rules whatever code runs', () => {
  it('refuses a closed deposit reopened, or its decider changed', async () => {
    const dayo = await customer();
    const fake = bsc.send(dayo.bnb, 10n ** 18n, { asset: 'other', contract: '0x3333333333333333333333333333333333333333', index: 2 });
    bsc.mine(15);
    await watch('bsc');
    const { id } = await depositRow(fake);
    await t.database.query(
      "UPDATE chain_deposits SET status = 'closed', close_note = 'A look-alike token', decided_by = $2, decided_at = now() WHERE id = $1",
      [id, kemi.id],
    );
    await expect(t.database.query("UPDATE chain_deposits SET status = 'review', close_note = NULL WHERE id = $1", [id])).rejects.toThrow(
      /stays closed/,
    );
    await expect(t.database.query('UPDATE chain_deposits SET decided_by = $2 WHERE id = $1', [id, tunde.id])).rejects.toThrow(
      /never changes/,
    );
  });

  it('refuses a price by the system approver or on a deposit still counting confirmations, and an approval by the pricer', async () => {
    const efe = await customer();
    await quoteFor(t, efe, 'btc', '0.01');
    const txid = bitcoin.send(efe.btc, 1_500_000n);
    await watch();
    const { id } = await depositRow(txid);
    const [quote] = await t.database.query<{ id: string; value_kobo: string }>(
      `INSERT INTO crypto_quotes (user_id, coin, amount, price_usd, usdt_market_rate_ngn, usdt_adjustment_ngn, usdt_rate_ngn,
         coin_adjustment_ngn, rate_ngn_per_usd, value_kobo, prices_at, created_at, expires_at)
       SELECT user_id, coin, '0.015', price_usd, usdt_market_rate_ngn, usdt_adjustment_ngn, usdt_rate_ngn, coin_adjustment_ngn,
         rate_ngn_per_usd, round(0.015 * price_usd * rate_ngn_per_usd * 100), prices_at, now(), now() + interval '10 minutes'
       FROM crypto_quotes WHERE user_id = $1 LIMIT 1 RETURNING id, value_kobo::text`,
      [efe.id],
    );
    const price = (staffId: string) =>
      t.database.query(
        "UPDATE chain_deposits SET pricing = 'review', quote_id = $2, value_kobo = $3, decided_by = $4, decided_at = now() WHERE id = $1",
        [id, quote!.id, quote!.value_kobo, staffId],
      );
    // Still counting its confirmations.
    await expect(price(kemi.id)).rejects.toThrow(/prices a confirmed deposit in review once/);
    bitcoin.mine(2);
    await watch();
    await expect(price(SYSTEM_APPROVER_ID)).rejects.toThrow(/prices a confirmed deposit in review once/);
    await price(kemi.id);
    await expect(t.database.query('UPDATE chain_deposits SET value_kobo = 1 WHERE id = $1', [id])).rejects.toThrow(/keeps that price/);
    // A deposit's sale priced at the desk is approved in SQL neither by its pricer nor by the system approver.
    const other = await mismatchedDeposit();
    const priced = await send(`/api/admin/crypto/deposits/${other.deposit.id}/price`, kemi.cookie, { confirm_code: kemi.code() });
    const sale = priceDepositResponseSchema.parse(priced.json()).sale;
    const approveBy = (staffId: string) =>
      t.database.query(
        "UPDATE sales SET status = 'approved', decided_by = $2, decided_at = now(), payout_amount_kobo = value_kobo WHERE id = $1",
        [sale.id, staffId],
      );
    await expect(approveBy(kemi.id)).rejects.toThrow(/approved by another person/);
    await expect(approveBy(SYSTEM_APPROVER_ID)).rejects.toThrow(/approved by another person|system approver/);
  });
});
