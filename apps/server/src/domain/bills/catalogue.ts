import { and, asc, eq, lte } from 'drizzle-orm';
import {
  BILL_NETWORKS,
  BILL_PLAN_MAX_GEMS,
  BILL_PLAN_NAME_MAX,
  billErrorCodes,
  billMessages,
  TV_SERVICES,
  VARIATION_CODE_MAX,
  type BillNetwork,
  type BillPlan,
  type TvService,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { billPlans, billPlanSets, type BillPlanKind } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import type { BillsProvider, ProviderPlan } from '#server/providers/bills/index';
import { DomainError } from '../errors';
import type { BillSettings } from './settings';

/**
 * The plan cache (docs/decisions.md §6: a screen never waits on the provider): data and TV plan lists kept in
 * the database, refreshed by a recurring job, read by every request. A failed refresh keeps the
 * last good list. Only a list that was never fetched is fetched by a request, once (the claim
 * lets one caller through), and not waited on for longer than planFirstFetchWaitMs.
 */

export type PlanSet = { kind: 'data'; service: BillNetwork } | { kind: 'tv'; service: TvService };

export const ALL_PLAN_SETS: PlanSet[] = [
  ...BILL_NETWORKS.map((service) => ({ kind: 'data' as const, service })),
  ...TV_SERVICES.map((service) => ({ kind: 'tv' as const, service })),
];

export interface CatalogueDeps {
  bills: BillsProvider;
  clock: Clock;
  settings: Pick<BillSettings, 'planRefreshIntervalMs' | 'planFirstFetchWaitMs' | 'planRetryMs'>;
}

const PLANS_PER_SET_MAX = 500;
const ERROR_TEXT_MAX = 500;

export const plansUnavailable = (kind: BillPlanKind) =>
  new DomainError(
    billErrorCodes.plansUnavailable,
    kind === 'data' ? billMessages.dataPlansUnavailable : billMessages.tvPlansUnavailable,
    503,
  );

/** docs/product.md §9: the integer part of the provider's price, in whole gems; undefined for a price we can't offer. */
export function planAmountGems(amountNaira: string): number | undefined {
  const match = /^(\d{1,12})(?:\.\d+)?$/.exec(amountNaira.trim());
  if (!match) return undefined;
  const gems = Number(match[1]);
  return gems >= 1 && gems <= BILL_PLAN_MAX_GEMS ? gems : undefined;
}

/** The provider's list as we keep it: offerable prices only, one row per code, in its order. */
export function toCachedPlans(plans: ProviderPlan[]): BillPlan[] {
  const seen = new Set<string>();
  const kept: BillPlan[] = [];
  for (const plan of plans) {
    const amount = planAmountGems(plan.amountNaira);
    const code = plan.variationCode.trim();
    const name = plan.name.trim();
    if (amount === undefined || !code || code.length > VARIATION_CODE_MAX || !name || name.length > BILL_PLAN_NAME_MAX || seen.has(code))
      continue;
    seen.add(code);
    kept.push({ variation_code: code, name, amount });
    if (kept.length >= PLANS_PER_SET_MAX) break;
  }
  return kept;
}

const ofSet = (set: PlanSet) => and(eq(billPlanSets.kind, set.kind), eq(billPlanSets.service, set.service));

async function readPlans(db: Db, set: PlanSet): Promise<BillPlan[]> {
  const rows = await db
    .select({ variation_code: billPlans.variationCode, name: billPlans.name, amount: billPlans.amount })
    .from(billPlans)
    .where(and(eq(billPlans.kind, set.kind), eq(billPlans.service, set.service)))
    .orderBy(asc(billPlans.position));
  return rows;
}

/** One plan as the cache has it now (the checkout prices an order from this). */
export async function findPlan(db: Db, set: PlanSet, variationCode: string): Promise<BillPlan | undefined> {
  const [row] = await db
    .select({ variation_code: billPlans.variationCode, name: billPlans.name, amount: billPlans.amount })
    .from(billPlans)
    .where(and(eq(billPlans.kind, set.kind), eq(billPlans.service, set.service), eq(billPlans.variationCode, variationCode)))
    .limit(1);
  return row;
}

export type RefreshOutcome = 'refreshed' | 'skipped' | 'failed';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_MAX);

