import { requeryBillOrder } from '../../apps/server/src/domain/bills/requery';
import { billSettings, type BillDeps } from '../../apps/server/src/domain/bills/settings';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createAirtimeProvider } from '../../apps/server/src/providers/airtime/index';
import { createBillsProvider, type StatusResult } from '../../apps/server/src/providers/bills/index';
import { e2eDatabase } from './database';

const limits = { AIRTIME_TIMEOUT_MS: 30_000, BILLS_TIMEOUT_MS: 30_000, BILLS_PLAN_REFRESH_INTERVAL_S: 3600 };

/**
 * What the status-query job does for a timed-out order, done now instead of ~45 s after the
 * time-out (the job's first run waits past the provider call's time limit): ask the provider about
 * the request id, then settle the order, with its notification and push. The provider answers
 * `answer`, as the sandbox does for the number (ending 8888: failed; ending 9999: successful).
 */
export async function runStatusQuery(orderId: string, answer: StatusResult): Promise<string> {
  const sandboxAirtime = createAirtimeProvider({
    AIRTIME_PUBLIC_KEY: undefined,
    AIRTIME_BASE_URL: undefined,
    AIRTIME_TIMEOUT_MS: limits.AIRTIME_TIMEOUT_MS,
  });
  const sandboxBills = createBillsProvider({
    BILLS_PUBLIC_KEY: undefined,
    BILLS_BASE_URL: undefined,
    BILLS_TIMEOUT_MS: limits.BILLS_TIMEOUT_MS,
  });
  const deps: BillDeps = {
    clock: systemClock,
    airtime: { name: 'sandbox', buyAirtime: (purchase) => sandboxAirtime.buyAirtime(purchase), queryStatus: async () => answer },
    bills: {
      name: 'sandbox',
      dataPlans: (network) => sandboxBills.dataPlans(network),
      tvPlans: (service) => sandboxBills.tvPlans(service),
      buyData: (purchase) => sandboxBills.buyData(purchase),
      buyTv: (purchase) => sandboxBills.buyTv(purchase),
      buyElectricity: (purchase) => sandboxBills.buyElectricity(purchase),
      verifyCustomer: (check) => sandboxBills.verifyCustomer(check),
      balance: () => sandboxBills.balance(),
      queryStatus: async () => answer,
    },
    settings: billSettings(limits),
  };
  return requeryBillOrder(e2eDatabase().db, deps, orderId);
}
