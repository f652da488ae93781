import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { customerEmailTexts, formatKobo, pushTitles, textsIn, type Language } from '@wise/shared';
import type { Db } from '#server/db/client';
import { payouts } from '#server/db/schema/admin';
import { users } from '#server/db/schema/auth';
import { sales } from '#server/db/schema/sales';
import { uniqueViolation } from '#server/lib/db-errors';
import type { PayoutProvider } from '#server/providers/payouts/index';
import { publishInProcess } from '../events/hub';
import { enqueueEmail } from '../notifications/email';
import { transactionUrl } from '../push/notify';
import { noticeAboutSale } from './sale-notice';
import type { PayoutDeps } from './settings';

/**
 * A provider outage told (docs/RELIABILITY.md, "Provider outages"). Each step of an attempt with
 * the provider (advance.ts) notes whether the provider could be reached: a refusal to connect, a
 * 5xx or a time-out starts (or continues) the attempt's `unreachable_since`; any answer clears it.
 * Once an open attempt has failed to reach the provider for PAYOUT_DELAY_NOTICE_MINUTES, its
 * customer is told, once per sale (a unique index holds it), in the app (the sale's screen, live),
 * by notification, push and e-mail: the payout is delayed on the bank's side and will go out by
 * itself. Staff see the same attempts on the dashboard, and `payout_provider_unreachable` alerts.
 */

const OPEN = ['queued', 'sending', 'pending'] as const;
const REASON_MAX = 300;

/** What one step learnt about reaching the provider: the last call decides. */
export interface ProviderContact {
  /** Why the provider's last call could not be made or answered, or null when it was answered. */
  unreachable: string | null;
  /** Some call got an answer. */
  reached: boolean;
  /** The attempt was failing to reach the provider before this step (so an answer clears it). */
  wasUnreachable: boolean;
}

export const newContact = (): ProviderContact => ({ unreachable: null, reached: false, wasUnreachable: false });

/** The provider with each call's outcome written into `contact`. */
export function observedProvider(provider: PayoutProvider, contact: ProviderContact): PayoutProvider {
  const note = <T extends { outcome: string }>(result: T): T => {
    if (result.outcome === 'unknown' && 'reason' in result && typeof result.reason === 'string') contact.unreachable = result.reason;
    else {
      contact.unreachable = null;
      contact.reached = true;
    }
    return result;
  };
  return {
    name: provider.name,
    createRecipient: async (account) => note(await provider.createRecipient(account)),
    initiateTransfer: async (request) => note(await provider.initiateTransfer(request)),
    fetchTransfer: async (reference) => note(await provider.fetchTransfer(reference)),
    verifyWebhook: (rawBody, signature) => provider.verifyWebhook(rawBody, signature),
    balance: () => provider.balance(),
    listTransfers: (from, to) => provider.listTransfers(from, to),
  };
}

/** After a step: the attempt's streak of failures to reach the provider started, continued or ended. */
export async function recordProviderContact(db: Db, deps: PayoutDeps, payoutId: string, contact: ProviderContact): Promise<void> {
  if (contact.unreachable === null) {
    // A settled attempt keeps its last streak as it was (the database freezes settled rows); only
    // open ones are read by the dashboard, the alert and the sale's screen.
    if (contact.reached && contact.wasUnreachable) {
      await db
        .update(payouts)
        .set({ unreachableSince: null, unreachableReason: null })
        .where(and(eq(payouts.id, payoutId), inArray(payouts.status, [...OPEN])));
    }
    return;
  }
  const now = deps.clock.now();
  const reason = contact.unreachable.slice(0, REASON_MAX);
  const [attempt] = await db
    .update(payouts)
    .set({ unreachableSince: sql`coalesce(${payouts.unreachableSince}, ${now.toISOString()}::timestamptz)`, unreachableReason: reason })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, [...OPEN])))
    .returning({ since: payouts.unreachableSince, noticedAt: payouts.delayNoticedAt });
  if (!attempt?.since || attempt.noticedAt) return;
  if (now.getTime() - attempt.since.getTime() < deps.settings.delayNoticeMs) return;
  await tellPayoutDelayed(db, deps, payoutId);
}

/**
 * The customer's one notice that their payout is delayed: marked on the attempt and sent in one
 * transaction, so a second worker, a retry or a later attempt of the same sale finds it sent.
 */
export async function tellPayoutDelayed(db: Db, deps: Pick<PayoutDeps, 'clock' | 'appUrl' | 'logger'>, payoutId: string): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [marked] = await tx
        .update(payouts)
        .set({ delayNoticedAt: now })
        .where(
          and(
            eq(payouts.id, payoutId),
            isNull(payouts.delayNoticedAt),
            inArray(payouts.status, [...OPEN]),
            sql`NOT EXISTS (SELECT 1 FROM payouts p WHERE p.sale_id = ${payouts.saleId} AND p.delay_noticed_at IS NOT NULL)`,
          ),
        )
        .returning({ saleId: payouts.saleId, amountKobo: payouts.amountKobo });
      if (!marked) return false;
      const [sale] = await tx
        .select({ userId: sales.userId, title: sales.title, email: users.email, fullName: users.fullName, language: users.language })
        .from(sales)
        .innerJoin(users, eq(users.id, sales.userId))
        .where(eq(sales.id, marked.saleId))
        .limit(1);
      if (!sale) throw new Error(`payout ${payoutId} has no sale`);
      const notice = (language: Language) =>
        textsIn(customerEmailTexts, language).payoutDelayed.notice(sale.title, formatKobo(marked.amountKobo));
      await noticeAboutSale(tx, deps.clock, { userId: sale.userId, saleId: marked.saleId, language: sale.language }, notice, {
        title: pushTitles.payoutDelayed,
      });
      const t = textsIn(customerEmailTexts, sale.language);
      await enqueueEmail(tx, deps.clock, {
        to: sale.email,
        subject: t.payoutDelayed.subject(sale.title),
        text: [
          t.hello(sale.fullName),
          '',
          notice(sale.language),
          '',
          t.payoutDelayed.nothingToDo,
          ...(deps.appUrl ? ['', t.seeTransaction(transactionUrl(marked.saleId, deps.appUrl))] : []),
          '',
          t.signature,
        ].join('\n'),
      });
      // The sale's open screen shows the notice (on PostgreSQL a trigger tells every instance).
      publishInProcess(sale.userId, { type: 'sale', id: marked.saleId });
      deps.logger?.warn(
        { payoutId, saleId: marked.saleId },
        'payout delayed: the provider has been unreachable for PAYOUT_DELAY_NOTICE_MINUTES; the customer is told',
      );
      return true;
    });
  } catch (error) {
    // Another worker told the same sale a moment before (the index holds one notice per sale).
    if (uniqueViolation(error) === 'payouts_one_delay_notice') return false;
    throw error;
  }
}
