import { randomBytes } from 'node:crypto';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import {
  manualPathErrorCodes,
  manualPathMessages,
  saleErrorCodes,
  saleResponseSchema,
  walletAddressesResponseSchema,
  type CoinId,
  type CryptoNetworkId,
} from '@wise/shared';
import {
  adminSaleDetailResponseSchema,
  chainReviewMessages,
  manualPathResponseSchema,
  type TransactionCheckVerdict,
} from '@wise/shared/admin';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { saleImages, sales, uploads } from '../src/db/schema/index';
import { approveSale, type ApproveDeps } from '../src/domain/admin/review/decisions';
import { marketSettings } from '../src/domain/crypto/market-cache';
import { getValidQuote } from '../src/domain/crypto/quotes';
import {
  addressDeriver,
  depositAddressFor,
  depositPolicyOf,
  REVIEW_REASONS,
  watchNetwork,
  writeAutoApprovalSettings,
  type WatchDeps,
} from '../src/domain/crypto-deposits/index';
import { getPayoutSnapshot } from '../src/domain/bank/service';
import { cryptoSaleTerms } from '../src/domain/sales/crypto';
import {
  CHECK_TRANSACTION_JOB,
  checkSaleTransaction,
  transactionCheckJobs,
  type ChainWatchers,
} from '../src/domain/sales/transaction-check';
import { JobWorker } from '../src/jobs/worker';
import { ManualClock } from '../src/lib/clock';
import { ChainError, type ChainTransaction, type ChainTransfer, type ChainWatcher } from '../src/providers/chains/types';
import { createMarketData } from '../src/providers/market-data/index';
import { createTestApp, get, type TestApp } from './support/app';
import { postCryptoSale, quoteFor, refreshPrices } from './support/crypto-sales';
import { FakeChain } from './support/fake-chain';
import { queuePayoutStub } from './support/review';
import { addBankDetails, cardPhoto } from './support/sales';
import { byCode, createStaff, type TestStaff } from './support/staff';
import { setKycTier } from './support/tiers';
import { createCustomer, type TestUser } from './support/users';

/**
 * The manual crypto path (docs/crypto-settlement.md, "The manual path"), on PostgreSQL: the admin's
 * switch and what customers see of it; the on-chain check of a manual sale's transaction ID against
 * a fake ChainWatcher; the database's refusal of a sale naming another customer's deposit; the claim
 * of A's deposit from B by every path; and the desk's "Chain" facts. A deposit and its sale come
 * from the real watch loop over a chain in memory (support/fake-chain.ts), never written by hand.
 */

const MINUTE = 60_000;
const startedAt = new Date('2026-06-01T12:00:00Z');
const clock = new ManualClock(startedAt);
// Limits far above these sales: one reviewer's approval is enough (no four eyes in the way), and a
// clean deposit of 0.015 BTC is within the automatic approvals' limits.
const env = {
  APPROVAL_LIMIT_NAIRA: '100000000',
  REVIEWER_DAILY_LIMIT_NAIRA: '1000000000',
  AUTO_APPROVAL_LIMIT_NAIRA: '50000000',
  AUTO_APPROVAL_DAILY_LIMIT_NAIRA: '500000000',
};
const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', ...env });
const policy = depositPolicyOf(config);
// The BIP84/BIP44 test mnemonic: customers' deposit addresses are derived as in production (allocate.ts).
const seed = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
const account = (path: string) => HDKey.fromMasterSeed(seed).derive(path).publicExtendedKey;
const bitcoinDeriver = addressDeriver('bitcoin', account("m/84'/0'/0'"));
const bscDeriver = addressDeriver('bsc', account("m/44'/60'/0'"));
/** The chain the watch loop reads: A's deposits are sent and mined here. */
const chain = new FakeChain('bitcoin');
/** What the watch loop logged as an error: every test expects none. */
const failures: object[] = [];
let deps: WatchDeps;
/** A's own deposit addresses, handed out by depositAddressFor. */
let adaBtc: string;
let adaBnb: string;
let t: TestApp;
let admin: TestStaff;
let reviewer: TestStaff;
let ada: TestUser;
let bola: TestUser;
let chidi: TestUser;

