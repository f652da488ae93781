import type { PayoutDeps } from '#server/domain/payouts/settings';
import type { StaffPrincipal } from '#server/domain/staff/principal';
import type { ManualClock } from '#server/lib/clock';
import { createPayoutProvider, type PayoutProvider } from '#server/providers/payouts/index';
import { createTestApp, type TestApp } from './app';
import { startFakePaystack, type FakePaystack } from './fake-paystack';
import { insertStaff, payoutTestDeps, payoutWorker } from './payouts';

/** An app paying through the real Paystack client against the local fake, with a reviewer and an admin. */
export interface PaystackBed {
  fake: FakePaystack;
  t: TestApp;
  provider: PayoutProvider;
  deps: PayoutDeps;
  worker: ReturnType<typeof payoutWorker>;
  reviewer: StaffPrincipal;
  admin: StaffPrincipal;
}

export async function startPaystackBed(clock: ManualClock): Promise<PaystackBed> {
  const fake = await startFakePaystack();
  const env = { PAYOUT_SECRET_KEY: fake.secretKey, PAYOUT_BASE_URL: fake.url, PAYOUT_TIMEOUT_MS: '2000' };
  let provider: PayoutProvider | undefined;
  const t = await createTestApp({
    clock,
    env,
    payouts: (database) =>
      (provider = createPayoutProvider(
        { PAYOUT_SECRET_KEY: fake.secretKey, PAYOUT_BASE_URL: fake.url, PAYOUT_TIMEOUT_MS: 2000, PAYOUT_SANDBOX_DELAY_MS: 0 },
        database.db,
        clock,
      )),
  });
  if (!provider) throw new Error('the test app did not build its payout provider');
  const deps = payoutTestDeps(provider, clock, env);
  return {
    fake,
    t,
    provider,
    deps,
    worker: payoutWorker(t, deps),
    reviewer: await insertStaff(t.database, 'reviewer'),
    admin: await insertStaff(t.database, 'admin'),
  };
}
