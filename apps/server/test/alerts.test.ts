import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDashboard } from '../src/domain/admin/dashboard';
import { checkAlerts, observeAlert, type AlertSettings } from '../src/domain/operations/alerts';
import { enqueue } from '../src/jobs/queue';
import { ManualClock } from '../src/lib/clock';
import { SandboxPayouts } from '../src/providers/payouts/index';
import { createTestApp, type TestApp } from './support/app';
import { approveSale, insertStaff, payoutTestDeps, payoutWorker } from './support/payouts';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createCustomer } from './support/users';

/**
 * Alerts to admins (domain/operations/alerts.ts): each figure past its threshold opens one
 * incident and one e-mail per admin, however often it is read; back within it, the incident is
 * resolved with one more e-mail; the database keeps one open incident per kind and the record final.
 */

const clock = new ManualClock('2026-08-03T09:00:00Z');
const settings: AlertSettings = {
  payoutFailureRate: 0.2,
  payoutFailureMinSample: 5,
  payoutStuckMinutes: 30,
  jobAgeMinutes: 10,
  maxPriceAgeSeconds: 600,
  payoutFloatAlertKobo: 500_000_00,
  billsFloatAlertKobo: 50_000_00,
  providerUnreachableMinutes: 2,
};
let t: TestApp;
let worker: ReturnType<typeof payoutWorker>;
let admins: string[];

beforeAll(async () => {
  let sandbox: SandboxPayouts | undefined;
  t = await createTestApp({ clock, payouts: (database) => (sandbox = new SandboxPayouts(database.db, 1000, clock)) });
  worker = payoutWorker(t, payoutTestDeps(sandbox!, clock, { PAYOUT_SANDBOX_DELAY_MS: '1000' }));
  admins = [(await insertStaff(t.database, 'admin')).email, (await insertStaff(t.database, 'admin')).email];
  await insertStaff(t.database, 'reviewer');
});
afterAll(async () => {
  await t?.close();
});

const check = () => t.database.db.transaction((tx) => checkAlerts(tx, clock, settings));
/** The alert e-mails queued so far, as "subject → to". */
async function alertMails(): Promise<string[]> {
  const rows = await t.database.query<{ subject: string; to: string }>(
    "SELECT payload->>'subject' AS subject, payload->>'to' AS to FROM jobs WHERE name = 'notifications.send_email' AND payload->>'subject' LIKE '[Wise %' ORDER BY id",
  );
  return rows.map((row) => `${row.subject} → ${row.to}`);
}
const incidents = (kind: string) =>
  t.database.query<{ resolved: boolean }>('SELECT resolved_at IS NOT NULL AS resolved FROM alert_incidents WHERE kind = $1 ORDER BY id', [
    kind,
  ]);

/** Sends the queued transfers, then lets the sandbox's delay pass and reads their outcome. */
async function settlePayouts() {
  await worker.runDue();
  clock.advance(1500);
  await worker.runDue();
}

let seed = 700;
async function approvedSale(account: string) {
  const customer = await createCustomer(t);
  await addBankDetails(t, customer, account);
  seed += 1;
  const sale = await sellGiftCard(t, customer, { seed });
  const staff = await insertStaff(t.database);
  return approveSale(t.database, clock, sale.id, staff.id);
}