/** A chain as the test says it is: transactions by id, or a provider that fails. */
class FakeWatcher implements ChainWatcher {
  readonly transactions = new Map<string, ChainTransaction>();
  failure: ChainError | undefined;
  asked: string[] = [];
  constructor(readonly network: CryptoNetworkId) {}
  tip() {
    return Promise.resolve({ height: 1000n, hash: 'tip' });
  }
  transfersTo() {
    return Promise.resolve({ tip: { height: 1000n, hash: 'tip' }, scannedTo: 1000n, transfers: [] });
  }
  transaction(txid: string) {
    this.asked.push(txid);
    if (this.failure) return Promise.reject(this.failure);
    return Promise.resolve(this.transactions.get(txid) ?? null);
  }
}

const bitcoin = new FakeWatcher('bitcoin');
const bsc = new FakeWatcher('bsc');
const watchers: ChainWatchers = { bitcoin, bsc };

const hex = () => randomBytes(32).toString('hex');
const screenshot = async () => ({ data: await cardPhoto('png', Math.floor(Math.random() * 1000), 240, 420) });

async function companyAddress(coin: CoinId, network: CryptoNetworkId): Promise<string> {
  const [row] = await t.database.query<{ address: string }>(
    'SELECT address FROM crypto_wallet_addresses WHERE coin = $1 AND network = $2 ORDER BY sort_order LIMIT 1',
    [coin, network],
  );
  if (!row) throw new Error(`no company address for ${coin} on ${network}`);
  return row.address;
}

function transfer(over: Partial<ChainTransfer> & Pick<ChainTransfer, 'txid' | 'to' | 'amount'>): ChainTransfer {
  return {
    network: 'bitcoin',
    index: 0,
    from: 'bc1qsender0000000000000000000000000000000',
    asset: 'btc',
    contract: null,
    blockNumber: 990n,
    blockHash: 'block',
    blockTime: new Date(startedAt.getTime() + 5 * MINUTE),
    confirmations: 11,
    ...over,
  };
}

function chainTx(txid: string, transfers: ChainTransfer[], over: Partial<ChainTransaction> = {}): ChainTransaction {
  return {
    network: 'bitcoin',
    txid,
    succeeded: true,
    blockNumber: 990n,
    blockHash: 'block',
    blockTime: new Date(startedAt.getTime() + 5 * MINUTE),
    confirmations: 11,
    transfers,
    ...over,
  };
}

/** A BTC sale of 0.015 through the screenshot form, the quote made at the clock's time. */
async function sellBtc(user: TestUser, transactionId: string | undefined) {
  const quote = await quoteFor(t, user, 'btc', '0.015');
  const response = await postCryptoSale(t, {
    cookie: user.cookie,
    fields: { quote_id: quote.id, ...(transactionId === undefined ? {} : { transaction_id: transactionId }) },
    files: [await screenshot()],
  });
  return { quote, response };
}

async function sellBtcOk(user: TestUser, transactionId: string | undefined): Promise<string> {
  const { response } = await sellBtc(user, transactionId);
  expect(response.statusCode, response.body).toBe(201);
  return saleResponseSchema.parse(response.json()).sale.id;
}

/** The watcher's record of a deposit (0054): the owner trigger holds it to the address's owner. */
async function recordDeposit(user: TestUser, network: 'bitcoin' | 'bsc', txid: string, address: string, asset: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `INSERT INTO chain_deposits (user_id, network, txid, output_index, address, asset, amount_base, amount, required_confirmations)
     VALUES ($1, $2, $3, 0, $4, $5, 1500000, 0.015, 2) RETURNING id`,
    [user.id, network, txid, address, asset],
  );
  return row!.id;
}

/**
 * A crypto sale written straight through Drizzle with its one image (0010 wants exactly one), in one
 * transaction: code that skips the form, trying what the database must refuse by itself.
 */
