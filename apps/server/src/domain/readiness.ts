import type { Database } from '../db/client';
import { unappliedMigrations } from '../db/migrate';

export type ReadinessFailure = 'database' | 'migrations' | 'job_worker';

/**
 * Whether this process can serve (GET /readyz): the database answers, every migration this build
 * ships is applied (an instance started against a database another instance has not migrated yet
 * must wait), and the job worker — when the process runs one — still polls.
 */
export async function readinessFailures(database: Database, jobWorkerAlive: (() => boolean) | undefined, onDatabaseError: (error: unknown) => void): Promise<ReadinessFailure[]> {
  const failing: ReadinessFailure[] = [];
  try {
    if ((await unappliedMigrations(database)).length > 0) failing.push('migrations');
  } catch (error) {
    onDatabaseError(error);
    failing.push('database');
  }
  if (jobWorkerAlive && !jobWorkerAlive()) failing.push('job_worker');
  return failing;
}