/**
 * Fetches one plan list if no one else is doing so (the claim), and stores it in place of the
 * old one. Never throws for a provider failure: it is recorded on the set and the old list stays.
 */
export async function refreshPlanSet(db: Db, deps: CatalogueDeps, set: PlanSet): Promise<RefreshOutcome> {
  const now = deps.clock.now();
  const claimed = await db
    .update(billPlanSets)
    .set({ nextAttemptAt: new Date(now.getTime() + deps.settings.planRetryMs), lastAttemptAt: now })
    .where(and(ofSet(set), lte(billPlanSets.nextAttemptAt, now)))
    .returning({ kind: billPlanSets.kind });
  if (claimed.length === 0) return 'skipped';

  let plans: BillPlan[];
  try {
    plans = toCachedPlans(set.kind === 'data' ? await deps.bills.dataPlans(set.service) : await deps.bills.tvPlans(set.service));
  } catch (error) {
    await db
      .update(billPlanSets)
      .set({ lastError: errorText(error) })
      .where(ofSet(set));
    return 'failed';
  }
  await db.transaction(async (tx) => {
    await tx.delete(billPlans).where(and(eq(billPlans.kind, set.kind), eq(billPlans.service, set.service)));
    if (plans.length > 0) {
      await tx.insert(billPlans).values(
        plans.map((plan, position) => ({
          kind: set.kind,
          service: set.service,
          variationCode: plan.variation_code,
          name: plan.name,
          amount: plan.amount,
          position,
        })),
      );
    }
    // Half an interval: the next scheduled refresh (one interval on) always finds the set claimable.
    const fetchedAt = deps.clock.now();
    await tx
      .update(billPlanSets)
      .set({
        fetchedAt,
        lastError: null,
        nextAttemptAt: new Date(fetchedAt.getTime() + Math.floor(deps.settings.planRefreshIntervalMs / 2)),
      })
      .where(ofSet(set));
  });
  return 'refreshed';
}

/** Every plan list, one after the other (the recurring job). */
export async function refreshAllPlans(db: Db, deps: CatalogueDeps): Promise<Record<string, RefreshOutcome>> {
  const outcomes: Record<string, RefreshOutcome> = {};
  for (const set of ALL_PLAN_SETS) outcomes[`${set.kind}:${set.service}`] = await refreshPlanSet(db, deps, set);
  return outcomes;
}

/**
 * The plans a screen shows. A list that has never been fetched is fetched now, once, waiting at
 * most planFirstFetchWaitMs (the fetch goes on in the background and fills the cache when done);
 * if there is still nothing, the screen hears "Couldn't fetch data plans" and may ask again.
 */
export async function listPlans(db: Db, deps: CatalogueDeps, set: PlanSet): Promise<BillPlan[]> {
  const plans = await readPlans(db, set);
  if (plans.length > 0) return plans;
  const [state] = await db.select({ fetchedAt: billPlanSets.fetchedAt }).from(billPlanSets).where(ofSet(set));
  if (state?.fetchedAt) return plans;

  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<'waited'>((resolve) => {
    timer = setTimeout(() => resolve('waited'), deps.settings.planFirstFetchWaitMs);
  });
  // refreshPlanSet records provider failures itself; anything else (the database) is worth a throw below.
  const fetching = refreshPlanSet(db, deps, set);
  fetching.catch(() => undefined);
  try {
    await Promise.race([fetching, waited]);
  } finally {
    clearTimeout(timer);
  }
  const after = await readPlans(db, set);
  if (after.length > 0) return after;
  const [again] = await db.select({ fetchedAt: billPlanSets.fetchedAt }).from(billPlanSets).where(ofSet(set));
  if (again?.fetchedAt) return after;
  throw plansUnavailable(set.kind);
}
