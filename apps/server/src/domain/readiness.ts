import type { Database } from '../db/client';
import { unappliedMigrations } from '../db/migrate';
import { redisHealth } from '../lib/redis';

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
