import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import type { AlertKind } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { redisHealth } from '#server/lib/redis';
import { enqueueEmail } from '../notifications/email';

/**
 * Alerts without another service (docs/operations.md; docs/RELIABILITY.md, "Alerts"): the
 * `operations.check_alerts` job reads each figure every minute; a figure past its threshold opens
 * an incident (at most one open per kind: migration 0024's unique index), a figure back within
 * it resolves the incident. Every active admin is e-mailed once when it opens and once when it
 * recovers, in the same transaction as the incident, and the back-office dashboard lists the open
 * ones. The ledger audit reports its own verdict through `observeAlert` when it finishes.
 */

export interface AlertSettings {
  /** Share of the last hour's settled payouts that failed or were reversed (0–1) that opens an incident. */
  payoutFailureRate: number;
  /** Fewer settled payouts than this in the hour say nothing about a rate. */
  payoutFailureMinSample: number;
  /** A payout still queued, sending or pending at the provider after this long. */
  payoutStuckMinutes: number;
  /** The oldest due job waiting longer than this: the queue is backing up. */
  jobAgeMinutes: number;
  /** Coin prices older than this (seconds): the market-data refresh is failing. */
  maxPriceAgeSeconds: number;
  /** PAYOUT_FLOAT_ALERT_NAIRA in kobo: a transfer balance under it opens `payout_float_low`. */
  payoutFloatAlertKobo: number;
  /** BILLS_FLOAT_ALERT_NAIRA in kobo: a bill wallet under it opens `bills_float_low`. */
  billsFloatAlertKobo: number;
  /** ALERT_PROVIDER_UNREACHABLE_MINUTES: a payout failing to reach the provider this long opens `payout_provider_unreachable`. */
  providerUnreachableMinutes: number;
  /** ALERT_CHAIN_WATCH_STALL_MINUTES: a chain watcher whose tip was last read longer ago than this opens `chain_watch_stalled` (default 10). */
  chainWatchStallMinutes?: number;
  /** The networks with a watcher now; a cursor left by a network no longer watched is not a stall. Every cursor's network when absent. */
  watchedChainNetworks?: readonly string[];
}

export interface AlertReading {
  firing: boolean;
  /** What was seen, in a sentence an admin reads in an e-mail subject's body. */
  detail: string;
}

/** What each incident means and what to do, as the e-mail and the back office say it. */
export const alertTitles: Record<AlertKind, string> = {
  payout_failure_rate: 'Payouts are failing',
  payouts_stuck: 'A payout is stuck at the provider',
  job_backlog: 'The job queue is backing up',
  stale_prices: 'Coin prices are stale',
  ledger_audit: 'The gem ledger audit found a mismatch',
  payout_float_low: 'The payout balance is low or payouts are waiting for funds',
  payouts_awaiting_otp: 'A payout is waiting for an OTP at Paystack',
  bills_float_low: 'The bill-payment wallet is low',
  reconciliation_mismatch: 'Reconciliation found a mismatch with a provider',
  payout_provider_unreachable: 'The payout provider is unreachable',
  redis_unreachable: 'Redis is unreachable: rate limits are per instance',
  chain_watch_stalled: 'A chain watcher has stopped or is failing: crypto deposits are not being seen',
};

const number = (value: unknown) => Number(value ?? 0);
/** Rows of a raw query, whichever driver answers (both put them under `rows`). */
const rows = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

export async function readPayoutFailureRate(db: Db, clock: Clock, settings: AlertSettings): Promise<AlertReading> {
  const since = new Date(clock.now().getTime() - 60 * 60_000);
  const [row] = await rows<{ failed: string; total: string }>(
    db,
    sql`SELECT count(*) FILTER (WHERE status = 'failed' AND settled_at > ${since}) + count(*) FILTER (WHERE status = 'reversed' AND reversed_at > ${since}) AS failed,
               count(*) FILTER (WHERE status IN ('success', 'failed') AND settled_at > ${since}) + count(*) FILTER (WHERE status = 'reversed' AND reversed_at > ${since}) AS total
          FROM payouts WHERE created_at > ${new Date(since.getTime() - 24 * 60 * 60_000)}`,
  );
  const failed = number(row?.failed);
  const total = number(row?.total);
  const firing = total >= settings.payoutFailureMinSample && failed / total >= settings.payoutFailureRate;
  return {
    firing,
    detail: `${failed} of ${total} payouts settled in the last hour failed or were reversed (threshold ${Math.round(settings.payoutFailureRate * 100)}%).`,
  };
}