async function insertCryptoSale(user: TestUser, transactionId: string | null): Promise<string> {
  const quote = await quoteFor(t, user, 'btc', '0.015');
  const stored = await getValidQuote(t.database.db, clock, user.id, quote.id);
  const snapshot = await getPayoutSnapshot(t.database.db, user.id);
  const now = clock.now();
  return t.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sales)
      .values({
        ...cryptoSaleTerms(stored, transactionId ?? undefined, 'bitcoin'),
        userId: user.id,
        status: 'submitted',
        statusChangedAt: now,
        ...snapshot!,
        idempotencyKey: `direct-${hex().slice(0, 16)}`,
        requestHash: hex(),
        createdAt: now,
      })
      .returning({ id: sales.id });
    const [upload] = await tx
      .insert(uploads)
      .values({ userId: user.id, storageKey: `direct-${hex()}.webp`, purpose: 'sale_image', contentType: 'image/webp', sizeBytes: 10 })
      .returning({ id: uploads.id });
    await tx.insert(saleImages).values({ saleId: row!.id, userId: user.id, position: 0, uploadId: upload!.id });
    return row!.id;
  });
}

/** One run of the Bitcoin watch loop over the chain in memory. */
const watch = () => watchNetwork(t.database.db, deps, 'bitcoin');

async function depositOf(txid: string) {
  const [row] = await t.database.query<{
    id: string;
    user_id: string;
    status: string;
    confirmations: number;
    sale_id: string | null;
    review_reason: string | null;
  }>('SELECT id, user_id, status, confirmations, sale_id, review_reason FROM chain_deposits WHERE txid = $1', [txid]);
  return row;
}

const approveDeps = (): ApproveDeps => ({
  db: t.database.db,
  clock,
  startPayout: queuePayoutStub,
  confirm: async () => undefined,
  limits: { singleKobo: 100_000_000 * 100, dailyKobo: 1_000_000_000 * 100, timeZone: 'Africa/Lagos' },
});

async function checkRow(saleId: string) {
  const [row] = await t.database.query<{
    verdict: TransactionCheckVerdict;
    checks: number;
    received_amount: string | null;
    detail: string | null;
  }>('SELECT verdict, checks, received_amount::text, detail FROM sale_transaction_checks WHERE sale_id = $1', [saleId]);
  return row;
}

const putManualPath = (enabled: boolean, staff = admin, code = staff.code()) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/crypto/manual-path',
    payload: { enabled, confirm_code: code },
    headers: { cookie: staff.cookie },
  });

beforeAll(async () => {
  t = await createTestApp({ clock, env });
  deps = {
    clock,
    watchers: { bitcoin: chain },
    policy,
    quotes: {
      provider: createMarketData(config, clock),
      clock,
      settings: marketSettings(config),
      quoteTtlMs: config.CRYPTO_QUOTE_TTL_S * 1000,
    },
    observer: { scanned: () => undefined, failed: () => undefined, deposit: () => undefined },
    appUrl: 'http://localhost:3000',
    logger: { warn: () => undefined, error: (details) => failures.push(details) },
  };
  await writeAutoApprovalSettings(t.database.db, clock, policy);
  admin = await createStaff(t, { role: 'admin' });
  reviewer = await createStaff(t, { role: 'reviewer' });
  ada = await createCustomer(t, { full_name: 'Ada Obi' });
  bola = await createCustomer(t, { full_name: 'Bola Ade' });
  chidi = await createCustomer(t, { full_name: 'Chidi Eze' });
  for (const [user, account] of [
    [ada, '0123456781'],
    [bola, '0123456782'],
    [chidi, '0123456783'],
  ] as const)
    await addBankDetails(t, user, account);
  adaBtc = (await depositAddressFor(t.database.db, ada.id, bitcoinDeriver)).address;
  adaBnb = (await depositAddressFor(t.database.db, ada.id, bscDeriver)).address;
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  expect(failures.splice(0)).toEqual([]);
});
beforeEach(async () => {
  clock.set(startedAt);
  await refreshPrices(t);
  bitcoin.failure = undefined;
});

