import type { Db } from './db/client';
import { auditLedger, formatLedgerAudit } from './domain/gems/audit';
import { purgeGemRequestKeys } from './domain/gems/idempotency';
import { purgeUnusedQuotes } from './domain/sales/crypto';
import { recordLedgerAudit } from './lib/metrics';
import { observeAlert } from './domain/operations/alerts';
import { purgeExpiredExports } from './domain/privacy/export';
import { PURGE_BATCH_SIZE, purgeExpiredAuthRows } from './jobs/cleanup';
import { purgeFinishedJobs } from './jobs/queue';
import type { Config } from './config';
import { JobWorker, type JobDefinition, type JobLane, type JobSet, type Schedule, type WorkerOptions } from './jobs/worker';

/**
 * The application's own jobs and how often they run, and the worker that runs them with every
 * area's job set. It composes the domain, so it sits beside server.ts, not in jobs/ (the queue
 * itself, which the domain uses to enqueue).
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Finished jobs are kept this long (longer than any schedule's interval, so a slot never repeats). */
export const DONE_JOB_RETENTION_MS = 7 * DAY_MS;
export const FAILED_JOB_RETENTION_MS = 30 * DAY_MS;

export const jobNames = {
  purgeExpiredAuth: 'auth.purge_expired',
  purgeRequestKeys: 'gems.purge_request_keys',
  purgeFinishedJobs: 'jobs.purge_finished',
  ledgerAudit: 'gems.ledger_audit',
  purgeCryptoQuotes: 'crypto.purge_quotes',
} as const;

export const appJobs: JobDefinition[] = [
  {
    name: jobNames.purgeExpiredAuth,
    transactional: true,
    handler: async (_payload, { db, clock, logger }) => {
      const purged = await purgeExpiredAuthRows(db, clock.now());
      // Data exports past their link's life lose their payload (docs/features.md, "Your data (NDPA 2023)").
      const dataExports = await purgeExpiredExports(db, clock.now(), PURGE_BATCH_SIZE);
      logger.info({ purged, dataExports }, 'expired sessions, codes, reset links and data exports deleted');
    },
  },
  {
    name: jobNames.purgeRequestKeys,
    transactional: true,
    handler: async (_payload, { db, clock, logger }) => {
      logger.info({ purged: await purgeGemRequestKeys(db, clock.now()) }, 'old Idempotency-Key answers deleted');
    },
  },
  {
    name: jobNames.purgeFinishedJobs,
    transactional: true,
    handler: async (_payload, { db, clock, logger }) => {
      const purged = await purgeFinishedJobs(db, {
        now: clock.now(),
        doneRetentionMs: DONE_JOB_RETENTION_MS,
        failedRetentionMs: FAILED_JOB_RETENTION_MS,
      });
      logger.info({ purged }, 'finished jobs deleted');
    },
  },
  {
    name: jobNames.purgeCryptoQuotes,
    transactional: true,
    handler: async (_payload, { db, clock, logger }) => {
      logger.info({ purged: await purgeUnusedQuotes(db, clock.now()) }, 'old unused crypto quotes deleted');
    },
  },
  {
    name: jobNames.ledgerAudit,
    // A mismatch is a finding, not a failure of the job: retrying would find it again.
    handler: async (_payload, { db, clock, logger }) => {
      const audit = await auditLedger(db);
      recordLedgerAudit(audit.ok, new Date());
      // An incident for admins while the ledger does not balance, resolved by the next clean audit.
      await db.transaction((tx) =>
        observeAlert(tx, clock, 'ledger_audit', { firing: !audit.ok, detail: formatLedgerAudit(audit).slice(0, 500) }),
      );
      const summary = { accountsChecked: audit.accountsChecked, entriesChecked: audit.entriesChecked, ok: audit.ok };
      if (audit.ok) logger.info(summary, formatLedgerAudit(audit));
      else
        logger.error(
          {
            ...summary,
            unbalancedEntryCount: audit.unbalancedEntryCount,
            cacheMismatchCount: audit.cacheMismatchCount,
            grandTotal: audit.grandTotal,
          },
          formatLedgerAudit(audit),
        );
    },
  },
];

export const appSchedules: Schedule[] = [
  { name: jobNames.purgeExpiredAuth, everyMs: 15 * MINUTE_MS },
  { name: jobNames.purgeRequestKeys, everyMs: 60 * MINUTE_MS },
  { name: jobNames.purgeFinishedJobs, everyMs: 60 * MINUTE_MS },
  { name: jobNames.purgeCryptoQuotes, everyMs: 60 * MINUTE_MS },
  { name: jobNames.ledgerAudit, everyMs: 6 * 60 * MINUTE_MS },
];

/**
 * The worker's lanes (jobs/README.md, "Lanes"): each kind of job that waits on an outside service
 * has slots of its own, so one service that hangs holds up only its own kind. A bill provider
 * that hung used to fill the 16 shared slots with status checks, and approval → paid went from
 * 3.2 s to 15.5 s. Areas not listed (clean-ups, alerts, coin prices, identity checks, rate alerts)
 * share the `JOB_CONCURRENCY` slots, with `JOB_TIMEOUT_S`.
 */
export function jobLanes(
  config: Pick<Config, `JOB_${'PAYOUTS' | 'BILLS' | 'MESSAGES' | 'EXPORTS'}_${'CONCURRENCY' | 'TIMEOUT_S'}`>,
): JobLane[] {
  return [
    // Approved sales waiting for their money: first claimed each poll.
    { name: 'payouts', areas: ['payouts'], concurrency: config.JOB_PAYOUTS_CONCURRENCY, timeoutMs: config.JOB_PAYOUTS_TIMEOUT_S * 1000 },
    { name: 'bills', areas: ['bills'], concurrency: config.JOB_BILLS_CONCURRENCY, timeoutMs: config.JOB_BILLS_TIMEOUT_S * 1000 },
    // E-mail (SMTP) and Web Push: a slow mail server or push service waits here.
    {
      name: 'messages',
      areas: ['notifications', 'push'],
      concurrency: config.JOB_MESSAGES_CONCURRENCY,
      timeoutMs: config.JOB_MESSAGES_TIMEOUT_S * 1000,
    },
    // Long reads and writes of many rows: a customer's data export, the daily reconciliation.
    {
      name: 'exports',
      areas: ['privacy', 'reconciliation'],
      concurrency: config.JOB_EXPORTS_CONCURRENCY,
      timeoutMs: config.JOB_EXPORTS_TIMEOUT_S * 1000,
    },
  ];
}

/** The server's worker: every app job registered, the schedules on. server.ts starts and stops it. */
export function createAppJobWorker(db: Db, options: WorkerOptions = {}, extra: JobSet[] = []): JobWorker {
  const worker = new JobWorker(db, { schedules: [...appSchedules, ...extra.flatMap((set) => set.schedules)], ...options });
  for (const definition of [...appJobs, ...extra.flatMap((set) => set.jobs)]) worker.register(definition);
  return worker;
}
