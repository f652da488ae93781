import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readinessDegradations, readinessFailures, type ReadinessDeps } from '../domain/readiness';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** What is wrong when unavailable: database, migrations, job_worker, file_store. */
  failing: z.array(z.enum(['database', 'migrations', 'job_worker', 'file_store'])).optional(),
  /** What works in a lesser way, ready or not: redis (rate limits per instance, no session cache). */
  degraded: z.array(z.enum(['redis'])).optional(),
});

export type HealthOptions = ReadinessDeps;

/**
 * For a load balancer or orchestrator (docs/operations.md): /healthz says the process
 * answers (restart it if not); /readyz says it can serve (domain/readiness.ts; take it out of
 * rotation if not).
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, deps) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: statusSchema } } }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', { schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } } }, async (request, reply) => {
    // A database outage is logged once by the availability (db/availability.ts), not at every poll.
    const failing = await readinessFailures(deps, (failure, error) =>
      request.log.warn({ err: error }, `readiness check failed: ${failure}`),
    );
    const degraded = readinessDegradations();
    const also = degraded.length > 0 ? { degraded } : {};
    if (failing.length === 0) return { status: 'ok' as const, ...also };
    // A job worker that stopped polling because the database is away is part of that outage, already logged.
    if (!failing.includes('database') && (failing.includes('migrations') || failing.includes('job_worker')))
      request.log.error({ failing }, 'readiness check failed');
    return reply.status(503).send({ status: 'unavailable' as const, failing, ...also });
  });
};
