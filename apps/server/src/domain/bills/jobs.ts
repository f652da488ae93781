import { z } from 'zod';
import type { JobDefinition, Schedule } from '#server/jobs/worker';
import { BILL_REQUERY_JOB } from './authorise';
import { refreshAllPlans } from './catalogue';
import { recoverStuckOrders, requeryBillOrder, StillProcessing } from './requery';
import type { BillDeps } from './settings';

export { BILL_REQUERY_JOB } from './authorise';
export const BILL_RECOVERY_JOB = 'bills.recover_orders';
export const BILL_PLAN_REFRESH_JOB = 'bills.refresh_plans';

/**
 * The bills area's background work (docs/decisions.md §5b). They need the providers built at start-up, so
 * server.ts hands them to the worker (app-jobs.ts; `JobSet` in jobs/worker.ts):
 * - `bills.requery`: one status query for one processing order; still unknown → the attempt
 *   fails and the queue asks again with back-off (15 s doubling to 30 min, 25 attempts);
 * - `bills.recover_orders` (every 5 min): processing orders that lost their status-query job get
 *   a new one;
 * - `bills.refresh_plans` (every BILLS_PLAN_REFRESH_INTERVAL_S): the data and TV plan lists.
 */
export function billJobs(deps: BillDeps): { jobs: JobDefinition[]; schedules: Schedule[] } {
  const requery: JobDefinition<{ orderId: string }> = {
    name: BILL_REQUERY_JOB,
    payload: z.object({ orderId: z.uuid() }),
    backoff: deps.settings.requeryBackoff,
    // One status query with its own time limit, and a settlement.
    timeoutMs: deps.settings.requeryDelayMs + 30_000,
    handler: async ({ orderId }, { db, logger }) => {
      const outcome = await requeryBillOrder(db, { ...deps, logger }, orderId);
      if (outcome === 'pending') throw new StillProcessing(`bill order ${orderId}: the provider has no final answer yet`);
    },
  };
  const recovery: JobDefinition = {
    name: BILL_RECOVERY_JOB,
    handler: async (_payload, { db, logger }) => {
      const picked = await recoverStuckOrders(db, { ...deps, logger });
      // Each of these lost its job (a crash mid-purchase, or a provider silent for hours): worth a look.
      if (picked.length > 0)
        logger.warn({ orders: picked }, `${picked.length} processing bill orders had no status-query job; new ones queued`);
    },
  };
  const refresh: JobDefinition = {
    name: BILL_PLAN_REFRESH_JOB,
    // Eight lists, one after another, each within the provider's time limit.
    timeoutMs: 10 * 60_000,
    handler: async (_payload, { db, logger }) => {
      const outcomes = await refreshAllPlans(db, deps);
      const failed = Object.entries(outcomes)
        .filter(([, outcome]) => outcome === 'failed')
        .map(([set]) => set);
      if (failed.length > 0)
        logger.warn({ failed, provider: deps.bills.name }, 'some bill plan lists could not be refreshed; the last good lists stay');
    },
  };
  return {
    jobs: [requery as JobDefinition, recovery, refresh],
    schedules: [
      { name: BILL_RECOVERY_JOB, everyMs: deps.settings.recoveryIntervalMs, maxAttempts: 1 },
      { name: BILL_PLAN_REFRESH_JOB, everyMs: deps.settings.planRefreshIntervalMs, maxAttempts: 1 },
    ],
  };
}
