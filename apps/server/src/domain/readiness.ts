import type { Database } from '../db/client';
import { unappliedMigrations } from '../db/migrate';
import { redisHealth } from '../lib/redis';

export type ReadinessFailure = 'database' | 'migrations' | 'job_worker' | 'file_store';

export interface ReadinessDeps {
  database: Database;
  /** When the process runs a job worker: whether it still polls. */
  jobWorkerAlive?: () => boolean;
  /** The upload store's check (providers/file-store): rejects when uploads cannot be written. */
  fileStoreReady?: () => Promise<void>;
}

/**
 * Whether this process can serve (GET /readyz): the database answers, every migration this build
 * ships is applied (an instance started against a database another instance has not migrated yet
 * must wait), the job worker — when the process runs one — still polls, and uploads can be
 * written. A database the availability probe knows to be down (db/availability.ts) is reported at
 * once, without a query that would wait for a connection.
 */
export async function readinessFailures(
  deps: ReadinessDeps,
  onError: (failure: ReadinessFailure, error: unknown) => void,
): Promise<ReadinessFailure[]> {
  const failing: ReadinessFailure[] = [];
  const { database } = deps;
  const checks: Promise<void>[] = [];
  if (database.availability.down) failing.push('database');
  else {
    checks.push(
      unappliedMigrations(database).then(
        (unapplied) => void (unapplied.length > 0 && failing.push('migrations')),
        (error: unknown) => {
          database.availability.suspect(error);
          onError('database', error);
          failing.push('database');
        },
      ),
    );
  }
  if (deps.fileStoreReady) {
    checks.push(
      deps.fileStoreReady().catch((error: unknown) => {
        onError('file_store', error);
        failing.push('file_store');
      }),
    );
  }
  await Promise.all(checks);
  if (deps.jobWorkerAlive && !deps.jobWorkerAlive()) failing.push('job_worker');
  const order: ReadinessFailure[] = ['database', 'migrations', 'job_worker', 'file_store'];
  return failing.sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

export type ReadinessDegradation = 'redis';

/**
 * What works in a lesser way without taking the instance out of rotation: Redis unreachable
 * means rate limits per instance and no session cache (docs/RELIABILITY.md, "Redis outages"),
 * not an instance that cannot serve — every instance shares the same Redis, so taking them out
 * would take the whole service down for what each can do without.
 */
export function readinessDegradations(): ReadinessDegradation[] {
  return redisHealth() === 'down' ? ['redis'] : [];
}
