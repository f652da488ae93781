import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import { readinessDegradations, readinessFailures } from '../domain/readiness';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** What is wrong when unavailable: database, migrations, job_worker. */
  failing: z.array(z.enum(['database', 'migrations', 'job_worker'])).optional(),
  /** What works in a lesser way, ready or not: redis (rate limits per instance, no session cache). */
  degraded: z.array(z.enum(['redis'])).optional(),
});

export interface HealthOptions {
  database: Database;
  /** The process's job worker (server.ts); tests that build an app without one leave it out. */
  jobWorkerAlive?: () => boolean;
}

/**
 * For a load balancer or orchestrator (docs/operations.md): /healthz says the process
 * answers (restart it if not); /readyz says it can serve (domain/readiness.ts; take it out of
 * rotation if not).
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { database, jobWorkerAlive }) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: statusSchema } } }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', { schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } } }, async (request, reply) => {
    const failing = await readinessFailures(database, jobWorkerAlive, (error) => request.log.error({ err: error }, 'readiness check failed: database'));
    const degraded = readinessDegradations();
    const also = degraded.length > 0 ? { degraded } : {};
    if (failing.length === 0) return { status: 'ok' as const, ...also };
    if (!failing.includes('database')) request.log.error({ failing }, 'readiness check failed');
    return reply.status(503).send({ status: 'unavailable' as const, failing, ...also });
  });
};