export async function readStuckPayouts(db: Db, clock: Clock, settings: AlertSettings): Promise<AlertReading> {
  const before = new Date(clock.now().getTime() - settings.payoutStuckMinutes * 60_000);
  const [row] = await rows<{ count: string; oldest: string | null }>(
    db,
    // Held payouts (waiting for funds, awaiting an OTP) have alerts of their own.
    sql`SELECT count(*) AS count, min(created_at)::text AS oldest FROM payouts WHERE status IN ('queued', 'sending', 'pending') AND hold IS NULL AND created_at < ${before}`,
  );
  const count = number(row?.count);
  return {
    firing: count > 0,
    detail: `${count} payout(s) queued, sending or pending for more than ${settings.payoutStuckMinutes} minutes${row?.oldest ? ` (oldest since ${row.oldest})` : ''}.`,
  };
}

export async function readJobBacklog(db: Db, clock: Clock, settings: AlertSettings): Promise<AlertReading> {
  const now = clock.now();
  const [row] = await rows<{ name: string | null; age: string | null; due: string }>(
    db,
    sql`SELECT (array_agg(name ORDER BY run_at))[1] AS name, extract(epoch FROM ${now}::timestamptz - min(run_at)) AS age, count(*) AS due
          FROM jobs WHERE status = 'queued' AND run_at <= ${now}`,
  );
  const ageMinutes = number(row?.age) / 60;
  return {
    firing: ageMinutes > settings.jobAgeMinutes,
    detail: `${number(row?.due)} job(s) due; the oldest (${row?.name ?? 'none'}) has waited ${Math.floor(ageMinutes)} minutes (threshold ${settings.jobAgeMinutes}).`,
  };
}

export async function readPriceAge(db: Db, clock: Clock, settings: AlertSettings): Promise<AlertReading> {
  const [row] = await rows<{ age: string | null }>(
    db,
    sql`SELECT extract(epoch FROM ${clock.now()}::timestamptz - fetched_at) AS age FROM market_data_cache WHERE dataset = 'markets' AND fetched_at IS NOT NULL`,
  );
  // Never fetched (a fresh install before its first refresh) is not an incident yet.
  if (!row || row.age === null) return { firing: false, detail: 'No coin prices fetched yet.' };
  const age = Math.floor(number(row.age));
  return {
    firing: age > settings.maxPriceAgeSeconds,
    detail: `Coin prices are ${age} s old (threshold ${settings.maxPriceAgeSeconds} s).`,
  };
}

const naira = (kobo: number) => `₦${Math.floor(kobo / 100).toLocaleString('en-NG')}`;

/** The float as last read (`provider_floats`): whoever asked the provider recorded it. */
async function lastFloat(
  db: Db,
  kind: 'payouts' | 'bills',
): Promise<{ availableKobo: number | null; error: string | null; checkedAt: string } | null> {
  const [row] = await rows<{ available_kobo: string | null; error: string | null; checked_at: string }>(
    db,
    sql`SELECT available_kobo, error, checked_at::text FROM provider_floats WHERE provider_kind = ${kind}`,
  );
  if (!row) return null;
  return { availableKobo: row.available_kobo === null ? null : Number(row.available_kobo), error: row.error, checkedAt: row.checked_at };
}

const floatText = (float: Awaited<ReturnType<typeof lastFloat>>) =>
  !float
    ? 'not read yet'
    : float.availableKobo === null
      ? `unknown (${float.error ?? 'no answer'}, ${float.checkedAt})`
      : `${naira(float.availableKobo)} (${float.checkedAt})`;

export async function readPayoutFloat(db: Db, _clock: Clock, settings: AlertSettings): Promise<AlertReading> {
  const [held] = await rows<{ count: string; total: string | null }>(
    db,
    sql`SELECT count(*) AS count, sum(amount_kobo)::text AS total FROM payouts WHERE hold = 'waiting_for_funds'`,
  );
  const waiting = number(held?.count);
  const float = await lastFloat(db, 'payouts');
  const low = float?.availableKobo !== null && float?.availableKobo !== undefined && float.availableKobo < settings.payoutFloatAlertKobo;
  return {
    firing: waiting > 0 || low,
    detail: `${waiting} payout(s) waiting for funds (${naira(number(held?.total))}); transfer balance ${floatText(float)}, threshold ${naira(settings.payoutFloatAlertKobo)}.`,
  };
}

