import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const dataExportStatuses = ['building', 'ready', 'downloaded', 'expired'] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

/**
 * Mirrors 0030_data_rights.sql: one "Download my data" request. The payload is sealed under a key
 * derived from the e-mailed token, of which only the SHA-256 is kept (domain/privacy/export.ts).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: dataExportStatuses }).notNull().default('building'),
    requestedAt: at('requested_at').notNull(),
    readyAt: at('ready_at'),
    expiresAt: at('expires_at'),
    downloadedAt: at('downloaded_at'),
    tokenHash: text('token_hash').unique(),
    /** base64 of iv ‖ tag ‖ AES-256-GCM ciphertext. */
    payload: text('payload'),
  },
  (t) => [
    uniqueIndex('data_exports_one_building')
      .on(t.userId)
      .where(sql`status = 'building'`),
    index('data_exports_user_idx').on(t.userId, t.requestedAt.desc()),
    index('data_exports_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'ready'`),
  ],
);
