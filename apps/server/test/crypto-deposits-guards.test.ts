import { randomUUID } from 'node:crypto';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import {
  addressDeriver,
  depositAddressFor,
  depositAddressOwner,
  newSolanaPaymentReference,
  type AddressDeriver,
} from '../src/domain/crypto-deposits/allocate';
import { openTestDatabase } from './support/db';

/**
 * Deposit addresses (0053_deposit_addresses.sql, domain/crypto-deposits/allocate.ts): each customer
 * gets one index per network exactly once, under concurrency and without gaps, and the database
 * refuses, whatever SQL runs, to give an index or an address twice or to change or remove one.
 */
const seed = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
const account = (path: string) => HDKey.fromMasterSeed(seed).derive(path).publicExtendedKey;
const bitcoin = addressDeriver('bitcoin', account("m/84'/0'/0'"));
const bsc = addressDeriver('bsc', account("m/44'/60'/0'"));
const tron = addressDeriver('tron', account("m/44'/195'/0'"));

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function newCustomers(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const tag = randomUUID().replaceAll('-', '');
    const rows = await database.query<{ id: string }>(
      `INSERT INTO users (full_name, username, email, phone, password_hash) VALUES ('Deposit Test', $1, $2, $3, 'x') RETURNING id`,
      [`d${tag.slice(0, 18)}`, `${tag}@deposit.test`, `+234${tag.replace(/\D/g, '').padEnd(10, '3').slice(0, 10)}`],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

const refused = async (sql: string, params: unknown[], pattern: RegExp) => {
  await expect(database.query(sql, params)).rejects.toThrow(pattern);
};

describe('handing out deposit addresses', () => {
  it('gives the same customer the same address every time, derived at the next index', async () => {
    const [ada] = await newCustomers(1);
    const first = await depositAddressFor(database.db, ada!, bitcoin);
    const again = await depositAddressFor(database.db, ada!, bitcoin);
    expect(again).toEqual(first);
    expect(first.derivationIndex).toBe(0);
    // The BIP84 test vector's first receive address.
    expect(first.address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(first.keyFingerprint).toMatch(/^[0-9a-f]{8}$/);
    const onBsc = await depositAddressFor(database.db, ada!, bsc);
    expect(onBsc).toMatchObject({ derivationIndex: 0, address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' });
    expect(await depositAddressOwner(database.db, 'bsc', '0x9858effd232b4033e47d90003d41ec34ecaeda94')).toEqual(onBsc);
    expect(await depositAddressOwner(database.db, 'bitcoin', 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g')).toBeNull();
  });

  it('gives 50 customers asking at once 50 distinct indexes with no gap, and repeats give the same', async () => {
    const customers = await newCustomers(50);
    const before = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM deposit_addresses WHERE network = 'tron'`);
    const given = await Promise.all(customers.map((id) => depositAddressFor(database.db, id, tron)));
    const indexes = given.map((a) => a.derivationIndex).sort((a, b) => a - b);
    const start = before[0]!.n;
    expect(indexes).toEqual(Array.from({ length: 50 }, (_, i) => start + i));
    expect(new Set(given.map((a) => a.address)).size).toBe(50);
    for (const address of given) expect(address.address).toBe(tron.derive(address.derivationIndex));
    // The same customers asking again, all at once and twice over, get what they were given.
    const repeats = await Promise.all([...customers, ...customers].map((id) => depositAddressFor(database.db, id, tron)));
    expect(repeats.slice(0, 50)).toEqual(given);
    expect(repeats.slice(50)).toEqual(given);
    const after = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM deposit_addresses WHERE network = 'tron'`);
    expect(after[0]!.n).toBe(start + 50);
  });

  it('leaves no gap when an allocation fails: the index is not spent', async () => {
    const [bola, chidi] = await newCustomers(2);
    const broken: AddressDeriver = { ...bsc, derive: () => 'not-an-address' };
    const failure = await depositAddressFor(database.db, bola!, broken).then(
      () => null,
      (error: Error) => error,
    );
    expect(String((failure?.cause as Error | undefined)?.message)).toMatch(/deposit_addresses_address_form/);
    const next = await depositAddressFor(database.db, chidi!, bsc);
    expect(next.derivationIndex).toBe(1);
  });

  it('records a Solana Pay reference per payment, never the same twice', async () => {
    const [dayo] = await newCustomers(1);
    const recipient = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk';
    const one = await newSolanaPaymentReference(database.db, dayo!, recipient);
    const two = await newSolanaPaymentReference(database.db, dayo!, recipient);
    expect(one.reference).not.toBe(two.reference);
    await refused(
      `INSERT INTO solana_payment_references (reference, user_id, recipient) VALUES ($1, $2, $3)`,
      [one.reference, dayo, recipient],
      /duplicate key|unique/i,
    );
  });
});

describe('what the database refuses', () => {
  it('a second address for a customer, an index or an address given twice, a malformed address', async () => {
    const [eze, femi] = await newCustomers(2);
    const given = await depositAddressFor(database.db, eze!, bitcoin);
    const insert = `INSERT INTO deposit_addresses (user_id, network, derivation_index, key_fingerprint, address) VALUES ($1, $2, $3, $4, $5)`;
    await refused(insert, [eze, 'bitcoin', 999, bitcoin.keyFingerprint, bitcoin.derive(999)], /deposit_addresses_user_network/);
    await refused(
      insert,
      [femi, 'bitcoin', given.derivationIndex, bitcoin.keyFingerprint, bitcoin.derive(998)],
      /deposit_addresses_network_index/,
    );
    await refused(insert, [femi, 'bitcoin', 998, bitcoin.keyFingerprint, given.address], /deposit_addresses_network_address/);
    await refused(
      insert,
      [femi, 'bitcoin', 997, bitcoin.keyFingerprint, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'],
      /deposit_addresses_address_form/,
    );
    await refused(
      insert,
      [femi, 'solana', 0, bitcoin.keyFingerprint, 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'],
      /deposit_addresses_(network|address_form)\b/,
    );
    await refused(insert, [femi, 'bitcoin', -1, bitcoin.keyFingerprint, bitcoin.derive(996)], /deposit_addresses_index_range/);
  });

  it('any change or removal of a given address, or of a payment reference', async () => {
    const [gozie, hauwa] = await newCustomers(2);
    const given = await depositAddressFor(database.db, gozie!, bitcoin);
    await refused(`UPDATE deposit_addresses SET user_id = $1 WHERE address = $2`, [hauwa, given.address], /never changed or removed/);
    await refused(
      `UPDATE deposit_addresses SET address = $1 WHERE address = $2`,
      [bitcoin.derive(990), given.address],
      /never changed or removed/,
    );
    await refused(`UPDATE deposit_addresses SET derivation_index = 990 WHERE address = $1`, [given.address], /never changed or removed/);
    await refused(`DELETE FROM deposit_addresses WHERE address = $1`, [given.address], /never changed or removed/);
    await refused(`TRUNCATE deposit_addresses`, [], /never changed or removed/);
    const reference = await newSolanaPaymentReference(database.db, gozie!, 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
    await refused(
      `UPDATE solana_payment_references SET user_id = $1 WHERE reference = $2`,
      [hauwa, reference.reference],
      /never changed or removed/,
    );
    await refused(`DELETE FROM solana_payment_references WHERE reference = $1`, [reference.reference], /never changed or removed/);
    expect(await depositAddressFor(database.db, gozie!, bitcoin)).toEqual(given);
  });
});
