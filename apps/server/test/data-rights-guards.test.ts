import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { openTestDatabase } from './support/db';
import { commitSql, insertUsers, refusalOf } from './support/gem-users';

/**
 * Migrations 0030 and 0047 on both engines: a closed account stays closed, and whatever SQL runs,
 * nothing that belongs to it is written (bank details, PIN, profile, sign-in material, devices,
 * sales, orders, identity, gems it would earn), while what must still happen to its records does
 * (deletion, the ledger's forfeit and take-back, a reversal's note); export rows keep their shape.
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
    expect(
      await refusalOf(database, `INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ('h', '${userId}', now() + interval '1 day');`),
    ).toMatch(/is closed/);
    expect(
      await refusalOf(
        database,
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ('${userId}', 'https://fcm.googleapis.com/x', 'B${'a'.repeat(86)}', '${'a'.repeat(22)}', now());`,
      ),
    ).toMatch(/is closed/);
    expect(await refusalOf(database, `INSERT INTO gem_accounts (kind, user_id, balance) VALUES ('available', '${userId}', 0);`)).toMatch(
      /is closed/,
    );
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
    expect(await refusalOf(database, `UPDATE users SET closed_at = now() + interval '1 day' WHERE id = '${userId}';`)).toMatch(
      /stays closed/,
    );
  });

  it('an open account is untouched by the guards', async () => {
    const [userId] = await insertUsers(database, 1);
    await commitSql(
      database,
      `INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ('open-${userId!}', '${userId!}', now() + interval '1 day');`,
    );
  });
});

const CLOSED = /account [0-9a-f-]+ is closed|account_closed/;

/** An open customer with saved bank details, a PIN, a session, a device and a passkey, then closed by hand. */
async function closedWithRows(): Promise<string> {
  const [userId] = await insertUsers(database, 1);
  const id = userId!;
  await commitSql(
    database,
    `INSERT INTO bank_details (user_id, bank_code, account_number, account_name, name_match) VALUES ('${id}', '058', '0123456789', 'LEDGER TEST', 'match');
     INSERT INTO transaction_pins (user_id, pin_hash) VALUES ('${id}', 'x');
     INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ('s-${id}', '${id}', now() + interval '1 day');
     UPDATE users SET closed_at = now() WHERE id = '${id}';`,
  );
  return id;
}

