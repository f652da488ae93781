import pg from 'pg';
import { z } from 'zod';
import { wrapPool } from '#server/db/client';
import { JobWorker } from '#server/jobs/worker';

/**
 * One worker process for jobs-two-processes.test.ts: `node --import tsx` this file with
 * DATABASE_URL and WORKER_NAME. It runs `test.record_run` jobs (each inserts one row into
 * job_runs, naming the job and this worker), prints "ready", and stops gracefully on SIGTERM.
 */

const url = process.env.DATABASE_URL;
const workerName = process.env.WORKER_NAME;
if (!url || !workerName) throw new Error('DATABASE_URL and WORKER_NAME are required');

const pool = new pg.Pool({ connectionString: url, max: 6 });
pool.on('error', () => undefined);
const database = wrapPool(pool);

const worker = new JobWorker(database.db, {
  workerId: workerName,
  pollIntervalMs: 20,
  concurrency: 4,
  leaseMs: 30_000,
  logger: {
    info: () => undefined,
    warn: (details, message) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
    error: (details, message) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
  },
});

worker.register({
  name: 'test.record_run',
  payload: z.object({ n: z.number().int() }),
  handler: async ({ n }, { job }) => {
    // Not transactional on purpose: only the claim keeps two processes from running a job twice.
    await database.query('INSERT INTO job_runs (job_id, n, worker) VALUES ($1, $2, $3)', [job.id, n, workerName]);
    await new Promise((resolve) => setTimeout(resolve, 2));
  },
});

worker.start();
process.stdout.write('ready\n');

process.on('SIGTERM', () => {
  void (async () => {
    await worker.stop(5000);
    await database.close();
    process.exit(0);
  })();
});
