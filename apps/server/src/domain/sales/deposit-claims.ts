import { inArray, and } from 'drizzle-orm';
import { manualPathErrorCodes, manualPathMessages } from '@wise/shared';
import type { Db } from '#server/db/client';
import { chainDeposits } from '#server/db/schema/index';
import { DomainError } from '../errors';

/**
 * A transaction the chain watcher recorded as a deposit (to a customer's own address, or a Solana
 * payment carrying one of their references) is credited to that customer by the watcher, and never
 * sold through the screenshot form — by anyone, its owner included (that would pay it twice).
 * 0057's trigger on sales refuses another customer's claim whatever code runs, and refuses the
 * approval of a sale that came before the deposit was recorded (docs/crypto-settlement.md).
 */

export const DEPOSIT_CLAIM_CONSTRAINT = 'sales_transaction_id_deposit';

export const transactionIsDeposit = () =>
  new DomainError(manualPathErrorCodes.transactionIsDeposit, manualPathMessages.transactionIsDeposit, 409, {
    fields: { transaction_id: manualPathMessages.transactionIsDeposit },
  });

/** `transactionId` is in the sale's one stored form (transactionIdFor); chain_deposits writes BSC's with 0x. */
export async function refuseDepositTransactionId(db: Db, transactionId: string | undefined): Promise<void> {
  if (transactionId === undefined) return;
  const [row] = await db
    .select({ id: chainDeposits.id })
    .from(chainDeposits)
    .where(
      and(
        // Every network named: chain_deposits_transfer's index leads with it.
        inArray(chainDeposits.network, ['bitcoin', 'bsc', 'tron', 'solana']),
        inArray(chainDeposits.txid, [transactionId, `0x${transactionId}`]),
      ),
    )
    .limit(1);
  if (row) throw transactionIsDeposit();
}