describe('a closed account (0047): nothing that belongs to it is written', () => {
  it('refuses new bank details, PIN, passkey, codes, re-authentication, export and lockout', async () => {
    const userId = await closedCustomer();
    const inserts = [
      `INSERT INTO bank_details (user_id, bank_code, account_number, account_name, name_match) VALUES ('${userId}', '058', '0123456789', 'X', 'match');`,
      `INSERT INTO transaction_pins (user_id, pin_hash) VALUES ('${userId}', 'x');`,
      `INSERT INTO passkeys (user_id, credential_id, public_key, device_name) VALUES ('${userId}', 'cred-${userId}', 'pk', 'Phone');`,
      `INSERT INTO otp_codes (user_id, purpose, code_hash, target, expires_at) VALUES ('${userId}', 'email_change', 'h', 'a@b.co', now() + interval '10 minutes');`,
      `INSERT INTO reauthentications (session_hash, user_id, expires_at) VALUES ('r-${userId}', '${userId}', now() + interval '10 minutes');`,
      `INSERT INTO data_exports (user_id, requested_at) VALUES ('${userId}', now());`,
      `INSERT INTO login_lockouts (user_id) VALUES ('${userId}');`,
    ];
    for (const statement of inserts) expect(await refusalOf(database, statement), statement).toMatch(CLOSED);
  });

  it('freezes what it had: bank details, PIN, session, the profile fields', async () => {
    const userId = await closedWithRows();
    const updates = [
      `UPDATE bank_details SET account_number = '9999999999' WHERE user_id = '${userId}';`,
      `UPDATE transaction_pins SET pin_hash = 'y' WHERE user_id = '${userId}';`,
      `UPDATE sessions SET expires_at = now() + interval '30 days' WHERE user_id = '${userId}';`,
      `UPDATE users SET full_name = 'Someone Else' WHERE id = '${userId}';`,
      `UPDATE users SET address = '1 Marina, Lagos' WHERE id = '${userId}';`,
      `UPDATE users SET date_of_birth = '1990-01-01' WHERE id = '${userId}';`,
      `UPDATE users SET language = 'pcm' WHERE id = '${userId}';`,
      `UPDATE users SET locked_at = now(), locked_reason = 'x' WHERE id = '${userId}';`,
    ];
    for (const statement of updates) expect(await refusalOf(database, statement), statement).toMatch(CLOSED);
    // closed_at keeps 0030's own words.
    expect(await refusalOf(database, `UPDATE users SET closed_at = NULL WHERE id = '${userId}';`)).toMatch(/stays closed/);
  });

  it("refuses moving another account's device onto it", async () => {
    const closed = await closedCustomer();
    const [open] = await insertUsers(database, 1);
    await commitSql(
      database,
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ('${open!}', 'https://fcm.googleapis.com/move-${open!}', 'B${'a'.repeat(86)}', '${'a'.repeat(22)}', now());`,
    );
    expect(await refusalOf(database, `UPDATE push_subscriptions SET user_id = '${closed}' WHERE user_id = '${open!}';`)).toMatch(CLOSED);
  });

  it('lets the erasure delete, and keeps no notice', async () => {
    const userId = await closedWithRows();
    await commitSql(
      database,
      `DELETE FROM bank_details WHERE user_id = '${userId}'; DELETE FROM transaction_pins WHERE user_id = '${userId}'; DELETE FROM sessions WHERE user_id = '${userId}';`,
    );
    await commitSql(database, `INSERT INTO notifications (user_id, message) VALUES ('${userId}', 'Your payout was reversed');`);
    const [row] = await database.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM bank_details WHERE user_id = $1) + (SELECT count(*) FROM notifications WHERE user_id = $1) AS n`,
      [userId],
    );
    expect(Number(row?.n)).toBe(0);
  });

  it('earns and spends no gems; the ledger may still forfeit and take back', async () => {
    const userId = await closedCustomer();
    for (const reason of ['daily_collection', 'reward_accrual', 'reward_claim', 'hold', 'referral']) {
      expect(
        await refusalOf(
          database,
          `INSERT INTO gem_entries (idempotency_key, reason, user_id) VALUES ('k-${reason}-${userId}', '${reason}', '${userId}');`,
        ),
        reason,
      ).toMatch(CLOSED);
    }
    for (const reason of ['account_closure', 'reward_clawback']) {
      // Refused for having no lines at the commit, never for the account being closed.
      await database.withConnection(async (c) => {
        await c.exec(
          `BEGIN; INSERT INTO gem_entries (idempotency_key, reason, user_id) VALUES ('k-${reason}-${userId}', '${reason}', '${userId}');`,
        );
        await c.exec('ROLLBACK');
      });
    }
  });
});

