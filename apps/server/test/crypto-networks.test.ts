import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  coinsResponseSchema,
  cryptoNetworkMessages,
  saleResponseSchema,
  trendingResponseSchema,
  walletAddressesResponseSchema,
} from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, type TestApp } from './support/app';
import { postCryptoSale, quoteFor } from './support/crypto-sales';
import { addBankDetails, cardPhoto } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/**
 * The network a coin travels on (0052): our wallet addresses and every crypto sale name one the
 * coin is taken on — USDT on TRC20 (tron) or BEP20 (bsc) — and the database refuses any other.
 */

const clock = new ManualClock(new Date('2026-07-01T09:00:00Z'));
let t: TestApp;
let dir: string;
let seller: TestUser;

/** A Solana signature: 64 bytes in base58, never a USDT ID on TRON or BNB Smart Chain. */
const SOLANA_SIGNATURE = '5'.repeat(87);
const HEX_ID = (digit: string) => digit.repeat(64);

const screenshot = async () => [{ data: await cardPhoto('png', 3) }];

async function sellUsdt(fields: Record<string, string>) {
  const quote = await quoteFor(t, seller, 'usdt', '100');
  return postCryptoSale(t, { cookie: seller.cookie, fields: { quote_id: quote.id, ...fields }, files: await screenshot() });
}

const networkOf = async (saleId: string) =>
  (await t.database.query<{ network: string | null }>('SELECT network FROM sales WHERE id = $1', [saleId]))[0]?.network;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-crypto-networks-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  seller = await createCustomer(t);
  await addBankDetails(t, seller);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('our wallet addresses', () => {
  it('name a network id the coin is taken on, and customers read them so', async () => {
    const response = await get(t.app, '/api/crypto/wallet-addresses', seller.cookie);
    expect(response.statusCode).toBe(200);
    const { addresses } = walletAddressesResponseSchema.parse(response.json());
    // The seeded ones are disabled demo addresses; what staff enabled, if any, names an id.
    for (const address of addresses) expect(['bitcoin', 'tron', 'bsc', 'solana']).toContain(address.network);
    const seeded = await t.database.query<{ coin: string; network: string }>(
      'SELECT coin, network FROM crypto_wallet_addresses ORDER BY sort_order',
    );
    expect(seeded.map((row) => `${row.coin}:${row.network}`)).toEqual(['btc:bitcoin', 'usdt:tron', 'bnb:bsc', 'sol:solana']);
  });

  it('cannot be kept on a network the coin is not taken on', async () => {
    const insert = (coin: string, network: string, address: string) =>
      t.database.query('INSERT INTO crypto_wallet_addresses (coin, network, address, enabled) VALUES ($1, $2, $3, false)', [
        coin,
        network,
        address,
      ]);
    await expect(insert('usdt', 'bitcoin', 'bc1qnotforusdt0000000000000000')).rejects.toThrow(/crypto_wallet_addresses_network_fk/);
    await expect(insert('btc', 'bsc', `0x${'1'.repeat(40)}`)).rejects.toThrow(/crypto_wallet_addresses_network_fk/);
    await expect(insert('usdt', 'TRC20', 'TNotAnIdButALabel000000000000000000')).rejects.toThrow(/crypto_wallet_addresses_network_fk/);
    // USDT is kept on both of its networks.
    await insert('usdt', 'bsc', `0x${'2'.repeat(40)}`);
    await t.database.query("DELETE FROM crypto_wallet_addresses WHERE coin = 'usdt' AND network = 'bsc'");
  });
});

