import type { CoinsResponse, QuoteResponse, WalletAddressesResponse } from '@wise/shared';
import { cryptoAdminMessages, type AdminWallet, type CoinAdjustmentsResponse } from '@wise/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressProblem } from '../src/domain/admin/crypto-addresses';
import { Dec } from '../src/domain/crypto/money';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * Coin adjustments and wallet addresses (docs/decisions.md §8): admins only, the authenticator code asked
 * again, every change audited with before and after, and customers' prices, quotes and addresses
 * following at once.
 */
const clock = new ManualClock('2026-06-01T12:00:00Z');
let t: TestApp;
let admin: TestStaff;
let reviewer: TestStaff;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createStaff(t, { role: 'admin' });
  reviewer = await createStaff(t, { role: 'reviewer' });
  customer = await createCustomer(t);
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'PUT' | 'POST' | 'PATCH', url: string, payload: Record<string, unknown>, cookie = admin.cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie } });
/** A code from another 30-second step than now's (so it is wrong now, but well-formed). */
const wrongCode = (staff: TestStaff) => (staff.code() === '000000' ? '111111' : '000000');

const coins = async () => (await get(t.app, '/api/crypto/coins', customer.cookie)).json<CoinsResponse>().coins;
const rateOf = async (coin: string) => (await coins()).find((c) => c.id === coin)?.rate_ngn_per_usd ?? '';

