import type { Language } from '@wise/shared';
import type { Db } from '#server/db/client';
import type { Clock } from '#server/lib/clock';
import { notify } from '../notifications/notify';
import { enqueuePush, transactionUrl, type PushNotice } from '../push/notify';

/**
 * A payout's news for the customer: the notice in the app's list and, unless `push` is false, the
 * same words on their devices, opening the sale's page. The tag makes a later push about the sale
 * replace this one on the device.
 */
export async function noticeAboutSale(
  tx: Db,
  clock: Clock,
  to: { userId: string; saleId: string; language: Language },
  notice: PushNotice['message'],
  push: { title: PushNotice['title'] } | false,
): Promise<void> {
  await notify(tx, to.userId, notice, { saleId: to.saleId }, to.language);
  if (!push) return;
  await enqueuePush(
    tx,
    clock,
    to.userId,
    { title: push.title, message: notice, url: transactionUrl(to.saleId), tag: `sale:${to.saleId}` },
    to.language,
  );
}
