import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from './admin';
import { users } from './auth';

/**
 * Mirrors db/migrations/0028_payout_limits.sql: the limits the servers are configured with (one
 * row, written at start) and the limits admins raised for one customer (append-only, the latest
 * applies). The SQL is the source of truth; its trigger refuses an approval past the limit.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const payoutLimitSettings = pgTable('payout_limit_settings', {
  id: boolean('id').primaryKey().default(true),
  tier0DailyKobo: bigint('tier0_daily_kobo', { mode: 'number' }).notNull(),
  tier0TotalKobo: bigint('tier0_total_kobo', { mode: 'number' }).notNull(),
  tier1DailyKobo: bigint('tier1_daily_kobo', { mode: 'number' }).notNull(),
  tier2DailyKobo: bigint('tier2_daily_kobo', { mode: 'number' }).notNull(),
  timeZone: text('time_zone').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const payoutLimitRaises = pgTable(
  'payout_limit_raises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    dailyLimitKobo: bigint('daily_limit_kobo', { mode: 'number' }).notNull(),
    totalLimitKobo: bigint('total_limit_kobo', { mode: 'number' }),
    note: text('note').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => staff.id, { onDelete: 'restrict' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('payout_limit_raises_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);
