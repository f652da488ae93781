import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The offline payout sandbox's transfers, one per reference (db/migrations/0014_payout_sandbox.sql). */
export const payoutSandboxTransfers = pgTable('payout_sandbox_transfers', {
  reference: text('reference').primaryKey(),
  transferCode: text('transfer_code').notNull().unique(),
  bankCode: text('bank_code').notNull(),
  accountNumber: text('account_number').notNull(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
