import { and, asc, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  COIN_IDS,
  RATE_ALERTS_MAX,
  coinTitle,
  isCoinId,
  rateAlertAmountText,
  rateAlertErrorCodes,
  rateAlertTexts,
  type CoinId,
  type CreateRateAlertInput,
  type GiftCardCurrency,
  type RateAlert,
  type RateAlertListResponse,
  textsIn,
  type Language,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { giftCards, giftCardSubcategories, rateAlerts, users } from '#server/db/schema/index';
import { enqueue } from '#server/jobs/queue';
import type { Clock } from '#server/lib/clock';
import { violatedConstraint } from '#server/lib/db-errors';
import type { MarketDeps } from '../crypto/market-cache';
import { Dec, koboHalfUp } from '../crypto/money';
import { DomainError } from '../errors';
import { subcategoryLabel } from '../giftcards/catalogue';
import { enqueueEmail } from '../notifications/email';
import { notify } from '../notifications/notify';
import { enqueuePush } from '../push/notify';
import { coinPricesKobo } from './public';

/**
 * Rate alerts (docs/features.md, "Rates and alerts"): "tell me when <sub-category> reaches ₦X/$" or "<coin>
 * reaches ₦X". An alert fires once — an in-app notification, a push to each subscribed browser and
 * an e-mail, written in the transaction that spends it — and is then spent for good. The database
 * keeps the limit of 10 waiting alerts and refuses to touch a spent alert (0036_rate_alerts.sql),
 * so two checks racing over one alert notify once: the second finds it spent.
 */

export const RATE_ALERTS_JOB = 'rates.check_alerts';
/** The rates page, where a pushed alert opens the app and the e-mail links. */
export const RATES_PATH = '/rates';

const limitReached = () => new DomainError(rateAlertErrorCodes.limitReached, rateAlertTexts.limitReached, 409);
const subjectUnavailable = () =>
  new DomainError(rateAlertErrorCodes.subjectUnavailable, rateAlertTexts.subjectUnavailable, 404, {
    fields: { subject: rateAlertTexts.subjectUnavailable },
  });
const alertNotFound = () => new DomainError(rateAlertErrorCodes.notFound, rateAlertTexts.notFound, 404);

/** Naira (a plain decimal string, ≤ 2 decimals by the shared rule) or a stored rate, in kobo. */
const toKobo = (naira: string) => koboHalfUp(new Dec(naira));

export interface RateAlertDeps {
  clock: Clock;
  market: MarketDeps;
}

type Subject = { kind: 'giftcard'; subcategoryId: string } | { kind: 'coin'; coin: CoinId };

function parseSubject(subject: string): Subject {
  const [kind, value = ''] = subject.split(':');
  if (kind === 'coin' && isCoinId(value)) return { kind: 'coin', coin: value };
  if (kind === 'giftcard') return { kind: 'giftcard', subcategoryId: value };
  throw subjectUnavailable();
}

/** A sub-category customers can sell now: enabled, of an enabled card. */
async function saleableSubcategory(db: Db, subcategoryId: string) {
  const [row] = await db
    .select({ sub: giftCardSubcategories, cardName: giftCards.name })
    .from(giftCardSubcategories)
    .innerJoin(giftCards, eq(giftCards.id, giftCardSubcategories.giftCardId))
    .where(and(eq(giftCardSubcategories.id, subcategoryId), eq(giftCardSubcategories.enabled, true), eq(giftCards.enabled, true)))
    .limit(1);
  return row;
}

type AlertRow = typeof rateAlerts.$inferSelect;
interface SubjectInfo {
  label: string;
  currency: GiftCardCurrency | null;
}

const coinInfo = (coin: CoinId): SubjectInfo => ({ label: coinTitle(coin), currency: null });
const cardInfo = (cardName: string, sub: typeof giftCardSubcategories.$inferSelect): SubjectInfo => ({
  label: `${cardName} ${subcategoryLabel(sub)}`,
  currency: sub.currency,
});

function toRateAlert(row: AlertRow, info: SubjectInfo): RateAlert {
  return {
    id: row.id,
    subject: row.coin ? `coin:${row.coin}` : `giftcard:${row.subcategoryId ?? ''}`,
    label: info.label,
    currency: info.currency,
    threshold_kobo: row.thresholdKobo,
    created_at: row.createdAt.toISOString(),
    spent_at: row.spentAt?.toISOString() ?? null,
    fired_value_kobo: row.firedValueKobo,
  };
}

/**
 * Sets an alert. One already met is refused (it would fire at the next check with nothing having
 * changed); so is an eleventh waiting one — by the database, whose refusal is mapped here.
 */
export async function createRateAlert(db: Db, deps: RateAlertDeps, userId: string, input: CreateRateAlertInput): Promise<RateAlert> {
  const subject = parseSubject(input.subject);
  const thresholdKobo = toKobo(input.threshold_naira);
  let info: SubjectInfo;
  let currentKobo: number | undefined;
  if (subject.kind === 'giftcard') {
    const found = await saleableSubcategory(db, subject.subcategoryId);
    if (!found) throw subjectUnavailable();
    info = cardInfo(found.cardName, found.sub);
    currentKobo = toKobo(found.sub.exchangeRate);
  } else {
    info = coinInfo(subject.coin);
    // Without fresh prices there is nothing to compare with: the alert waits for the next refresh.
    currentKobo = (await coinPricesKobo(db, deps.market))[subject.coin];
  }
  if (currentKobo !== undefined && currentKobo >= thresholdKobo) {
    const amount = rateAlertAmountText(currentKobo, info.currency);
    const message = rateAlertTexts.alreadyMet(amount);
    throw new DomainError(rateAlertErrorCodes.alreadyMet, message, 409, {
      fields: { threshold_naira: message },
      words: (language) => textsIn(rateAlertTexts, language).alreadyMet(amount),
    });
  }
  try {
    const [row] = await db
      .insert(rateAlerts)
      .values({
        userId,
        subcategoryId: subject.kind === 'giftcard' ? subject.subcategoryId : null,
        coin: subject.kind === 'coin' ? subject.coin : null,
        thresholdKobo,
        createdAt: deps.clock.now(),
      })
      .returning();
    if (!row) throw new Error('rate alert insert returned nothing');
    return toRateAlert(row, info);
  } catch (error) {
    if (violatedConstraint(error, '23514') === 'rate_alerts_limit') throw limitReached();
    throw error;
  }
}

/** The customer's alerts, waiting ones first, then the spent ones, newest first in each. */
export async function listRateAlerts(db: Db, userId: string): Promise<RateAlertListResponse> {
  const rows = await db
    .select({ alert: rateAlerts, sub: giftCardSubcategories, cardName: giftCards.name })
    .from(rateAlerts)
    .leftJoin(giftCardSubcategories, eq(giftCardSubcategories.id, rateAlerts.subcategoryId))
    .leftJoin(giftCards, eq(giftCards.id, giftCardSubcategories.giftCardId))
    .where(eq(rateAlerts.userId, userId))
    .orderBy(sql`${rateAlerts.spentAt} IS NOT NULL`, desc(rateAlerts.createdAt), asc(rateAlerts.id))
    // Waiting ones are at most 10; the spent ones are history and only the latest matter.
    .limit(RATE_ALERTS_MAX + 20);
  const alerts = rows.map(({ alert, sub, cardName }) =>
    toRateAlert(alert, alert.coin ? coinInfo(alert.coin) : sub && cardName ? cardInfo(cardName, sub) : { label: '', currency: null }),
  );
  return { alerts, active: alerts.filter((a) => a.spent_at === null).length, limit: RATE_ALERTS_MAX };
}

/** Deletes one of the customer's own alerts (waiting or spent); another customer's is "not found". */
export async function deleteRateAlert(db: Db, userId: string, alertId: string): Promise<void> {
  const deleted = await db
    .delete(rateAlerts)
    .where(and(eq(rateAlerts.id, alertId), eq(rateAlerts.userId, userId)))
    .returning({ id: rateAlerts.id });
  if (deleted.length === 0) throw alertNotFound();
}

// ---------------------------------------------------------------------------------------------
// The check: after a rate change or a price refresh, on the job queue
// ---------------------------------------------------------------------------------------------

export type RateAlertCheck = { subcategory_id: string } | { coins: Partial<Record<CoinId, number>> };

/** Queues the check of one sub-category's alerts; call it in the transaction that changed its rate. */
export async function enqueueSubcategoryAlertCheck(tx: Db, clock: Clock, subcategoryId: string): Promise<void> {
  await enqueue(tx, RATE_ALERTS_JOB, { subcategory_id: subcategoryId } satisfies RateAlertCheck, { maxAttempts: 5, clock });
}

/**
 * After a price refresh: queues the coins' check with the prices just computed, only when some
 * coin alert is waiting (a refresh every minute should not add a job every minute for nothing).
 */
export async function enqueueCoinAlertCheck(db: Db, deps: RateAlertDeps): Promise<boolean> {
  const [waiting] = await db
    .select({ id: rateAlerts.id })
    .from(rateAlerts)
    .where(and(isNull(rateAlerts.spentAt), inArray(rateAlerts.coin, [...COIN_IDS])))
    .limit(1);
  if (!waiting) return false;
  const coins = await coinPricesKobo(db, deps.market);
  if (Object.keys(coins).length === 0) return false;
  await enqueue(db, RATE_ALERTS_JOB, { coins } satisfies RateAlertCheck, { maxAttempts: 3, clock: deps.clock });
  return true;
}

interface Spent {
  id: string;
  userId: string;
  thresholdKobo: number;
  firedValueKobo: number;
  info: SubjectInfo;
}

/**
 * Spends every waiting alert of `where` whose threshold `valueKobo` meets, and tells each customer.
 * The UPDATE … WHERE spent_at IS NULL is the whole guard against a double notice: a concurrent
 * check waits on the row lock, then finds the alert spent and skips it.
 */
async function spend(tx: Db, clock: Clock, appUrl: string, match: SQL, valueKobo: number, info: SubjectInfo): Promise<Spent[]> {
  const rows = await tx
    .update(rateAlerts)
    .set({ spentAt: clock.now(), firedValueKobo: valueKobo })
    .where(and(match, isNull(rateAlerts.spentAt), lte(rateAlerts.thresholdKobo, valueKobo)))
    .returning({ id: rateAlerts.id, userId: rateAlerts.userId, thresholdKobo: rateAlerts.thresholdKobo });
  const spent = rows.map((row) => ({ ...row, firedValueKobo: valueKobo, info }));
  for (const alert of spent) await tell(tx, clock, appUrl, alert);
  return spent;
}

async function tell(tx: Db, clock: Clock, appUrl: string, alert: Spent): Promise<void> {
  // In the customer's language (users.language, docs/i18n.md).
  const message = (language: Language) =>
    textsIn(rateAlertTexts, language).fired(
      alert.info.label,
      rateAlertAmountText(alert.firedValueKobo, alert.info.currency),
      rateAlertAmountText(alert.thresholdKobo, alert.info.currency),
    );
  await notify(tx, alert.userId, message, { topic: 'rates' });
  await enqueuePush(tx, clock, alert.userId, { title: rateAlertTexts.pushTitle, message, url: RATES_PATH, tag: `rate-alert:${alert.id}` });
  const [customer] = await tx
    .select({ email: users.email, fullName: users.fullName, closedAt: users.closedAt, language: users.language })
    .from(users)
    .where(eq(users.id, alert.userId))
    .limit(1);
  if (customer && !customer.closedAt) {
    const t = textsIn(rateAlertTexts, customer.language);
    await enqueueEmail(tx, clock, {
      to: customer.email,
      subject: t.emailSubject(alert.info.label),
      text: t.emailBody(customer.fullName.split(' ')[0] ?? customer.fullName, message(customer.language), `${appUrl}${RATES_PATH}`),
    });
  }
}

/** The job's work: one sub-category against its current rate, or the coins against the prices given. */
export async function checkRateAlerts(tx: Db, clock: Clock, appUrl: string, check: RateAlertCheck): Promise<Spent[]> {
  if ('subcategory_id' in check) {
    const found = await saleableSubcategory(tx, check.subcategory_id);
    // A disabled card or sub-category cannot be sold: its alerts wait until it is back.
    if (!found) return [];
    return spend(
      tx,
      clock,
      appUrl,
      eq(rateAlerts.subcategoryId, check.subcategory_id),
      toKobo(found.sub.exchangeRate),
      cardInfo(found.cardName, found.sub),
    );
  }
  const spent: Spent[] = [];
  for (const coin of COIN_IDS) {
    const valueKobo = check.coins[coin];
    if (valueKobo === undefined) continue;
    spent.push(...(await spend(tx, clock, appUrl, eq(rateAlerts.coin, coin), valueKobo, coinInfo(coin))));
  }
  return spent;
}