describe('a crypto sale', () => {
  it('records the network USDT was sent on, and holds its transaction ID to that network', async () => {
    const sold = await sellUsdt({ network: 'tron', transaction_id: HEX_ID('a') });
    expect(sold.statusCode, sold.body).toBe(201);
    const { sale } = saleResponseSchema.parse(sold.json());
    expect(await networkOf(sale.id)).toBe('tron');

    // A Solana signature is a USDT ID on no network the customer chose.
    const solanaOnTron = await sellUsdt({ network: 'tron', transaction_id: SOLANA_SIGNATURE });
    expect(solanaOnTron.statusCode).toBe(400);
    expect(solanaOnTron.json().fields).toHaveProperty('transaction_id');
  });

  it('refuses USDT without its network, or on one USDT is not taken on', async () => {
    const without = await sellUsdt({ transaction_id: HEX_ID('b') });
    expect(without.statusCode).toBe(400);
    expect(without.json().fields).toEqual({ network: cryptoNetworkMessages.networkRequired });
    const onBitcoin = await sellUsdt({ network: 'bitcoin' });
    expect(onBitcoin.statusCode).toBe(400);
    expect(onBitcoin.json().fields).toEqual({ network: cryptoNetworkMessages.networkInvalid('USDT') });
    const unknown = await sellUsdt({ network: 'ethereum' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('network');
  });

  it('of a coin with one network is recorded on it without asking', async () => {
    const quote = await quoteFor(t, seller, 'btc', '0.01');
    const sold = await postCryptoSale(t, { cookie: seller.cookie, fields: { quote_id: quote.id }, files: await screenshot() });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(await networkOf(saleResponseSchema.parse(sold.json()).sale.id)).toBe('bitcoin');
  });
});

describe('the database', () => {
  /**
   * A USDT sale made through the API, copied by hand with some columns changed, in a transaction
   * rolled back (a sale's screenshot is checked at commit; what is refused here is refused at once).
   */
  async function copyOfSale(saleId: string, changes: Record<string, unknown>) {
    const [row] = await t.database.query<Record<string, unknown>>('SELECT * FROM sales WHERE id = $1', [saleId]);
    if (!row) throw new Error('sale missing');
    const quote = await quoteFor(t, seller, 'usdt', '100');
    const generated = await t.database.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'sales' AND (is_generated = 'ALWAYS' OR is_identity = 'YES')",
    );
    const omitted = new Set(['id', ...generated.map((c) => c.column_name)]);
    const copy: Record<string, unknown> = Object.fromEntries(Object.entries(row).filter(([column]) => !omitted.has(column)));
    Object.assign(
      copy,
      { quote_id: quote.id, idempotency_key: `raw-${Math.random().toString(36).slice(2)}`, transaction_id: null },
      changes,
    );
    const columns = Object.keys(copy);
    return t.database.withConnection(async (connection) => {
      await connection.query('BEGIN');
      try {
        return await connection.query(
          `INSERT INTO sales (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
          Object.values(copy),
        );
      } finally {
        await connection.query('ROLLBACK');
      }
    });
  }

  it('refuses a sale on a network its coin is not taken on, a USDT sale without one, and a change of network', async () => {
    const sold = await sellUsdt({ network: 'bsc' });
    expect(sold.statusCode, sold.body).toBe(201);
    const { sale } = saleResponseSchema.parse(sold.json());
    expect(await networkOf(sale.id)).toBe('bsc');

    // A copy on USDT's other network is a valid sale of a new quote: only the network spoils the rest.
    await expect(copyOfSale(sale.id, { network: 'tron' })).resolves.toBeDefined();
    await expect(copyOfSale(sale.id, { network: 'bitcoin' })).rejects.toThrow(/sales_network_fk/);
    await expect(copyOfSale(sale.id, { network: 'solana' })).rejects.toThrow(/sales_network_fk/);
    await expect(copyOfSale(sale.id, { network: null })).rejects.toThrow(/crypto sale names the network/);
    await expect(copyOfSale(sale.id, { network: 'tron', transaction_id: SOLANA_SIGNATURE })).rejects.toThrow(
      /sales_transaction_id_network_form/,
    );
    await expect(t.database.query("UPDATE sales SET network = 'tron' WHERE id = $1", [sale.id])).rejects.toThrow(/network never changes/);
  });
});

describe('the popular coins', () => {
  it('carry the rate of their naira price: what we pay for a coin we buy, our USDT rate for the others', async () => {
    const coins = coinsResponseSchema.parse((await get(t.app, '/api/crypto/coins', seller.cookie)).json()).coins;
    const rateOf = (id: string) => coins.find((coin) => coin.id === id)?.rate_ngn_per_usd;
    const trending = trendingResponseSchema.parse((await get(t.app, '/api/crypto/trending', seller.cookie)).json()).coins;
    const bought = trending.filter((coin) => coin.sellable);
    const others = trending.filter((coin) => !coin.sellable);
    expect(bought.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    for (const coin of bought) expect(coin.rate_ngn_per_usd, coin.id).toBe(rateOf(coin.sellable ?? ''));
    for (const coin of others) expect(coin.rate_ngn_per_usd, coin.id).toBe(rateOf('usdt'));
  });
});
