import { and, eq, sql } from 'drizzle-orm';
import { withinTransaction, type Db } from '#server/db/client';
import { depositAddresses, solanaPaymentReferences } from '#server/db/schema/index';
import { deriveAddress, parseAccountKey, type AccountKey, type BitcoinNetwork } from '#server/providers/chains/derive';
import { newSolanaReference } from '#server/providers/chains/solana-pay';
import type { DerivedNetwork } from '#server/providers/chains/types';

/**
 * Each customer's own deposit address per network (docs/crypto-settlement.md), handed out once.
 * The database holds the rules (0053_deposit_addresses.sql: one address per customer and network,
 * an index and an address never given twice, nothing changed or removed); this hands out the
 * indexes without gaps, because the treasury's wallet finds the swept addresses by scanning
 * indexes in order and stops after a run of unused ones (BIP44's gap limit).
 */

export interface DepositAddress {
  userId: string;
  network: DerivedNetwork;
  derivationIndex: number;
  keyFingerprint: string;
  address: string;
  createdAt: Date;
}

/** Derives the address at an index with the network's configured account key. */
export interface AddressDeriver {
  readonly network: DerivedNetwork;
  readonly keyFingerprint: string;
  derive(index: number): string;
}

export function addressDeriver(
  network: DerivedNetwork,
  key: AccountKey | string,
  bitcoinNetwork: BitcoinNetwork = 'mainnet',
): AddressDeriver {
  const account = typeof key === 'string' ? parseAccountKey(key) : key;
  return { network, keyFingerprint: account.fingerprint, derive: (index) => deriveAddress(network, account, index, bitcoinNetwork) };
}

/** Distinct from the other advisory locks' first keys (0036 uses 74220036): one lock per network. */
const ALLOCATION_LOCK = 74220053;

async function existing(tx: Db, userId: string, network: DerivedNetwork): Promise<DepositAddress | null> {
  const [row] = await tx
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, network)));
  return row ? toAddress(row) : null;
}

function toAddress(row: typeof depositAddresses.$inferSelect): DepositAddress {
  return {
    userId: row.userId,
    network: row.network,
    derivationIndex: row.derivationIndex,
    keyFingerprint: row.keyFingerprint,
    address: row.address,
    createdAt: row.createdAt,
  };
}

/**
 * The customer's address on the deriver's network: the one they were given before, or the next
 * index's. Concurrent calls for one network queue on a transaction-scoped advisory lock, so each
 * takes the index after the last committed one (no gaps, no collisions); calls for the customer
 * who got one meanwhile find it after the lock.
 */
export async function depositAddressFor(db: Db, userId: string, deriver: AddressDeriver): Promise<DepositAddress> {
  const network = deriver.network;
  const known = await existing(db, userId, network);
  if (known) return known;
  return withinTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ALLOCATION_LOCK}, hashtext(${network}))`);
    const given = await existing(tx, userId, network);
    if (given) return given;
    const result = (await tx.execute(
      sql`SELECT coalesce(max(derivation_index) + 1, 0)::int AS next FROM deposit_addresses WHERE network = ${network}`,
    )) as unknown as { rows: { next: number }[] };
    const index = result.rows[0]?.next ?? 0;
    const [row] = await tx
      .insert(depositAddresses)
      .values({ userId, network, derivationIndex: index, keyFingerprint: deriver.keyFingerprint, address: deriver.derive(index) })
      .returning();
    if (!row) throw new Error('deposit address insert returned nothing');
    return toAddress(row);
  });
}

/** Who a deposit address belongs to, for the watcher's finds: null when it is not one of ours. */
export async function depositAddressOwner(db: Db, network: DerivedNetwork, address: string): Promise<DepositAddress | null> {
  // EVM addresses are compared without their checksum's letter case.
  const matches = network === 'bsc' ? sql`lower(${depositAddresses.address}) = lower(${address})` : eq(depositAddresses.address, address);
  const [row] = await db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.network, network), matches));
  return row ? toAddress(row) : null;
}

export interface SolanaReference {
  reference: string;
  userId: string;
  recipient: string;
  createdAt: Date;
}

/** A new Solana Pay reference key for one payment by the customer to `recipient`, recorded so it is never handed out again. */
export async function newSolanaPaymentReference(db: Db, userId: string, recipient: string): Promise<SolanaReference> {
  const [row] = await db.insert(solanaPaymentReferences).values({ reference: newSolanaReference(), userId, recipient }).returning();
  if (!row) throw new Error('solana reference insert returned nothing');
  return row;
}