async function auditLines(action: string) {
  return t.database.query<{
    staff_id: string;
    target_id: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>('SELECT staff_id, target_id, before, after FROM staff_audit_log WHERE action = $1 ORDER BY id', [action]);
}

// Real addresses of each chain (well-known ones: the Bitcoin genesis address, the USDT contracts, wrapped SOL).
const ADDRESSES = {
  bech32: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  taproot: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  legacy: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  p2sh: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  tron: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  evm: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  solana: 'So11111111111111111111111111111111111111112',
};

describe('address rules per chain', () => {
  it('accepts real addresses of each network', () => {
    for (const address of [ADDRESSES.bech32, ADDRESSES.taproot, ADDRESSES.legacy, ADDRESSES.p2sh])
      expect(addressProblem('btc', 'Bitcoin', address), address).toBeUndefined();
    expect(addressProblem('usdt', 'TRC20', ADDRESSES.tron)).toBeUndefined();
    expect(addressProblem('usdt', 'ERC20', ADDRESSES.evm)).toBeUndefined();
    expect(addressProblem('usdt', 'BEP20', ADDRESSES.evm)).toBeUndefined();
    expect(addressProblem('bnb', 'BEP20', ADDRESSES.evm)).toBeUndefined();
    expect(addressProblem('sol', 'Solana', ADDRESSES.solana)).toBeUndefined();
    expect(addressProblem('usdt', 'Solana', ADDRESSES.solana)).toBeUndefined();
  });

  it("refuses characters outside a chain's alphabet, the wrong shape, the wrong network, and a typo the checksum catches", () => {
    const m = cryptoAdminMessages.address;
    expect(addressProblem('btc', 'Bitcoin', 'bc1qdemo0wise0address0not0for0real0funds')).toBe(m.bitcoin);
    expect(addressProblem('btc', 'Bitcoin', ADDRESSES.tron)).toBe(m.bitcoin);
    expect(addressProblem('usdt', 'TRC20', 'TWiseDemoAddressNotForRealFunds000')).toBe(m.tron);
    expect(addressProblem('bnb', 'BEP20', '0xDEMO00000000000000000000000000000000WISE')).toBe(m.evm);
    expect(addressProblem('bnb', 'BEP20', ADDRESSES.evm.slice(0, -1))).toBe(m.evm);
    expect(addressProblem('sol', 'Solana', 'WiseDemoSo1anaAddressNotForRealFunds0000')).toBe(m.solana);
    expect(addressProblem('bnb', 'TRC20', ADDRESSES.tron)).toBe(cryptoAdminMessages.networkInvalid);
    expect(addressProblem('btc', 'Lightning', ADDRESSES.bech32)).toBe(cryptoAdminMessages.networkInvalid);
    // One character changed: the right alphabet, but the checksum no longer matches.
    expect(addressProblem('btc', 'Bitcoin', `${ADDRESSES.bech32.slice(0, -1)}5`)).toBe(m.checksum);
    expect(addressProblem('btc', 'Bitcoin', ADDRESSES.legacy.replace('DMPT', 'DMPU'))).toBe(m.checksum);
    expect(addressProblem('usdt', 'TRC20', `${ADDRESSES.tron.slice(0, -1)}u`)).toBe(m.checksum);
    expect(addressProblem('sol', 'Solana', '1111111111111111111111111111111111111111111')).toBe(m.checksum);
  });
});

describe('coin adjustments', () => {
  it('are admins only', async () => {
    expect((await get(t.app, '/api/admin/crypto/adjustments')).statusCode).toBe(401);
    expect((await get(t.app, '/api/admin/crypto/adjustments', customer.cookie)).statusCode).toBe(401);
    expect((await get(t.app, '/api/admin/crypto/adjustments', reviewer.cookie)).statusCode).toBe(403);
    const put = await send(
      'PUT',
      '/api/admin/crypto/adjustments/btc',
      { adjustment_ngn: '-30', confirm_code: reviewer.code() },
      reviewer.cookie,
    );
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('FORBIDDEN');
  });

  it('lists each coin with its adjustment and the rate customers are quoted now', async () => {
    const response = await get(t.app, '/api/admin/crypto/adjustments', admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<CoinAdjustmentsResponse>();
    expect(body.coins.map((c) => [c.coin, c.adjustment_ngn])).toEqual([
      ['btc', '-20.00'],
      ['usdt', '15.00'],
      ['bnb', '10.00'],
      ['sol', '-10.00'],
    ]);
    expect(body.stale).toBe(false);
    const customerCoins = await coins();
    for (const coin of body.coins) expect(coin.rate_ngn_per_usd).toBe(customerCoins.find((c) => c.id === coin.coin)?.rate_ngn_per_usd);
    expect(new Dec(body.coins[0]?.rate_ngn_per_usd ?? '0').eq(new Dec(body.usdt_market_rate_ngn ?? '0').plus(15).minus(20))).toBe(true);
  });

  it('refuses a malformed amount (400 per field), an unknown coin, and a wrong or missing confirmation code', async () => {
    const malformed = await send('PUT', '/api/admin/crypto/adjustments/btc', { adjustment_ngn: '-20.005', confirm_code: '12' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({
      adjustment_ngn: cryptoAdminMessages.adjustmentInvalid,
      confirm_code: expect.stringMatching(/6-digit/),
    });
    const huge = await send('PUT', '/api/admin/crypto/adjustments/btc', { adjustment_ngn: '100000', confirm_code: admin.code() });
    expect(huge.json().fields).toEqual({ adjustment_ngn: cryptoAdminMessages.adjustmentTooLarge });
    expect(
      (await send('PUT', '/api/admin/crypto/adjustments/doge', { adjustment_ngn: '1', confirm_code: admin.code() })).json().fields,
    ).toEqual({ coin: cryptoAdminMessages.coinInvalid });
    const noCode = await send('PUT', '/api/admin/crypto/adjustments/btc', { adjustment_ngn: '-30' });
    expect(noCode.statusCode).toBe(400);
    const wrong = await send('PUT', '/api/admin/crypto/adjustments/btc', { adjustment_ngn: '-30', confirm_code: wrongCode(admin) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('CONFIRMATION_INVALID');
    expect((await get(t.app, '/api/admin/crypto/adjustments', admin.cookie)).json<CoinAdjustmentsResponse>().coins[0]?.adjustment_ngn).toBe(
      '-20.00',
    );
    expect(await auditLines('crypto.adjustment_update')).toEqual([]);
  });

  it('applies a new adjustment to the very next prices and quotes, audited with before and after', async () => {
    const before = new Dec(await rateOf('btc'));
    const usdtBefore = new Dec(await rateOf('usdt'));
    const response = await send('PUT', '/api/admin/crypto/adjustments/btc', { adjustment_ngn: '-50', confirm_code: admin.code() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      adjustment: {
        coin: 'btc',
        adjustment_ngn: '-50.00',
        updated_at: clock.now().toISOString(),
        price_usd: expect.any(String),
        rate_ngn_per_usd: before.minus(30).toFixed(),
      },
    });

    expect(new Dec(await rateOf('btc')).eq(before.minus(30))).toBe(true);
    expect(new Dec(await rateOf('usdt')).eq(usdtBefore)).toBe(true);
    const quote = await post(t.app, '/api/crypto/quotes', { coin: 'btc', amount: '0.01' }, customer.cookie);
    expect(quote.statusCode, quote.body).toBe(201);
    const promised = quote.json<QuoteResponse>().quote;
    expect(new Dec(promised.coin_adjustment_ngn).eq(-50)).toBe(true);
    expect(new Dec(promised.rate_ngn_per_usd).eq(before.minus(30))).toBe(true);

    // USDT's adjustment moves every coin's rate.
    expect(
      (await send('PUT', '/api/admin/crypto/adjustments/usdt', { adjustment_ngn: '+5.5', confirm_code: admin.code() })).statusCode,
    ).toBe(200);
    const listed = (await get(t.app, '/api/admin/crypto/adjustments', admin.cookie)).json<CoinAdjustmentsResponse>().coins;
    for (const coin of await coins()) expect(listed.find((c) => c.coin === coin.id)?.rate_ngn_per_usd).toBe(coin.rate_ngn_per_usd);
    expect(new Dec(await rateOf('usdt')).eq(usdtBefore.minus(9.5))).toBe(true);

    const lines = await auditLines('crypto.adjustment_update');
    expect(lines).toEqual([
      { staff_id: admin.id, target_id: 'btc', before: { adjustment_ngn: '-20.00' }, after: { adjustment_ngn: '-50.00' } },
      { staff_id: admin.id, target_id: 'usdt', before: { adjustment_ngn: '15.00' }, after: { adjustment_ngn: '5.50' } },
    ]);
  });
});

describe('wallet addresses', () => {
  const wallets = async () => (await get(t.app, '/api/admin/crypto/wallets', admin.cookie)).json<{ wallets: AdminWallet[] }>().wallets;
  const customerAddresses = async () =>
    (await get(t.app, '/api/crypto/wallet-addresses', customer.cookie)).json<WalletAddressesResponse>().addresses;

  it('are admins only', async () => {
    expect((await get(t.app, '/api/admin/crypto/wallets', reviewer.cookie)).statusCode).toBe(403);
    expect((await get(t.app, '/api/admin/crypto/wallets')).statusCode).toBe(401);
    const add = await send(
      'POST',
      '/api/admin/crypto/wallets',
      { coin: 'usdt', network: 'tron', address: ADDRESSES.tron, confirm_code: reviewer.code() },
      reviewer.cookie,
    );
    expect(add.statusCode).toBe(403);
  });

  it('lists the seeded demo addresses, flagged as not valid for their chains', async () => {
    const list = await wallets();
    expect(list.map((w) => [w.coin, w.network, w.address_valid])).toEqual([
      ['btc', 'bitcoin', false],
      ['usdt', 'tron', false],
      ['bnb', 'bsc', false],
      ['sol', 'solana', false],
    ]);
  });

  it('refuses an address outside the network’s alphabet, a network the coin is not sent on, a typo, with 400 per field; and a wrong code with 403', async () => {
    const demo = await send('POST', '/api/admin/crypto/wallets', {
      coin: 'btc',
      network: 'bitcoin',
      address: 'bc1qdemo0wise0address0not0for0real0funds',
      confirm_code: admin.code(),
    });
    expect(demo.statusCode).toBe(400);
    expect(demo.json()).toMatchObject({ code: 'VALIDATION', fields: { address: cryptoAdminMessages.address.bitcoin } });
    const network = await send('POST', '/api/admin/crypto/wallets', {
      coin: 'bnb',
      network: 'tron',
      address: ADDRESSES.tron,
      confirm_code: admin.code(),
    });
    expect(network.json().fields).toEqual({ network: cryptoAdminMessages.networkInvalid });
    const typo = await send('POST', '/api/admin/crypto/wallets', {
      coin: 'usdt',
      network: 'tron',
      address: `${ADDRESSES.tron.slice(0, -1)}u`,
      confirm_code: admin.code(),
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().fields).toEqual({ address: cryptoAdminMessages.address.checksum });
    const empty = await send('POST', '/api/admin/crypto/wallets', {});
    expect(Object.keys(empty.json().fields).sort()).toEqual(['address', 'coin', 'network']);
    // The code or a passkey (docs/decisions.md §8.6) is asked for once the address itself is right.
    const unconfirmed = await send('POST', '/api/admin/crypto/wallets', { coin: 'usdt', network: 'tron', address: ADDRESSES.tron });
    expect(unconfirmed.statusCode).toBe(400);
    expect(Object.keys(unconfirmed.json().fields)).toEqual(['confirm_code']);
    const wrong = await send('POST', '/api/admin/crypto/wallets', {
      coin: 'usdt',
      network: 'tron',
      address: ADDRESSES.tron,
      confirm_code: wrongCode(admin),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('CONFIRMATION_INVALID');
    expect((await wallets()).length).toBe(4);
  });

  it('adds a valid address: customers see it at once; audited', async () => {
    const response = await send('POST', '/api/admin/crypto/wallets', {
      coin: 'usdt',
      network: 'tron',
      address: ` ${ADDRESSES.tron} `,
      memo: 'Main TRC20',
      sort_order: 0,
      confirm_code: admin.code(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const wallet = response.json<{ wallet: AdminWallet }>().wallet;
    expect(wallet).toMatchObject({
      coin: 'usdt',
      network: 'tron',
      address: ADDRESSES.tron,
      memo: 'Main TRC20',
      enabled: true,
      address_valid: true,
    });
    expect((await customerAddresses())[0]).toEqual({
      id: wallet.id,
      coin: 'usdt',
      network: 'tron',
      address: ADDRESSES.tron,
      memo: 'Main TRC20',
    });
    const [line] = await auditLines('crypto.wallet_create');
    expect(line).toEqual({
      staff_id: admin.id,
      target_id: wallet.id,
      before: null,
      after: { coin: 'usdt', network: 'tron', address: ADDRESSES.tron, memo: 'Main TRC20', enabled: true, sort_order: 0 },
    });
    const again = await send('POST', '/api/admin/crypto/wallets', {
      coin: 'usdt',
      network: 'tron',
      address: ADDRESSES.tron,
      confirm_code: admin.code(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ address: cryptoAdminMessages.addressTaken });
  });

  it('replaces a demo address with a real one and disables another: customers follow; before and after audited', async () => {
    const list = await wallets();
    const btc = list.find((w) => w.coin === 'btc');
    const sol = list.find((w) => w.coin === 'sol');
    if (!btc || !sol) throw new Error('seed missing');
    const typo = await send('PATCH', `/api/admin/crypto/wallets/${btc.id}`, {
      address: `${ADDRESSES.bech32.slice(0, -1)}5`,
      confirm_code: admin.code(),
    });
    expect(typo.json().fields).toEqual({ address: cryptoAdminMessages.address.checksum });
    const wrongNetwork = await send('PATCH', `/api/admin/crypto/wallets/${btc.id}`, { network: 'tron', confirm_code: admin.code() });
    expect(wrongNetwork.json().fields).toEqual({ network: cryptoAdminMessages.networkInvalid });
    const wrong = await send('PATCH', `/api/admin/crypto/wallets/${btc.id}`, { address: ADDRESSES.bech32, confirm_code: wrongCode(admin) });
    expect(wrong.statusCode).toBe(403);

    const fixed = await send('PATCH', `/api/admin/crypto/wallets/${btc.id}`, { address: ADDRESSES.bech32, confirm_code: admin.code() });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<{ wallet: AdminWallet }>().wallet).toMatchObject({ address: ADDRESSES.bech32, address_valid: true });
    const off = await send('PATCH', `/api/admin/crypto/wallets/${sol.id}`, { enabled: false, confirm_code: admin.code() });
    expect(off.json<{ wallet: AdminWallet }>().wallet.enabled).toBe(false);

    const shown = await customerAddresses();
    expect(shown.find((a) => a.coin === 'btc')?.address).toBe(ADDRESSES.bech32);
    expect(shown.some((a) => a.coin === 'sol')).toBe(false);

    // An address that does not fit its chain cannot be switched back on.
    const back = await send('PATCH', `/api/admin/crypto/wallets/${sol.id}`, { enabled: true, confirm_code: admin.code() });
    expect(back.statusCode).toBe(400);
    expect(back.json().fields).toEqual({ address: cryptoAdminMessages.address.solana });

    const lines = await auditLines('crypto.wallet_update');
    expect(lines).toEqual([
      { staff_id: admin.id, target_id: btc.id, before: { address: btc.address }, after: { address: ADDRESSES.bech32 } },
      { staff_id: admin.id, target_id: sol.id, before: { enabled: true }, after: { enabled: false } },
    ]);
    expect((await send('PATCH', `/api/admin/crypto/wallets/${btc.id}`, { confirm_code: admin.code() })).json().error).toBe(
      cryptoAdminMessages.nothingToChange,
    );
    expect(
      (
        await send('PATCH', '/api/admin/crypto/wallets/3f1e1c3a-1d5e-4a43-9b8e-1b0f5c1b2a10', {
          enabled: false,
          confirm_code: admin.code(),
        })
      ).statusCode,
    ).toBe(404);
  });
});
