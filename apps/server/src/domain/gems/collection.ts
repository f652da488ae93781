import { and, between, eq, sql } from 'drizzle-orm';
import { addDays, gemDayAt, gemsForDay, gemErrorCodes, gemMessages, WEEK_DAYS, type GemDay } from '@wise/shared';
import type { Db } from '#server/db/client';
import { prepared } from '#server/db/prepared';
import { gemCollections } from '#server/db/schema/gems';
import type { Clock } from '#server/lib/clock';
import { DomainError } from '../errors';
import { getGemBalance, lockUserAccount, postEntry, systemAccountId } from './ledger';

/**
 * Daily collection (docs/product.md §4, docs/decisions.md §4): the server's clock and APP_TIMEZONE decide what today
 * is; the primary key (user_id, local_date) and the entry's idempotency key both make a second
 * collection on the same calendar day impossible, however the requests interleave.
 */

export interface CollectionCalendar {
  clock: Clock;
  timeZone: string;
}

export interface WeekStatus {
  today: GemDay;
  days: { day: number; amount: number; collected: boolean }[];
  collectedToday: boolean;
}

export const alreadyCollected = () => new DomainError(gemErrorCodes.alreadyCollected, gemMessages.alreadyCollected, 409);

/** This week's collections (Monday to Sunday in the zone) for one customer. */
/** Prepared (db/prepared.ts): the week is read each time the Earn screen opens. */
const weekCollections = (db: Db) =>
  prepared(db, 'gem_week_collections', (d) =>
    d
      .select({ weekday: gemCollections.weekday })
      .from(gemCollections)
      .where(
        and(
          eq(gemCollections.userId, sql.placeholder('userId')),
          between(gemCollections.localDate, sql.placeholder('from'), sql.placeholder('to')),
        ),
      )
      .prepare('gem_week_collections'),
  );

export async function getWeekStatus(db: Db, calendar: CollectionCalendar, userId: string): Promise<WeekStatus> {
  const today = gemDayAt(calendar.clock.now(), calendar.timeZone);
  const rows = await weekCollections(db).execute({ userId, from: today.weekStart, to: addDays(today.weekStart, 6) });
  const collected = new Set(rows.map((r) => r.weekday));
  const days = WEEK_DAYS.map((day) => ({
    day,
    amount: gemsForDay(day),
    collected: collected.has(day),
  }));
  return { today, days, collectedToday: collected.has(today.day) };
}

export interface Collected {
  day: number;
  localDate: string;
  amount: number;
  balance: number;
  entryId: string;
}

/** Credits today's amount once; any further attempt today is a 409 and moves nothing. */
export async function collectDailyGems(db: Db, calendar: CollectionCalendar, userId: string): Promise<Collected> {
  const at = calendar.clock.now();
  const today = gemDayAt(at, calendar.timeZone);
  const source = await systemAccountId(db, 'daily_collection');
  return db.transaction(async (tx) => {
    // The account lock queues a customer's parallel taps; the keys below decide the winner.
    const { accountId } = await lockUserAccount(tx, userId, 'available');
    const posted = await postEntry(tx, {
      idempotencyKey: `daily:${userId}:${today.localDate}`,
      reason: 'daily_collection',
      userId,
      memo: `Day ${today.day} (${today.localDate})`,
      at,
      lines: [
        { accountId: source, amount: -today.amount },
        { accountId, amount: today.amount },
      ],
    });
    if (posted.replayed) throw alreadyCollected();
    const inserted = await tx
      .insert(gemCollections)
      .values({ userId, localDate: today.localDate, weekday: today.day, amount: today.amount, entryId: posted.entryId, createdAt: at })
      .onConflictDoNothing()
      .returning({ entryId: gemCollections.entryId });
    // Unreachable while the entry key holds, but the table's own key is the rule: roll back if hit.
    if (inserted.length !== 1) throw alreadyCollected();
    return {
      day: today.day,
      localDate: today.localDate,
      amount: today.amount,
      balance: await getGemBalance(tx, userId),
      entryId: posted.entryId,
    };
  });
}
