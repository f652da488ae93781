import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { openTestDatabase } from './support/db';
import { commitSql, insertUsers, refusalOf } from './support/gem-users';

/**
 * Migration 0030 on both engines: a closed account stays closed, and whatever SQL runs, it gets no
 * new session, sale, bill order, device or gem account; export rows keep their shape.
 */

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function closedCustomer(): Promise<string> {
  const [userId] = await insertUsers(database, 1);
  await commitSql(database, `UPDATE users SET closed_at = now() WHERE id = '${userId!}';`);
  return userId!;
}

describe('a closed account (0030)', () => {
  it('gets no new session, device, gem account or bill order', async () => {
    const userId = await closedCustomer();
    expect(await refusalOf(database, `INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ('h', '${userId}', now() + interval '1 day');`)).toMatch(/is closed/);
    expect(
      await refusalOf(database, `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ('${userId}', 'https://fcm.googleapis.com/x', 'B${'a'.repeat(86)}', '${'a'.repeat(22)}', now());`),
    ).toMatch(/is closed/);
    expect(await refusalOf(database, `INSERT INTO gem_accounts (kind, user_id, balance) VALUES ('available', '${userId}', 0);`)).toMatch(/is closed/);
    expect(
      await refusalOf(
        database,
        `INSERT INTO bill_orders (user_id, kind, status, service, amount, phone, request_id, idempotency_key, request_hash, created_at)
         VALUES ('${userId}', 'airtime', 'awaiting_pin', 'mtn', 500, '08031234567', 'rclosed0123456789', 'k', '${'a'.repeat(64)}', now());`,
      ),
    ).toMatch(/is closed/);
  });

  it('stays closed', async () => {
    const userId = await closedCustomer();
    expect(await refusalOf(database, `UPDATE users SET closed_at = NULL WHERE id = '${userId}';`)).toMatch(/stays closed/);
    expect(await refusalOf(database, `UPDATE users SET closed_at = now() + interval '1 day' WHERE id = '${userId}';`)).toMatch(/stays closed/);
  });

  it('an open account is untouched by the guards', async () => {
    const [userId] = await insertUsers(database, 1);
    await commitSql(database, `INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ('open-${userId!}', '${userId!}', now() + interval '1 day');`);
  });
});

describe('data exports (0030)', () => {
  it('one in progress per customer, and a ready one has its token hash and payload', async () => {
    const [userId] = await insertUsers(database, 1);
    await commitSql(database, `INSERT INTO data_exports (user_id, requested_at) VALUES ('${userId!}', now());`);
    expect(await refusalOf(database, `INSERT INTO data_exports (user_id, requested_at) VALUES ('${userId!}', now());`)).toMatch(/data_exports_one_building|duplicate/);
    expect(await refusalOf(database, `UPDATE data_exports SET status = 'ready' WHERE user_id = '${userId!}';`)).toMatch(/data_exports_shape|check/);
  });
});