describe('alerts', () => {
  it('open once when the job queue backs up, tell every admin once, and resolve once it drains', async () => {
    const before = (await alertMails()).length;
    const id = await enqueue(t.database.db, 'alerts.probe', {}, { runAt: new Date(clock.now().getTime() - 20 * 60_000) });
    expect((await check()).job_backlog).toBe('opened');
    expect((await check()).job_backlog).toBe('unchanged');
    const opened = (await alertMails()).slice(before);
    expect(opened.sort()).toEqual(admins.map((email) => `[Wise alert] The job queue is backing up → ${email}`).sort());

    await t.database.query("UPDATE jobs SET status = 'done', finished_at = now() WHERE id = $1", [id]);
    expect((await check()).job_backlog).toBe('resolved');
    expect((await check()).job_backlog).toBe('unchanged');
    expect((await alertMails()).slice(before + admins.length)).toHaveLength(admins.length);
    expect((await alertMails()).at(-1)).toMatch(/^\[Wise resolved\] The job queue is backing up → /);
    expect(await incidents('job_backlog')).toEqual([{ resolved: true }]);
  });

  it('open on failing payouts only past the sample and the rate, and list them on the dashboard', async () => {
    for (let i = 0; i < 4; i += 1) await approvedSale('0123451111');
    await settlePayouts();
    // Four failures are not yet a sample.
    expect((await check()).payout_failure_rate).toBe('unchanged');
    await approvedSale('0123451111');
    await settlePayouts();
    expect((await check()).payout_failure_rate).toBe('opened');
    const dashboard = await getDashboard(t.database.db, clock, 'Africa/Lagos');
    expect(dashboard.alerts?.filter((alert) => alert.kind.startsWith('payout'))).toEqual([
      expect.objectContaining({ kind: 'payout_failure_rate', title: 'Payouts are failing', detail: expect.stringContaining('5 of 5') }),
    ]);

    // An hour later none of them is recent: the rate says nothing, and the incident is over.
    clock.advance(61 * 60_000);
    expect((await check()).payout_failure_rate).toBe('resolved');
    expect((await getDashboard(t.database.db, clock, 'Africa/Lagos')).alerts?.map((alert) => alert.kind)).not.toContain(
      'payout_failure_rate',
    );
  });

  it('open on a payout stuck at the provider past its minutes', async () => {
    await approvedSale('0123452222');
    await settlePayouts();
    expect((await check()).payouts_stuck).toBe('unchanged');
    clock.advance(31 * 60_000);
    expect((await check()).payouts_stuck).toBe('opened');
  });

  it('open on stale prices, and on a ledger audit that does not balance', async () => {
    await t.database.db.execute(
      sql`INSERT INTO market_data_cache (dataset, payload, fetched_at, next_attempt_at) VALUES ('markets', '[]', ${new Date(clock.now().getTime() - 3600_000)}, ${clock.now()})
          ON CONFLICT (dataset) DO UPDATE SET payload = EXCLUDED.payload, fetched_at = EXCLUDED.fetched_at`,
    );
    expect((await check()).stale_prices).toBe('opened');
    await t.database.db.execute(sql`UPDATE market_data_cache SET fetched_at = ${clock.now()} WHERE dataset = 'markets'`);
    expect((await check()).stale_prices).toBe('resolved');

    const audit = (firing: boolean) =>
      t.database.db.transaction((tx) =>
        observeAlert(tx, clock, 'ledger_audit', { firing, detail: firing ? '1 unbalanced entry' : 'balanced' }),
      );
    expect(await audit(true)).toBe('opened');
    expect(await audit(true)).toBe('unchanged');
    expect(await audit(false)).toBe('resolved');
  });

  it('are kept by the database: one open incident per kind, a resolved one final, none deleted', async () => {
    await t.database.query('UPDATE alert_incidents SET resolved_at = now() WHERE resolved_at IS NULL');
    await t.database.query("INSERT INTO alert_incidents (kind, opened_at, detail) VALUES ('job_backlog', now(), 'first')");
    await expect(
      t.database.query("INSERT INTO alert_incidents (kind, opened_at, detail) VALUES ('job_backlog', now(), 'second')"),
    ).rejects.toThrow();
    await t.database.query("UPDATE alert_incidents SET resolved_at = now() WHERE kind = 'job_backlog' AND resolved_at IS NULL");
    await expect(t.database.query("UPDATE alert_incidents SET resolved_at = NULL WHERE kind = 'job_backlog'")).rejects.toThrow(
      /only gets its resolution/,
    );
    await expect(t.database.query("UPDATE alert_incidents SET detail = 'edited' WHERE kind = 'job_backlog'")).rejects.toThrow(
      /only gets its resolution/,
    );
    await expect(t.database.query('DELETE FROM alert_incidents')).rejects.toThrow(/never deleted/);
    await expect(
      t.database.query("INSERT INTO alert_incidents (kind, opened_at, detail) VALUES ('made_up', now(), 'x')"),
    ).rejects.toThrow();
  });
});
