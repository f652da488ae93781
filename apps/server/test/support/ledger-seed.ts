import { randomUUID } from 'node:crypto';
import type { Database } from '#server/db/client';
import { collectDailyGems } from '#server/domain/gems/collection';
import { captureGemHold, placeGemHold } from '#server/domain/gems/holds';
import { accrueReward, claimRewards } from '#server/domain/rewards/rewards';
import { ManualClock } from '#server/lib/clock';
import { commitSql, insertUsers } from './gem-users';

/** The ledger the audit's tests start from (domain/gems/audit.ts and `npm run ledger:audit`). */

const clock = new ManualClock('2026-09-07T09:00:00Z'); // Monday in Lagos
const calendar = { clock, timeZone: 'Africa/Lagos' };

/** Two customers with collections, a claimed reward and a captured hold: 6 entries, 3 accounts. */
export async function seedLedger(database: Database): Promise<{ alice: string; bob: string }> {
  const [alice, bob] = await insertUsers(database, 2);
  await collectDailyGems(database.db, calendar, alice!);
  await collectDailyGems(database.db, calendar, bob!);
  await accrueReward(database.db, clock, { userId: alice!, source: `sale:${randomUUID()}`, amount: 40, description: 'Sale' });
  await claimRewards(database.db, clock, alice!);
  const hold = await placeGemHold(database.db, clock, { userId: alice!, amount: 15, reference: `bill:${randomUUID()}` });
  await captureGemHold(database.db, clock, hold.id);
  return { alice: alice!, bob: bob! };
}

/** Writes behind the guards' back, the way a careless operator with owner rights could. */
export const bypassingGuards = (database: Database, statements: string) =>
  commitSql(database, `SET LOCAL session_replication_role = replica;\n${statements}`);
