import { bigint, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { staff } from './admin';

/**
 * Mirrors db/migrations/0033_reward_levels.sql: the reward levels admins configure. The SQL is the
 * source of truth; its deferred trigger refuses a set without a level at volume 0 or whose rate
 * falls as the volume rises.
 */
export const rewardLevels = pgTable(
  'reward_levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    minVolumeKobo: bigint('min_volume_kobo', { mode: 'number' }).notNull(),
    gemsPer1000Naira: integer('gems_per_1000_naira').notNull(),
    updatedBy: uuid('updated_by').references(() => staff.id, { onDelete: 'restrict' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('reward_levels_volume_unique').on(t.minVolumeKobo), unique('reward_levels_name_unique').on(t.name)],
);
