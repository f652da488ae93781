import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/** Mirrors db/migrations/0015_catalogue_versions.sql: bumped by triggers, never written by the app. */

export const catalogueNames = ['giftcards', 'bill_plans', 'crypto_prices'] as const;
export type CatalogueName = (typeof catalogueNames)[number];

export const catalogueVersions = pgTable('catalogue_versions', {
  name: text('name', { enum: catalogueNames }).primaryKey(),
  // Only ever compared; as a bigint it cannot round.
  version: bigint('version', { mode: 'bigint' }).notNull().default(0n),
});
