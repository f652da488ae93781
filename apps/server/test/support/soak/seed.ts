import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { wrapPool, type Database } from '#server/db/client';
import { accrueReward, claimRewards } from '#server/domain/rewards/rewards';
import { createStaffMember } from '#server/domain/staff/management';
import { hashSecret } from '#server/lib/passwords';
import { systemClock } from '#server/lib/clock';

/**
 * The soak's cast, written through the database because no HTTP route may make them: customers
 * (verified accounts — sign-up needs an e-mailed code, which a soak behind a round-robin proxy
 * cannot read back from one instance's dev outbox), their starting gems (a reward accrued and
 * claimed through the ledger's own functions, as a paid sale's reward would be — never a route
 * that mints gems), and the reviewer (as `npm run admin:create` makes staff).
 */

export const SOAK_PASSWORD = 'soak horse battery 7';

export interface SoakCustomer {
  index: number;
  id: string;
  email: string;
  password: string;
}

export function openSoakDatabase(databaseUrl: string): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // A crash test kills the server, not this pool; an idle client dropped by PostgreSQL is no failure.
  pool.on('error', () => undefined);
  return wrapPool(pool);
}

export async function seedCustomers(database: Database, count: number, gems: number): Promise<SoakCustomer[]> {
  const passwordHash = await hashSecret(SOAK_PASSWORD);
  const run = randomBytes(3).toString('hex');
  const customers: SoakCustomer[] = [];
  for (let index = 0; index < count; index += 1) {
    const tag = `${run}${String(index).padStart(4, '0')}`;
    const email = `soak${tag}@wisetest.com`;
    const [row] = await database.query<{ id: string }>(
      `INSERT INTO users (full_name, username, email, phone, password_hash, email_verified_at)
       VALUES ($1, $2, $3, $4, $5, now()) RETURNING id`,
      [
        `Soak Customer ${index}`,
        `soak${tag}`,
        email,
        `+23481${String(Number.parseInt(run, 16) % 1000).padStart(3, '0')}${String(index).padStart(5, '0')}`,
        passwordHash,
      ],
    );
    if (!row) throw new Error('customer insert returned nothing');
    if (gems > 0) await giveGems(database, row.id, gems);
    customers.push({ index, id: row.id, email, password: SOAK_PASSWORD });
  }
  return customers;
}

/** Gems the legitimate way a back office grants them: a reward accrued, then claimed into the balance. */
export async function giveGems(database: Database, userId: string, gems: number): Promise<void> {
  await accrueReward(database.db, systemClock, {
    userId,
    source: `soak-seed:${randomUUID()}`,
    amount: gems,
    description: 'Soak starting gems',
  });
  await claimRewards(database.db, systemClock, userId);
}

export interface SoakStaff {
  email: string;
  password: string;
}

export async function seedReviewer(database: Database): Promise<SoakStaff> {
  const email = `soak.reviewer.${randomBytes(4).toString('hex')}@wise.test`;
  const password = `soak reviewer ${randomBytes(6).toString('hex')}`;
  await createStaffMember(
    database.db,
    systemClock,
    { id: null, email: 'cli' },
    { email, name: 'Soak Reviewer', role: 'reviewer', password },
  );
  return { email, password };
}