describe('the switch of the manual path', () => {
  it('is open at first; an admin closes it with their code, audited, and customers lose the shared addresses and the form', async () => {
    const open = walletAddressesResponseSchema.parse((await get(t.app, '/api/crypto/wallet-addresses', ada.cookie)).json());
    expect(open.manual_path).toBe(true);
    expect(open.addresses.length).toBeGreaterThan(0);

    expect((await putManualPath(false, reviewer)).statusCode).toBe(403);
    expect((await putManualPath(false, admin, admin.code() === '000000' ? '111111' : '000000')).statusCode).toBe(403);
    const closed = await putManualPath(false);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(manualPathResponseSchema.parse(closed.json()).manual_path).toMatchObject({
      enabled: false,
      changed_by: { id: admin.id, name: admin.name },
    });
    const audit = await t.database.query<{ staff_id: string; before: unknown; after: unknown }>(
      "SELECT staff_id, before, after FROM staff_audit_log WHERE action = 'crypto.manual_path_update'",
    );
    expect(audit).toEqual([{ staff_id: admin.id, before: { enabled: true }, after: { enabled: false } }]);

    const seen = walletAddressesResponseSchema.parse((await get(t.app, '/api/crypto/wallet-addresses', ada.cookie)).json());
    expect(seen).toEqual({ addresses: [], manual_path: false });
    const { response } = await sellBtc(ada, hex());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: manualPathErrorCodes.manualPathOff, error: manualPathMessages.manualPathOff });
    const [count] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sales WHERE user_id = $1', [ada.id]);
    expect(count!.n).toBe(0);

    // Whatever code runs: a screenshot of a crypto sale (and so the sale) is refused by the database while it is off.
    const failure = await insertCryptoSale(ada, null).catch((error: Error) => error);
    expect(String((failure as Error).cause ?? failure)).toMatch(/crypto_manual_path_off|manual crypto path is off/);

    const reopened = await putManualPath(true);
    expect(reopened.statusCode).toBe(200);
    expect((await get(t.app, '/api/admin/crypto/manual-path', admin.cookie)).json()).toMatchObject({ manual_path: { enabled: true } });
    expect((await sellBtc(ada, undefined)).response.statusCode).toBe(201);
  });
});