describe('a reward forfeited at the closing (0047)', () => {
  /** A customer with one open 10-gem reward and the closing entry that forfeited its balance; stamped and closed unless told. */
  async function forfeited(stamp = true): Promise<{ userId: string; rewardId: string; closingEntryId: string; accrualEntryId: string }> {
    const [userId] = await insertUsers(database, 1);
    const id = userId!;
    const rows = await database.query<{ reward_id: string; closing_id: string; accrual_id: string }>(
      `WITH program AS (SELECT id FROM gem_accounts WHERE kind = 'system' AND code = 'rewards_program'),
            closures AS (SELECT id FROM gem_accounts WHERE kind = 'system' AND code = 'account_closures'),
            account AS (INSERT INTO gem_accounts (kind, user_id, balance) VALUES ('rewards', $1, 0) RETURNING id),
            accrual AS (INSERT INTO gem_entries (idempotency_key, reason, user_id) VALUES ('reward:g-' || $1, 'reward_accrual', $1) RETURNING id),
            accrual_lines AS (INSERT INTO gem_entry_lines (entry_id, account_id, amount)
              SELECT accrual.id, program.id, -10 FROM accrual, program UNION ALL SELECT accrual.id, account.id, 10 FROM accrual, account RETURNING 1),
            reward AS (INSERT INTO gem_rewards (user_id, source, amount, description, accrual_entry_id, created_at)
              SELECT $1, 'guard:' || $1, 10, 'Guard reward', accrual.id, now() FROM accrual RETURNING id),
            closing AS (INSERT INTO gem_entries (idempotency_key, reason, user_id, memo) VALUES ('closure:' || $1 || ':rewards', 'account_closure', $1, 'Account closed: unclaimed rewards forfeited') RETURNING id),
            closing_lines AS (INSERT INTO gem_entry_lines (entry_id, account_id, amount)
              SELECT closing.id, account.id, -10 FROM closing, account UNION ALL SELECT closing.id, closures.id, 10 FROM closing, closures RETURNING 1)
       SELECT reward.id AS reward_id, closing.id AS closing_id, accrual.id AS accrual_id
       FROM reward, closing, accrual, (SELECT count(*) FROM accrual_lines) a, (SELECT count(*) FROM closing_lines) c`,
      [id],
    );
    const row = rows[0]!;
    if (stamp)
      await commitSql(
        database,
        `UPDATE gem_rewards SET forfeit_entry_id = '${row.closing_id}' WHERE id = '${row.reward_id}'; UPDATE users SET closed_at = now() WHERE id = '${id}';`,
      );
    return { userId: id, rewardId: row.reward_id, closingEntryId: row.closing_id, accrualEntryId: row.accrual_id };
  }

  it('ends the reward once: no claim, take-back or second forfeit after it', async () => {
    const { rewardId, accrualEntryId } = await forfeited();
    expect(await refusalOf(database, `UPDATE gem_rewards SET forfeit_entry_id = NULL WHERE id = '${rewardId}';`)).toMatch(
      /claimed once, taken back once or forfeited once/,
    );
    expect(
      await refusalOf(
        database,
        `UPDATE gem_rewards SET clawback_entry_id = '${accrualEntryId}', clawback_reason = 'x' WHERE id = '${rewardId}';`,
      ),
    ).toMatch(/gem_rewards_one_end|forfeited once/);
  });

  it("is forfeited only by its own customer's closing entry", async () => {
    const mine = await forfeited(false);
    const theirs = await forfeited(false);
    expect(
      await refusalOf(database, `UPDATE gem_rewards SET forfeit_entry_id = '${mine.accrualEntryId}' WHERE id = '${mine.rewardId}';`),
    ).toMatch(/gem_rewards_forfeit_entry|closing entry/);
    expect(
      await refusalOf(database, `UPDATE gem_rewards SET forfeit_entry_id = '${theirs.closingEntryId}' WHERE id = '${mine.rewardId}';`),
    ).toMatch(/gem_rewards_forfeit_entry|closing entry/);
    await commitSql(database, `UPDATE gem_rewards SET forfeit_entry_id = '${mine.closingEntryId}' WHERE id = '${mine.rewardId}';`);
  });
});

describe('data exports (0030)', () => {
  it('one in progress per customer, and a ready one has its token hash and payload', async () => {
    const [userId] = await insertUsers(database, 1);
    await commitSql(database, `INSERT INTO data_exports (user_id, requested_at) VALUES ('${userId!}', now());`);
    expect(await refusalOf(database, `INSERT INTO data_exports (user_id, requested_at) VALUES ('${userId!}', now());`)).toMatch(
      /data_exports_one_building|duplicate/,
    );
    expect(await refusalOf(database, `UPDATE data_exports SET status = 'ready' WHERE user_id = '${userId!}';`)).toMatch(
      /data_exports_shape|check/,
    );
  });
});
