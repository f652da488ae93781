import { transactionReceipt } from '@wise/shared';
import type { Db } from '#server/db/client';
import { getTransaction } from '../transactions/service';
import { receiptPdf } from './pdf';

export interface ReceiptFile {
  fileName: string;
  body: Buffer;
}

/**
 * One of the customer's own transactions as a PDF receipt; another customer's id is the same 404
 * as none (getTransaction), so a receipt never tells whether someone else's transaction exists.
 */
export async function receiptPdfFor(
  db: Db,
  userId: string,
  transactionId: string,
  options: { timeZone: string; now: Date },
): Promise<ReceiptFile> {
  const detail = await getTransaction(db, userId, transactionId);
  const receipt = transactionReceipt(detail, options.timeZone, options.now);
  return { fileName: `${receipt.fileStem}.pdf`, body: await receiptPdf(receipt, { createdAt: options.now }) };
}