describe("the on-chain check of a manual sale's transaction ID", () => {
  it('is queued with the sale and finds a transfer that matches: our address, the amount, after the quote, confirmed', async () => {
    const txid = hex();
    const saleId = await sellBtcOk(bola, txid.toUpperCase());
    const [job] = await t.database.query<{ payload: unknown }>('SELECT payload FROM jobs WHERE name = $1 AND payload->>$2 = $3', [
      CHECK_TRANSACTION_JOB,
      'saleId',
      saleId,
    ]);
    expect(job?.payload).toEqual({ saleId, round: 0 });
    const ours = await companyAddress('btc', 'bitcoin');
    bitcoin.transactions.set(txid, chainTx(txid, [transfer({ txid, to: ours, amount: 1_500_000n })]));
    const facts = await checkSaleTransaction(t.database.db, { clock, watchers }, saleId);
    expect(facts?.verdict).toBe('matches');
    expect(bitcoin.asked.at(-1)).toBe(txid);
    expect(await checkRow(saleId)).toMatchObject({ verdict: 'matches', checks: 1, received_amount: '0.015' });
  });

  it.each<[string, (txid: string, ours: string) => ChainTransaction | null, TransactionCheckVerdict]>([
    ['not known to the chain', () => null, 'not_found'],
    ['failed on chain', (txid, ours) => chainTx(txid, [transfer({ txid, to: ours, amount: 1_500_000n })], { succeeded: false }), 'failed'],
    [
      'paid someone else',
      (txid) => chainTx(txid, [transfer({ txid, to: 'bc1qsomeoneelse00000000000000000000000000', amount: 1_500_000n })]),
      'wrong_recipient',
    ],
    ['one satoshi short', (txid, ours) => chainTx(txid, [transfer({ txid, to: ours, amount: 1_499_999n })]), 'amount_short'],
    [
      'sent before the quote',
      (txid, ours) =>
        chainTx(txid, [transfer({ txid, to: ours, amount: 1_500_000n })], { blockTime: new Date(startedAt.getTime() - MINUTE) }),
      'before_quote',
    ],
    [
      'one confirmation of two',
      (txid, ours) => chainTx(txid, [transfer({ txid, to: ours, amount: 1_500_000n })], { confirmations: 1 }),
      'unconfirmed',
    ],
    [
      'another token to our address',
      (txid, ours) => chainTx(txid, [transfer({ txid, to: ours, amount: 1_500_000n, asset: 'other' })]),
      'wrong_asset',
    ],
  ])('says when the transaction is %s', async (_what, make, verdict) => {
    const txid = hex();
    const saleId = await sellBtcOk(bola, txid);
    const built = make(txid, await companyAddress('btc', 'bitcoin'));
    if (built) bitcoin.transactions.set(txid, built);
    expect((await checkSaleTransaction(t.database.db, { clock, watchers }, saleId))?.verdict).toBe(verdict);
    expect((await checkRow(saleId))?.verdict).toBe(verdict);
  });

  it('is "not checked" without a watcher, retried while the provider fails, "unavailable" after the last try, and re-checkable', async () => {
    const txid = hex();
    const saleId = await sellBtcOk(bola, txid);
    expect((await checkSaleTransaction(t.database.db, { clock, watchers: {} }, saleId))?.verdict).toBe('not_checked');
    bitcoin.failure = new ChainError('bitcoin', 'timeout', 'no answer in 10000 ms');
    await expect(checkSaleTransaction(t.database.db, { clock, watchers }, saleId, false)).rejects.toThrow(ChainError);
    expect((await checkRow(saleId))?.verdict).toBe('not_checked');
    expect((await checkSaleTransaction(t.database.db, { clock, watchers }, saleId, true))?.verdict).toBe('unavailable');
    bitcoin.failure = undefined;
    bitcoin.transactions.set(txid, chainTx(txid, [transfer({ txid, to: await companyAddress('btc', 'bitcoin'), amount: 1_600_000n })]));

    // The reviewer asks again: queued once however often they click before it ran.
    const recheck = () =>
      t.app.inject({ method: 'POST', url: `/api/admin/sales/${saleId}/transaction-check`, headers: { cookie: reviewer.cookie } });
    expect((await recheck()).json()).toEqual({ queued: true });
    expect((await recheck()).json()).toEqual({ queued: false });
    const worker = new JobWorker(t.database.db, { clock });
    for (const job of transactionCheckJobs(watchers).jobs) worker.register(job);
    // The check queued with the sale and the one asked for: four checks in all.
    await worker.runDue();
    expect(await checkRow(saleId)).toMatchObject({ verdict: 'matches', checks: 4, received_amount: '0.016' });
    expect((await recheck()).json()).toEqual({ queued: true });
  });

  it('looks again later at an unconfirmed transaction while the sale waits', async () => {
    const txid = hex();
    const saleId = await sellBtcOk(bola, txid);
    const ours = await companyAddress('btc', 'bitcoin');
    bitcoin.transactions.set(
      txid,
      chainTx(txid, [transfer({ txid, to: ours, amount: 1_500_000n })], { confirmations: 0, blockTime: null }),
    );
    const worker = new JobWorker(t.database.db, { clock });
    for (const job of transactionCheckJobs(watchers).jobs) worker.register(job);
    await worker.runDue();
    expect((await checkRow(saleId))?.verdict).toBe('unconfirmed');
    bitcoin.transactions.set(txid, chainTx(txid, [transfer({ txid, to: ours, amount: 1_500_000n })]));
    clock.advance(2 * MINUTE);
    await worker.runDue();
    expect(await checkRow(saleId)).toMatchObject({ verdict: 'matches', checks: 2 });
  });
});