export async function readAwaitingOtp(db: Db): Promise<AlertReading> {
  const [row] = await rows<{ count: string; oldest: string | null }>(
    db,
    sql`SELECT count(*) AS count, min(held_at)::text AS oldest FROM payouts WHERE hold = 'awaiting_otp'`,
  );
  const count = number(row?.count);
  return {
    firing: count > 0,
    detail: `${count} payout(s) waiting for an OTP at Paystack${row?.oldest ? ` (oldest since ${row.oldest})` : ''}.`,
  };
}

export async function readBillsFloat(db: Db, _clock: Clock, settings: AlertSettings): Promise<AlertReading> {
  const float = await lastFloat(db, 'bills');
  const low = float?.availableKobo !== null && float?.availableKobo !== undefined && float.availableKobo < settings.billsFloatAlertKobo;
  return { firing: low, detail: `Bill-payment wallet ${floatText(float)}, threshold ${naira(settings.billsFloatAlertKobo)}.` };
}

export async function readReconciliationMismatches(db: Db): Promise<AlertReading> {
  const open = await rows<{ provider_kind: string; kind: string; count: string }>(
    db,
    sql`SELECT provider_kind, kind, count(*) AS count FROM reconciliation_mismatches WHERE resolved_at IS NULL GROUP BY provider_kind, kind ORDER BY provider_kind, kind`,
  );
  const total = open.reduce((sum, row) => sum + number(row.count), 0);
  const parts = open.map((row) => `${row.provider_kind} ${row.kind.replace(/_/g, ' ')}: ${number(row.count)}`);
  return {
    firing: total > 0,
    detail: total > 0 ? `${total} open reconciliation mismatch(es) (${parts.join('; ')}).` : 'No open reconciliation mismatches.',
  };
}

/**
 * Open payouts that have failed to reach the provider (refused, 5xx, time-outs) for the threshold
 * without one answer between: the provider is down or unreachable from here, and their customers
 * are told after PAYOUT_DELAY_NOTICE_MINUTES (docs/RELIABILITY.md, "Provider outages").
 */
export async function readPayoutProviderUnreachable(db: Db, clock: Clock, settings: AlertSettings): Promise<AlertReading> {
  const before = new Date(clock.now().getTime() - settings.providerUnreachableMinutes * 60_000);
  const [row] = await rows<{ count: string; oldest: string | null; reason: string | null }>(
    db,
    sql`SELECT count(*) AS count, min(unreachable_since)::text AS oldest, (array_agg(unreachable_reason ORDER BY unreachable_since DESC))[1] AS reason
          FROM payouts WHERE unreachable_since <= ${before} AND status IN ('queued', 'sending', 'pending')`,
  );
  const count = number(row?.count);
  return {
    firing: count > 0,
    detail:
      count > 0
        ? `${count} payout(s) have failed to reach the provider since ${row?.oldest} (latest: ${row?.reason ?? 'no reason'}).`
        : 'Every open payout reaches the provider.',
  };
}

/** This process's Redis (the instance running the check; every instance shares the same Redis). */
export async function readRedis(): Promise<AlertReading> {
  const health = redisHealth();
  return {
    firing: health === 'down',
    detail:
      health === 'down'
        ? 'Redis does not answer: rate limits are counted per instance and sessions are read from the database each time.'
        : `Redis: ${health}.`,
  };
}

/**
 * The chain watchers (docs/crypto-settlement.md, "Operations"): each watched network's cursor
 * (`chain_scan_cursors`, written by the watch loop) must have read its chain's tip within the
 * threshold, and its last scan must not have failed (an error recorded after the last good read).
 * A network not yet scanned at all is not counted: its first scan writes the cursor.
 */
export async function readChainWatchStall(db: Db, clock: Clock, settings: AlertSettings): Promise<AlertReading> {
  const minutes = settings.chainWatchStallMinutes ?? 10;
  const now = clock.now();
  const cursors = await rows<{ network: string; stale_s: string; failing: boolean; last_error: string | null; lag: string }>(
    db,
    sql`SELECT network, extract(epoch FROM ${now}::timestamptz - tip_seen_at) AS stale_s,
               (last_error IS NOT NULL AND (last_error_at IS NULL OR last_error_at >= tip_seen_at)) AS failing,
               last_error, (tip_height - scanned_to)::text AS lag
          FROM chain_scan_cursors ORDER BY network`,
  );
  const watched = settings.watchedChainNetworks;
  const problems = cursors
    .filter((cursor) => !watched || watched.includes(cursor.network))
    .flatMap((cursor) => {
      const staleMinutes = Math.floor(number(cursor.stale_s) / 60);
      const found: string[] = [];
      if (number(cursor.stale_s) > minutes * 60)
        found.push(`${cursor.network}: tip last read ${staleMinutes} minutes ago (${cursor.lag} blocks behind then)`);
      if (cursor.failing) found.push(`${cursor.network}: last scan failed (${(cursor.last_error ?? 'no reason').slice(0, 120)})`);
      return found;
    });
  return {
    firing: problems.length > 0,
    detail:
      problems.length > 0
        ? `${problems.join('; ')} (threshold ${minutes} minutes).`
        : `Every watched chain read its tip within ${minutes} minutes and its last scan succeeded.`,
  };
}

