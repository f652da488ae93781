import { eq } from 'drizzle-orm';
import {
  cryptoReturnedMessage,
  customerEmailTexts,
  errorCodes,
  cryptoReturnErrorCodes,
  cryptoReturnMessages,
  pushTitles,
  saleNoticeTexts,
  textsIn,
  type Language,
} from '@wise/shared';
import { reviewMessages, type AdminSaleDetail } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { cryptoReturns, sales, staff, users } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { plain } from '#server/domain/crypto/money';
import { DomainError } from '#server/domain/errors';
import { enqueueEmail } from '#server/domain/notifications/email';
import { notify } from '#server/domain/notifications/notify';
import { enqueuePush, transactionUrl } from '#server/domain/push/notify';
import { toCryptoReturn } from '#server/domain/sales/crypto-returns';
import type { StaffConfirmationRequest } from '#server/domain/staff/confirm';
import type { StaffPrincipal } from '#server/domain/staff/principal';
import { recordStaffAction } from '../audit';

/**
 * Staff's side of a rejected crypto sale's return (domain/sales/crypto-returns.ts has the
 * customer's): after sending the coins to the customer's address, staff record the transfer's
 * transaction ID, once. The record, the audit line and the customer's notice, push and e-mail
 * commit together; the database refuses a second record (0020's crypto_return_guard) as well.
 */

export interface RecordReturnDeps {
  db: Db;
  clock: Clock;
  /** verifyStaffConfirmation: this staff member's code or passkey (403 CONFIRMATION_INVALID). */
  confirm: (staffId: string, confirmation: StaffConfirmationRequest) => Promise<void>;
  appUrl?: string;
}

const notRequested = () => new DomainError(cryptoReturnErrorCodes.notRequested, cryptoReturnMessages.notRequested, 409);
const alreadyRecorded = () => new DomainError(cryptoReturnErrorCodes.alreadyRecorded, cryptoReturnMessages.alreadyRecorded, 409);

/** A sale's return as staff read it: the customer's request and who recorded the transfer. */
export async function cryptoReturnForStaff(db: Db, saleId: string): Promise<AdminSaleDetail['crypto_return']> {
  const [row] = await db
    .select({ ret: cryptoReturns, staffName: staff.name })
    .from(cryptoReturns)
    .leftJoin(staff, eq(staff.id, cryptoReturns.returnedBy))
    .where(eq(cryptoReturns.saleId, saleId))
    .limit(1);
  if (!row) return null;
  return { ...toCryptoReturn(row.ret), returned_by: row.ret.returnedBy ? { id: row.ret.returnedBy, name: row.staffName ?? '' } : null };
}

export async function recordCryptoReturn(
  deps: RecordReturnDeps,
  actor: StaffPrincipal,
  saleId: string,
  input: { transactionId: string; confirmation: StaffConfirmationRequest },
  ip?: string,
): Promise<void> {
  const { db, clock } = deps;
  const [first] = await db.select({ status: cryptoReturns.status }).from(cryptoReturns).where(eq(cryptoReturns.saleId, saleId)).limit(1);
  if (!first) {
    const [sale] = await db.select({ id: sales.id }).from(sales).where(eq(sales.id, saleId)).limit(1);
    throw sale ? notRequested() : new DomainError(errorCodes.notFound, reviewMessages.saleNotFound, 404);
  }
  if (first.status === 'returned') throw alreadyRecorded();
  await deps.confirm(actor.id, input.confirmation);

  await db.transaction(async (tx) => {
    const [ret] = await tx.select().from(cryptoReturns).where(eq(cryptoReturns.saleId, saleId)).for('update');
    if (!ret) throw notRequested();
    // Two staff recording at once: the second waits on the lock, then sees the first's record.
    if (ret.status === 'returned') throw alreadyRecorded();
    const now = clock.now();
    const at = now < ret.requestedAt ? ret.requestedAt : now;
    await tx
      .update(cryptoReturns)
      .set({ status: 'returned', transactionId: input.transactionId, returnedAt: at, returnedBy: actor.id })
      .where(eq(cryptoReturns.saleId, saleId));
    const [sale] = await tx
      .select({ title: sales.title, coinAmount: sales.coinAmount, email: users.email, fullName: users.fullName, language: users.language })
      .from(sales)
      .innerJoin(users, eq(users.id, sales.userId))
      .where(eq(sales.id, saleId))
      .limit(1);
    if (!sale?.coinAmount) throw new Error(`crypto return ${saleId} has no crypto sale`);
    const coinAmount = plain(sale.coinAmount);
    // In the customer's language (users.language, docs/i18n.md).
    const message = (language: Language) => cryptoReturnedMessage(ret.coin, coinAmount, sale.title, input.transactionId, language);
    const frame = textsIn(customerEmailTexts, sale.language);
    const t = textsIn(saleNoticeTexts, sale.language);
    await notify(tx, ret.userId, message, { saleId });
    await enqueuePush(tx, clock, ret.userId, {
      title: pushTitles.coinsReturned,
      message,
      url: transactionUrl(saleId),
      tag: `sale:${saleId}`,
    });
    await enqueueEmail(tx, clock, {
      to: sale.email,
      subject: t.returnedSubject(sale.title),
      text: [
        frame.hello(sale.fullName),
        '',
        message(sale.language),
        t.returnedAddress(ret.network, ret.address),
        ...(deps.appUrl ? ['', frame.seeTransaction(transactionUrl(saleId, deps.appUrl))] : []),
        '',
        frame.signature,
      ].join('\n'),
    });
    await recordStaffAction(tx, clock, actor, {
      action: 'sale.crypto_return',
      targetType: 'sale',
      targetId: saleId,
      before: { return_status: 'requested', network: ret.network, address: ret.address },
      after: { return_status: 'returned', transaction_id: input.transactionId },
      ip,
    });
  });
}
