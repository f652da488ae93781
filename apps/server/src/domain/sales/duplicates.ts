import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { parseTransactionId, saleErrorCodes, saleMessages, transactionIdMessageFor, type CoinId, type CryptoNetworkId } from '@wise/shared';
import type { Db } from '#server/db/client';
import { sales } from '#server/db/schema/index';
import { DomainError, validationError } from '../errors';
import { cardCodeSkeleton } from '@wise/shared/card-codes';
import { cardCodeHash, cardCodeHashes, legacyCardCodeHashes, type CardCodeKeyring } from './card-codes';

/**
 * One deposit, one code, one sale (sales/README.md "Duplicates"):
 * - a crypto transaction ID already in any sale of the same coin is refused — whatever that sale's
 *   status — here before anything is written, and by the unique index `sales_transaction_id_key`
 *   when two submissions race (crypto.ts turns that violation into the same 409);
 * - a gift-card code already in another sale that is submitted, in review, approved or paid is
 *   refused; one only in rejected sales is accepted and shown to staff as a risk flag (a customer
 *   may resubmit a card staff rejected for unclear pictures). Two submissions of one code at once
 *   are serialised by a transaction-scoped advisory lock on the code's hash, taken before the check
 *   inside the sale's transaction, so the second sees the first.
 */

export const transactionIdUsed = () =>
  new DomainError(saleErrorCodes.transactionIdUsed, saleMessages.transactionIdUsed, 409, {
    fields: { transaction_id: saleMessages.transactionIdUsed },
  });

export const cardCodeUsed = () =>
  new DomainError(saleErrorCodes.cardCodeUsed, saleMessages.cardCodeUsed, 409, { fields: { card_code: saleMessages.cardCodeUsed } });

/** The unique index that holds a transaction ID to one sale per coin (0017). */
export const TRANSACTION_ID_UNIQUE_INDEX = 'sales_transaction_id_key';

/** Statuses in which a sale holds its card code: another sale of it is refused. */
export const CARD_CODE_HOLDING_STATUSES = ['submitted', 'under_review', 'approved', 'paid'] as const;

/**
 * The stored form of a transaction ID the customer gave for `coin` (undefined: none given), or a
 * 400 under the field saying what the coin's IDs look like (docs/identifiers.md): the one parser
 * the sell form's schema uses too.
 */
export function transactionIdFor(coin: CoinId, typed: string | undefined, network?: CryptoNetworkId): string | undefined {
  const parsed = parseTransactionId(coin, typed ?? '', network);
  if (parsed.ok) return parsed.id;
  const message = transactionIdMessageFor(coin, network);
  throw validationError(message, { transaction_id: message });
}

/** `transactionId` is in its stored form (transactionIdFor): equal IDs are equal strings. */
export async function refuseUsedTransactionId(db: Db, coin: CoinId, transactionId: string | undefined): Promise<void> {
  if (transactionId === undefined) return;
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(sql`${sales.coin} = ${coin}`, eq(sales.transactionIdNormalized, transactionId)))
    .limit(1);
  if (row) throw transactionIdUsed();
}

/**
 * Refuses a code whose skeleton (docs/identifiers.md) is in another sale that holds its code. The
 * hashes compared are the skeleton's under every key, and — for the rows the start-up step could
 * not re-hash (their key is gone) — the code's version-1 hash as well.
 */
export async function refuseUsedCardCode(db: Db, keyring: CardCodeKeyring, code: string): Promise<void> {
  if (cardCodeSkeleton(code) === '') throw validationError(saleMessages.cardCodeEmpty, { card_code: saleMessages.cardCodeEmpty });
  const current = cardCodeHash(keyring.current, code);
  // Held until the sale's transaction ends (outside one, at once): the other submission of this
  // code waits here, then sees the sale it made.
  await db.execute(sql`SELECT pg_advisory_xact_lock(('x' || substr(${current}, 1, 16))::bit(64)::bigint)`);
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(
      and(
        or(
          and(eq(sales.cardCodeHashVersion, 2), inArray(sales.cardCodeHash, cardCodeHashes(keyring, code))),
          and(eq(sales.cardCodeHashVersion, 1), inArray(sales.cardCodeHash, legacyCardCodeHashes(keyring, code))),
        ),
        inArray(sales.status, [...CARD_CODE_HOLDING_STATUSES]),
      ),
    )
    .limit(1);
  if (row) throw cardCodeUsed();
}
