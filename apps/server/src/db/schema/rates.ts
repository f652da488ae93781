import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { giftCardSubcategories } from './giftcards';

/**
 * Mirrors db/migrations/0036_rate_alerts.sql (the SQL is the source of truth): its triggers allow
 * at most 10 waiting alerts per customer and refuse any change to an alert once it is spent.
 */
export const rateAlerts = pgTable(
  'rate_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subcategoryId: uuid('subcategory_id').references(() => giftCardSubcategories.id, { onDelete: 'cascade' }),
    coin: text('coin', { enum: ['btc', 'usdt', 'bnb', 'sol'] }),
    thresholdKobo: bigint('threshold_kobo', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    firedValueKobo: bigint('fired_value_kobo', { mode: 'number' }),
  },
  (t) => [
    index('rate_alerts_user_idx').on(t.userId, t.createdAt),
    // The waiting alerts a new price can fire, by what they watch.
    index('rate_alerts_waiting_subcategory_idx')
      .on(t.subcategoryId, t.thresholdKobo)
      .where(sql`spent_at IS NULL AND subcategory_id IS NOT NULL`),
    index('rate_alerts_waiting_coin_idx')
      .on(t.coin, t.thresholdKobo)
      .where(sql`spent_at IS NULL AND coin IS NOT NULL`),
  ],
);