/** The figures the job reads; the ledger audit reports itself. */
export const alertReaders: Partial<Record<AlertKind, (db: Db, clock: Clock, settings: AlertSettings) => Promise<AlertReading>>> = {
  payout_failure_rate: readPayoutFailureRate,
  payouts_stuck: readStuckPayouts,
  job_backlog: readJobBacklog,
  stale_prices: readPriceAge,
  payout_float_low: readPayoutFloat,
  payouts_awaiting_otp: readAwaitingOtp,
  bills_float_low: readBillsFloat,
  reconciliation_mismatch: readReconciliationMismatches,
  payout_provider_unreachable: readPayoutProviderUnreachable,
  redis_unreachable: readRedis,
  chain_watch_stalled: readChainWatchStall,
};

async function tellAdmins(db: Db, clock: Clock, subject: string, text: string): Promise<void> {
  const admins = await rows<{ email: string }>(
    db,
    sql`SELECT email FROM staff WHERE role = 'admin' AND disabled_at IS NULL ORDER BY email`,
  );
  for (const admin of admins) await enqueueEmail(db, clock, { to: admin.email, subject, text });
}

export type AlertChange = 'opened' | 'resolved' | 'unchanged';

/**
 * Opens the kind's incident when the reading fires and none is open, resolves the open one when
 * it no longer fires; admins are told of either change. Run it in a transaction.
 */
export async function observeAlert(db: Db, clock: Clock, kind: AlertKind, reading: AlertReading): Promise<AlertChange> {
  const now = clock.now();
  const title = alertTitles[kind];
  if (reading.firing) {
    const opened = await rows<{ id: number }>(
      db,
      sql`INSERT INTO alert_incidents (kind, opened_at, detail) VALUES (${kind}, ${now}, ${reading.detail.slice(0, 500)})
          ON CONFLICT (kind) WHERE resolved_at IS NULL DO NOTHING RETURNING id`,
    );
    if (opened.length === 0) return 'unchanged';
    await tellAdmins(
      db,
      clock,
      `[Wise alert] ${title}`,
      `${title}.\n\n${reading.detail}\n\nWhat it means and what to do: docs/RELIABILITY.md, "Alerts" (${kind}). You will get one more e-mail when it recovers.`,
    );
    return 'opened';
  }
  const resolved = await rows<{ id: number; opened_at: string }>(
    db,
    sql`UPDATE alert_incidents SET resolved_at = ${now} WHERE kind = ${kind} AND resolved_at IS NULL RETURNING id, opened_at::text`,
  );
  if (resolved.length === 0) return 'unchanged';
  await tellAdmins(
    db,
    clock,
    `[Wise resolved] ${title}`,
    `Recovered: ${title.toLowerCase()} (open since ${resolved[0]?.opened_at}).\n\nNow: ${reading.detail}`,
  );
  return 'resolved';
}

/** One round of the job: every figure read and observed. */
export async function checkAlerts(db: Db, clock: Clock, settings: AlertSettings): Promise<Partial<Record<AlertKind, AlertChange>>> {
  const changes: Partial<Record<AlertKind, AlertChange>> = {};
  for (const [kind, read] of Object.entries(alertReaders) as [AlertKind, NonNullable<(typeof alertReaders)[AlertKind]>][]) {
    changes[kind] = await observeAlert(db, clock, kind, await read(db, clock, settings));
  }
  return changes;
}

export interface OpenAlert {
  kind: AlertKind;
  title: string;
  detail: string;
  openedAt: Date;
}

export async function openAlerts(db: Db): Promise<OpenAlert[]> {
  const open = await rows<{ kind: AlertKind; detail: string; opened_at: Date | string }>(
    db,
    sql`SELECT kind, detail, opened_at FROM alert_incidents WHERE resolved_at IS NULL ORDER BY opened_at`,
  );
  return open.map((row) => ({ kind: row.kind, title: alertTitles[row.kind], detail: row.detail, openedAt: new Date(row.opened_at) }));
}
