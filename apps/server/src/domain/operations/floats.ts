import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import type { ProviderKind } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import type { FloatBalance } from '#server/providers/float';

/**
 * The last balance read from each provider (table `provider_floats`, migration 0025): written by
 * whoever asked (the payout worker before a transfer, `payouts.release_held`, `operations.check_bill_float`),
 * read by the alerts (`payout_float_low`, `bills_float_low`) and the metrics. A reading that
 * failed keeps the time the balance was last known.
 */
export async function recordFloat(db: Db, clock: Clock, kind: ProviderKind, balance: FloatBalance): Promise<void> {
  const now = clock.now();
  if (balance.outcome === 'known') {
    await db.execute(sql`
      INSERT INTO provider_floats (provider_kind, available_kobo, error, checked_at, known_at)
      VALUES (${kind}, ${balance.availableKobo}, NULL, ${now}, ${now})
      ON CONFLICT (provider_kind) DO UPDATE SET available_kobo = excluded.available_kobo, error = NULL, checked_at = excluded.checked_at, known_at = excluded.known_at
      WHERE provider_floats.checked_at <= excluded.checked_at`);
    return;
  }
  const error = (balance.reason.trim() || 'unknown').slice(0, 300);
  await db.execute(sql`
    INSERT INTO provider_floats (provider_kind, available_kobo, error, checked_at, known_at)
    VALUES (${kind}, NULL, ${error}, ${now}, NULL)
    ON CONFLICT (provider_kind) DO UPDATE SET available_kobo = NULL, error = excluded.error, checked_at = excluded.checked_at
    WHERE provider_floats.checked_at <= excluded.checked_at`);
}

export interface FloatReading {
  availableKobo: number | null;
  error: string | null;
  checkedAt: Date;
  knownAt: Date | null;
}

export async function readFloat(db: Db, kind: ProviderKind): Promise<FloatReading | null> {
  const result = (await db.execute(
    sql`SELECT available_kobo, error, checked_at, known_at FROM provider_floats WHERE provider_kind = ${kind}`,
  )) as unknown as {
    rows: { available_kobo: string | number | null; error: string | null; checked_at: Date | string; known_at: Date | string | null }[];
  };
  const row = result.rows[0];
  if (!row) return null;
  return {
    availableKobo: row.available_kobo === null ? null : Number(row.available_kobo),
    error: row.error,
    checkedAt: new Date(row.checked_at),
    knownAt: row.known_at === null ? null : new Date(row.known_at),
  };
}