describe("a transaction to A's deposit address credits A only", () => {
  it('is refused from B through the form in every written form, on Bitcoin and on BNB Smart Chain', async () => {
    const onBitcoin = hex();
    await recordDeposit(ada, 'bitcoin', onBitcoin, adaBtc, 'btc');
    for (const typed of [
      onBitcoin,
      onBitcoin.toUpperCase(),
      `0x${onBitcoin}`,
      `0X${onBitcoin.toUpperCase()}`,
      `https://mempool.space/tx/${onBitcoin}`,
    ]) {
      const { response } = await sellBtc(bola, typed);
      expect(response.statusCode, typed).toBe(409);
      expect(response.json()).toMatchObject({
        code: manualPathErrorCodes.transactionIsDeposit,
        fields: { transaction_id: manualPathMessages.transactionIsDeposit },
      });
    }
    // A's own deposit is credited by the watcher: A cannot sell it by hand a second time either.
    expect((await sellBtc(ada, onBitcoin)).response.statusCode).toBe(409);

    const onBsc = hex();
    await recordDeposit(ada, 'bsc', `0x${onBsc}`, adaBnb, 'bnb');
    for (const typed of [onBsc, onBsc.toUpperCase(), `0x${onBsc}`, `https://bscscan.com/tx/0x${onBsc}`]) {
      const quote = await quoteFor(t, bola, 'bnb', '0.5');
      const response = await postCryptoSale(t, {
        cookie: bola.cookie,
        fields: { quote_id: quote.id, transaction_id: typed },
        files: [await screenshot()],
      });
      expect(response.statusCode, typed).toBe(409);
      expect(response.json()).toMatchObject({ code: manualPathErrorCodes.transactionIsDeposit });
    }
    const [count] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sales WHERE transaction_id IN ($1, $2)', [
      onBitcoin,
      onBsc,
    ]);
    expect(count!.n).toBe(0);
  });

  it('is refused by the database whatever code writes the sale', async () => {
    const txid = hex();
    await recordDeposit(ada, 'bitcoin', txid, adaBtc, 'btc');
    const failure = await insertCryptoSale(bola, txid).catch((error: Error) => error);
    expect(String((failure as Error).cause ?? failure)).toMatch(/sales_transaction_id_deposit|credits them only/);
    // Its owner's sale of it (the deposit's own sale, where it carries the ID) is not the trigger's to refuse.
    expect(await insertCryptoSale(ada, txid)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("when B submits before the watcher records it: the deposit stays A's and waits for a reviewer, and B can never be approved", async () => {
    const txid = chain.newTxid();
    const bolaSale = await sellBtcOk(bola, txid);
    // A pays their own address in that very transaction; the watcher first sees it after B's sale.
    chain.send(adaBtc, 1_500_000n, { txid, from: 'bc1qpayer' });
    await watch();
    chain.mine(2);
    await watch();
    // The deposit is A's (the owner of the address, 0054's trigger) and is not sold while a sale by
    // hand holds its transaction ID: a reviewer decides, and nothing is sold for B's benefit.
    expect(await depositOf(txid)).toMatchObject({
      user_id: ada.id,
      status: 'review',
      review_reason: REVIEW_REASONS.transactionIdUsed,
      confirmations: 2,
      sale_id: null,
    });
    const named = await t.database.query<{ id: string }>('SELECT id FROM sales WHERE transaction_id_normalized = $1', [txid]);
    expect(named).toEqual([{ id: bolaSale }]);
    const [adaSales] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sales WHERE user_id = $1 AND source = 'deposit'",
      [ada.id],
    );
    expect(adaSales!.n).toBe(0);

    // B's sale: its check, on the same chain, says whose deposit it paid, and no approval can pass the database.
    const facts = await checkSaleTransaction(t.database.db, { clock, watchers: { bitcoin: chain } }, bolaSale);
    expect(facts).toMatchObject({ verdict: 'deposit_address', detail: "Paid another customer's deposit address" });
    const refusal = await approveSale(approveDeps(), { id: admin.id, email: admin.email, name: admin.name, role: 'admin' }, bolaSale, {
      confirmation: byCode('123456'),
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(String((refusal as Error | undefined)?.cause ?? refusal)).toMatch(/sales_transaction_id_deposit|credits them only/);
    const [bola1] = await t.database.db.select({ status: sales.status }).from(sales).where(eq(sales.id, bolaSale));
    expect(bola1?.status).toBe('submitted');
    // Over HTTP the reviewer is told why (409), and by hand in SQL it is refused the same.
    await t.app.inject({ method: 'POST', url: `/api/admin/sales/${bolaSale}/claim`, headers: { cookie: admin.cookie } });
    const overHttp = await t.app.inject({
      method: 'POST',
      url: `/api/admin/sales/${bolaSale}/approve`,
      payload: { confirm_code: admin.code() },
      headers: { cookie: admin.cookie },
    });
    expect(overHttp.statusCode, overHttp.body).toBe(409);
    expect(overHttp.json()).toMatchObject({ error: chainReviewMessages.depositOfAnotherCustomer });
    const [payouts] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM payouts WHERE sale_id = $1', [bolaSale]);
    expect(payouts!.n).toBe(0);
    expect(await checkRow(bolaSale)).toMatchObject({ verdict: 'deposit_address' });
    expect(await depositOf(txid)).toMatchObject({ user_id: ada.id, status: 'review', sale_id: null });
  });

  it('two customers submitting one transaction ID at once: one sale, the other told it is used', async () => {
    const txid = hex();
    // The quotes first (one price refresh), then both sales at once.
    const quotes = [await quoteFor(t, bola, 'btc', '0.015'), await quoteFor(t, chidi, 'btc', '0.015')];
    const post = async (user: TestUser, quoteId: string, typed: string) => ({
      response: await postCryptoSale(t, {
        cookie: user.cookie,
        fields: { quote_id: quoteId, transaction_id: typed },
        files: [await screenshot()],
      }),
    });
    const [one, two] = await Promise.all([post(bola, quotes[0]!.id, txid), post(chidi, quotes[1]!.id, txid.toUpperCase())]);
    const statuses = [one.response.statusCode, two.response.statusCode].sort();
    expect(statuses, `${one.response.body} / ${two.response.body}`).toEqual([201, 409]);
    const refused = [one, two].find((attempt) => attempt.response.statusCode === 409)!;
    expect(refused.response.json()).toMatchObject({ code: saleErrorCodes.transactionIdUsed });
    const [count] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sales WHERE transaction_id = $1', [txid]);
    expect(count!.n).toBe(1);
  });
});

describe("the desk's Chain facts", () => {
  it("shows a manual sale's check with its explorer link, and a deposit's sale with what the watcher recorded", async () => {
    const txid = hex();
    const manual = await sellBtcOk(bola, txid);
    bitcoin.transactions.set(txid, chainTx(txid, [transfer({ txid, to: await companyAddress('btc', 'bitcoin'), amount: 1_500_000n })]));
    await checkSaleTransaction(t.database.db, { clock, watchers }, manual);
    const manualView = adminSaleDetailResponseSchema.parse((await get(t.app, `/api/admin/sales/${manual}`, reviewer.cookie)).json()).sale;
    expect(manualView.chain).toMatchObject({
      network: 'bitcoin',
      txid,
      explorer_url: `https://mempool.space/tx/${txid}`,
      deposit: null,
      can_recheck: true,
      check: {
        verdict: 'matches',
        confirmations: 11,
        required_confirmations: 2,
        received_amount: '0.015',
        expected_amount: '0.015',
        quote_created_at: startedAt.toISOString(),
        block_time: new Date(startedAt.getTime() + 5 * MINUTE).toISOString(),
        checks: 1,
      },
    });

    // A deposit settled into a sale by the watch loop, from a customer with no other sale (no velocity
    // flag holds it): identity tier 1, bank details, their own address, a quote open for the amount.
    const dayo = await createCustomer(t, { full_name: 'Dayo Ola' });
    await addBankDetails(t, dayo, '0123456784');
    await setKycTier(t.database, dayo.id, 1);
    const dayoBtc = (await depositAddressFor(t.database.db, dayo.id, bitcoinDeriver)).address;
    await quoteFor(t, dayo, 'btc', '0.015');
    const depositTxid = chain.send(dayoBtc, 1_500_000n, { from: 'bc1qpayer' });
    await watch();
    chain.mine(2);
    const minedAt = chain.blockTimeOf(chain.height - 1n);
    const run = await watch();
    expect(run.settled).toEqual(['auto_approved']);
    const deposit = await depositOf(depositTxid);
    expect(deposit).toMatchObject({ user_id: dayo.id, status: 'settled', confirmations: 2, review_reason: null });
    const depositSale = deposit!.sale_id!;
    const depositView = adminSaleDetailResponseSchema.parse(
      (await get(t.app, `/api/admin/sales/${depositSale}`, reviewer.cookie)).json(),
    ).sale;
    expect(depositView.chain).toMatchObject({
      network: 'bitcoin',
      txid: depositTxid,
      explorer_url: `https://mempool.space/tx/${depositTxid}`,
      check: null,
      can_recheck: false,
      deposit: {
        id: deposit!.id,
        status: 'settled',
        address: dayoBtc,
        sender: 'bc1qpayer',
        amount: '0.015',
        confirmations: 2,
        required_confirmations: 2,
        block_time: minedAt.toISOString(),
      },
    });
  });
});
