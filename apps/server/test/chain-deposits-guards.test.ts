import { randomBytes, randomUUID } from 'node:crypto';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { addressDeriver, depositAddressFor, newSolanaPaymentReference, SYSTEM_APPROVER_ID } from '../src/domain/crypto-deposits/index';
import { openTestDatabase } from './support/db';

/**
 * What the database refuses about deposits seen on chain (0054_chain_deposits.sql) and the system
 * approver (0055_deposit_settlement.sql), whatever SQL runs: a deposit owned by anyone but the
 * owner of the address it paid, a rewrite of what the chain said, a dropped deposit revived, a
 * removal; and a session, a passkey or any change for the system approver. The sale link and the
 * automatic approvals' reservation are exercised with real sales in crypto-deposits-settle.test.ts.
 */
const seed = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
const bitcoin = addressDeriver('bitcoin', HDKey.fromMasterSeed(seed).derive("m/84'/0'/0'").publicExtendedKey);
const RECIPIENT = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function newCustomer(): Promise<string> {
  const tag = randomUUID().replaceAll('-', '');
  const rows = await database.query<{ id: string }>(
    `INSERT INTO users (full_name, username, email, phone, password_hash) VALUES ('Guard Test', $1, $2, $3, 'x') RETURNING id`,
    [`g${tag.slice(0, 18)}`, `${tag}@guard.test`, `+234${tag.replace(/\D/g, '').padEnd(10, '5').slice(0, 10)}`],
  );
  return rows[0]!.id;
}

const txid = () => randomBytes(32).toString('hex');
const insertDeposit = (userId: string, address: string, id = txid(), extra: { network?: string; reference?: string | null } = {}) =>
  database.query<{ id: string }>(
    `INSERT INTO chain_deposits (user_id, network, txid, output_index, address, reference, asset, amount_base, amount, required_confirmations)
     VALUES ($1, $2, $3, 0, $4, $5, $6, 100000, 0.001, 2) RETURNING id`,
    [userId, extra.network ?? 'bitcoin', id, address, extra.reference ?? null, extra.network === 'solana' ? 'sol' : 'btc'],
  );

const refused = async (sql: string, params: unknown[], pattern: RegExp) => {
  await expect(database.query(sql, params)).rejects.toThrow(pattern);
};

describe('a deposit seen on chain', () => {
  it('belongs to the owner of the address or reference it paid, and to no one else', async () => {
    const [ada, bola] = [await newCustomer(), await newCustomer()];
    const address = (await depositAddressFor(database.db, ada, bitcoin)).address;
    await expect(insertDeposit(bola, address)).rejects.toThrow(/belongs to the owner of the address/);
    await expect(insertDeposit(ada, bitcoin.derive(900_000))).rejects.toThrow(/belongs to the owner of the address/);
    const [row] = await insertDeposit(ada, address);
    expect(row?.id).toBeDefined();
    // Solana: by the reference key, paid to the recipient it was drawn for.
    const { reference } = await newSolanaPaymentReference(database.db, ada, RECIPIENT);
    const signature = '5'.repeat(87);
    await expect(insertDeposit(bola, RECIPIENT, signature, { network: 'solana', reference })).rejects.toThrow(/belongs to the owner/);
    await expect(insertDeposit(ada, '11111111111111111111111111111111', signature, { network: 'solana', reference })).rejects.toThrow(
      /belongs to the owner/,
    );
    await insertDeposit(ada, RECIPIENT, signature, { network: 'solana', reference });
  });

  it('is recorded once per transfer, and what the chain said is never rewritten', async () => {
    const [chidi, dayo] = [await newCustomer(), await newCustomer()];
    const address = (await depositAddressFor(database.db, chidi, bitcoin)).address;
    const id = txid();
    const [row] = await insertDeposit(chidi, address, id);
    await expect(insertDeposit(chidi, address, id)).rejects.toThrow(/chain_deposits_transfer/);
    const deposit = row!.id;
    for (const [column, value] of [
      ['user_id', dayo],
      ['txid', txid()],
      ['amount_base', '999999'],
      ['amount', '9.99'],
      ['asset', 'usdt'],
      ['address', bitcoin.derive(900_001)],
      ['first_seen_at', '2020-01-01T00:00:00Z'],
    ] as const) {
      await refused(`UPDATE chain_deposits SET ${column} = $1 WHERE id = $2`, [value, deposit], /never change/);
    }
    // Confirmations and status move on.
    await database.query("UPDATE chain_deposits SET confirmations = 2, status = 'confirmed' WHERE id = $1", [deposit]);
    await refused('DELETE FROM chain_deposits WHERE id = $1', [deposit], /never changed or removed/);
    await refused('TRUNCATE chain_deposits', [], /never changed or removed/);
  });

  it('stays dropped once the chain dropped it, and is settled only with a sale', async () => {
    const eze = await newCustomer();
    const address = (await depositAddressFor(database.db, eze, bitcoin)).address;
    const [row] = await insertDeposit(eze, address);
    await refused("UPDATE chain_deposits SET status = 'settled' WHERE id = $1", [row!.id], /chain_deposits_settled_has_sale/);
    await database.query("UPDATE chain_deposits SET status = 'dropped', dropped_at = now() WHERE id = $1", [row!.id]);
    await refused("UPDATE chain_deposits SET status = 'seen' WHERE id = $1", [row!.id], /stays dropped/);
    await refused("UPDATE chain_deposits SET status = 'confirmed' WHERE id = $1", [row!.id], /stays dropped/);
  });
});

describe('the system approver', () => {
  it('exists once, with no password a hash could match, and never signs in', async () => {
    const [row] = await database.query<{ role: string; password_hash: string; system: boolean }>(
      'SELECT role, password_hash, system FROM staff WHERE system',
    );
    expect(row).toEqual({ role: 'reviewer', password_hash: '!', system: true });
    await refused(
      `INSERT INTO staff_sessions (id_hash, staff_id, stage, created_at, last_seen_at, expires_at) VALUES ($1, $2, 'verified', now(), now(), now() + interval '1 hour')`,
      [randomBytes(32).toString('hex'), SYSTEM_APPROVER_ID],
      /never signs in/,
    );
    await refused(
      `WITH cli AS (SELECT set_config('wise.staff_cli', 'on', true))
       INSERT INTO staff (email, name, role, password_hash, must_change_password, created_at, updated_at, system)
       SELECT 'second-system@wise.test', 'Second', 'reviewer', '!', false, now(), now(), true FROM cli`,
      [],
      /one system approver|staff_one_system/,
    );
  });

  it('never changes: no password, no authenticator, no promotion, no other e-mail, never removed', async () => {
    for (const change of [
      "password_hash = 'x'",
      "role = 'admin'",
      "email = 'someone@wise.test'",
      "totp_secret = 'secret'",
      'disabled_at = now()',
      'system = false',
    ]) {
      await refused(`UPDATE staff SET ${change} WHERE id = $1`, [SYSTEM_APPROVER_ID], /never changes|staff_system_shape|second admin/);
    }
    await refused('DELETE FROM staff WHERE id = $1', [SYSTEM_APPROVER_ID], /never changed or removed|violates foreign key/);
  });
});
