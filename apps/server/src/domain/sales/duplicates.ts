import { and, eq, inArray, sql } from 'drizzle-orm';
import { normaliseTransactionId, saleErrorCodes, saleMessages } from '@wise/shared';
import type { Db } from '../../db/client';
import { sales } from '../../db/schema/index';
import { DomainError } from '../errors';
import { cardCodeHash, cardCodeHashes, type CardCodeKeyring } from './card-codes';

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
  new DomainError(saleErrorCodes.transactionIdUsed, saleMessages.transactionIdUsed, 409, { fields: { transaction_id: saleMessages.transactionIdUsed } });

export const cardCodeUsed = () => new DomainError(saleErrorCodes.cardCodeUsed, saleMessages.cardCodeUsed, 409, { fields: { card_code: saleMessages.cardCodeUsed } });

/** The unique index that holds a transaction ID to one sale per coin (0017). */
export const TRANSACTION_ID_UNIQUE_INDEX = 'sales_transaction_id_key';

/** Statuses in which a sale holds its card code: another sale of it is refused. */
export const CARD_CODE_HOLDING_STATUSES = ['submitted', 'under_review', 'approved', 'paid'] as const;

export async function refuseUsedTransactionId(db: Db, coin: string, transactionId: string | undefined): Promise<void> {
  const normalised = transactionId === undefined ? undefined : normaliseTransactionId(coin, transactionId);
  if (normalised === undefined) return;
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(sql`${sales.coin} = ${coin}`, eq(sales.transactionIdNormalized, normalised)))
    .limit(1);
  if (row) throw transactionIdUsed();
}

export async function refuseUsedCardCode(db: Db, keyring: CardCodeKeyring, code: string): Promise<void> {
  const current = cardCodeHash(keyring.current, code);
  // Held until the sale's transaction ends (outside one, at once): the other submission of this
  // code waits here, then sees the sale it made.
  await db.execute(sql`SELECT pg_advisory_xact_lock(('x' || substr(${current}, 1, 16))::bit(64)::bigint)`);
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(inArray(sales.cardCodeHash, cardCodeHashes(keyring, code)), inArray(sales.status, [...CARD_CODE_HOLDING_STATUSES])))
    .limit(1);
  if (row) throw cardCodeUsed();
}
