import { and, eq } from 'drizzle-orm';
import {
  cryptoRejectionAllowsReturn,
  errorCodes,
  saleMessages,
  cryptoReturnErrorCodes,
  cryptoReturnMessages,
  walletAddressMessages,
  type CryptoReturn,
  type CryptoReturnRequestBody,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { cryptoReturns, sales } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { addressProblem } from '../admin/crypto-addresses';
import { DomainError, validationError } from '../errors';

/**
 * The coins of a rejected crypto sale (docs/back-office.md, "Crypto rejections and returns"): the customer asks
 * for them back at an address of theirs, once; staff send them and record the return
 * (admin/review/crypto-returns.ts). The database holds the same rules (0020's crypto_return_guard),
 * so a race or plain SQL cannot ask twice or for a sale whose coins we do not hold.
 */

type CryptoReturnRow = typeof cryptoReturns.$inferSelect;

export const cryptoReturnNotAllowed = () => new DomainError(cryptoReturnErrorCodes.notAllowed, cryptoReturnMessages.notAllowed, 409);
export const cryptoReturnAlreadyRequested = () =>
  new DomainError(cryptoReturnErrorCodes.alreadyRequested, cryptoReturnMessages.alreadyRequested, 409);

export function toCryptoReturn(row: CryptoReturnRow): CryptoReturn {
  return {
    status: row.status,
    network: row.network,
    address: row.address,
    requested_at: row.requestedAt.toISOString(),
    transaction_id: row.transactionId,
    returned_at: row.returnedAt?.toISOString() ?? null,
  };
}

export async function findCryptoReturn(db: Db, saleId: string): Promise<CryptoReturnRow | undefined> {
  const [row] = await db.select().from(cryptoReturns).where(eq(cryptoReturns.saleId, saleId)).limit(1);
  return row;
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown): boolean => {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
};

/** The customer's own rejected crypto sale's coins, to `address` on `network` (checked against the sale's coin). */
export async function requestCryptoReturn(
  deps: { db: Db; clock: Clock },
  userId: string,
  saleId: string,
  body: CryptoReturnRequestBody,
): Promise<CryptoReturn> {
  const { db, clock } = deps;
  try {
    return await db.transaction(async (tx) => {
      const [sale] = await tx
        .select({ kind: sales.kind, status: sales.status, coin: sales.coin, rejectionCode: sales.rejectionCode })
        .from(sales)
        .where(and(eq(sales.id, saleId), eq(sales.userId, userId)))
        .for('update');
      // Another customer's sale is the same 404 as none (as on the detail).
      if (!sale) throw new DomainError(errorCodes.notFound, saleMessages.saleNotFound, 404);
      if (sale.kind !== 'crypto' || !sale.coin || sale.status !== 'rejected' || !cryptoRejectionAllowsReturn(sale.rejectionCode))
        throw cryptoReturnNotAllowed();
      if (await findCryptoReturn(tx, saleId)) throw cryptoReturnAlreadyRequested();
      const problem = addressProblem(sale.coin, body.network, body.address);
      if (problem) {
        const field = problem === walletAddressMessages.networkInvalid ? 'network' : 'address';
        throw validationError(problem, { [field]: problem });
      }
      const [row] = await tx
        .insert(cryptoReturns)
        .values({ saleId, userId, coin: sale.coin, network: body.network, address: body.address, requestedAt: clock.now() })
        .returning();
      if (!row) throw new Error(`crypto return for sale ${saleId} was not written`);
      return toCryptoReturn(row);
    });
  } catch (error) {
    // The row lock serialises two requests for one sale; the primary key is the last word.
    if (isUniqueViolation(error)) throw cryptoReturnAlreadyRequested();
    throw error;
  }
}
