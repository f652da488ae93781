import type { Database } from '#server/db/client';
import { auditLedger } from '#server/domain/gems/audit';
import type { FakeBillsServer } from '../fake-bills';
import type { FakePaystack } from '../fake-paystack';
import type { SmtpSink } from './smtp-sink';

/**
 * After the soak: wait (with a bound) for the money in flight to settle, then check what must
 * hold whatever happened during the run — the ledger, the sales customers were told about, bill
 * orders against what the provider did, and payouts against the transfers the provider made.
 */

export interface ProviderFakes {
  airtime?: FakeBillsServer;
  bills?: FakeBillsServer;
  paystack?: FakePaystack;
  smtp?: SmtpSink;
}

export interface InFlight {
  processingOrders: number;
  openPayouts: number;
  /** Approved sales whose last attempt is not a success (or that have none). */
  unpaidApproved: number;
  unsentEmails: number;
}

export async function inFlight(database: Database): Promise<InFlight> {
  const [row] = await database.query<InFlight>(`
    SELECT
      (SELECT count(*)::int FROM bill_orders WHERE status = 'processing') AS "processingOrders",
      (SELECT count(*)::int FROM payouts WHERE status IN ('queued', 'sending', 'pending')) AS "openPayouts",
      (SELECT count(*)::int FROM sales WHERE status = 'approved') AS "unpaidApproved",
      (SELECT count(*)::int FROM jobs WHERE name = 'notifications.send_email' AND status IN ('queued', 'running')) AS "unsentEmails"`);
  return row!;
}

/** Polls until nothing is in flight or `timeoutMs` passes; returns what was still open. */
export async function waitForSettled(
  database: Database,
  timeoutMs: number,
  options: { emails?: boolean } = {},
): Promise<{ settled: boolean; ms: number; left: InFlight }> {
  const started = Date.now();
  for (;;) {
    const left = await inFlight(database);
    const done =
      left.processingOrders === 0 && left.openPayouts === 0 && left.unpaidApproved === 0 && (!options.emails || left.unsentEmails === 0);
    if (done || Date.now() - started > timeoutMs) return { settled: done, ms: Date.now() - started, left };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface SoakChecks {
  ledgerOk: boolean;
  ledger: unknown;
  /** Sales a customer saw a 201 for that the database does not have. */
  missingSales: string[];
  /** Orders still processing, failed orders whose gems were not released, successful ones not captured. */
  orderProblems: string[];
  /** Request ids the provider was asked to buy more than once. */
  doubledPurchases: string[];
  /** Orders we call successful that the provider has no successful record of (gems taken, no service). */
  chargedWithoutService: string[];
  /** Sales approved that are not paid exactly once. */
  payoutProblems: string[];
  /** Sales with more than one transfer made at the provider. */
  doubledTransfers: string[];
  ordersByStatus: Record<string, number>;
  salesByStatus: Record<string, number>;
  payoutsByStatus: Record<string, number>;
  emailsDelivered?: number;
  emailsQueuedOrRunning: number;
}

const countBy = (rows: { status: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.status, r.n]));

export async function checkSoak(
  database: Database,
  options: { acceptedSales: Iterable<string>; fakes?: ProviderFakes },
): Promise<SoakChecks> {
  const audit = await auditLedger(database.db);
  const accepted = [...options.acceptedSales];
  const present = new Set(
    accepted.length === 0
      ? []
      : (await database.query<{ id: string }>('SELECT id FROM sales WHERE id = ANY($1::uuid[])', [accepted])).map((r) => r.id),
  );
  const missingSales = accepted.filter((id) => !present.has(id));

  const orders = await database.query<{ id: string; kind: string; status: string; request_id: string; hold_status: string | null }>(`
    SELECT o.id, o.kind, o.status, o.request_id, h.status AS hold_status
    FROM bill_orders o LEFT JOIN gem_holds h ON h.id = o.hold_id`);
  const orderProblems: string[] = [];
  for (const o of orders) {
    if (o.status === 'processing') orderProblems.push(`${o.id} still processing`);
    if (o.status === 'failed' && o.hold_status !== 'released') orderProblems.push(`${o.id} failed but its hold is ${o.hold_status}`);
    if (o.status === 'successful' && o.hold_status !== 'captured')
      orderProblems.push(`${o.id} successful but its hold is ${o.hold_status}`);
  }

  const doubledPurchases: string[] = [];
  const chargedWithoutService: string[] = [];
  const { airtime, bills } = options.fakes ?? {};
  if (airtime && bills) {
    const asked = new Map<string, number>();
    for (const fake of [airtime, bills]) {
      for (const request of fake.purchases()) {
        const id = String(request.body?.request_id ?? '');
        asked.set(id, (asked.get(id) ?? 0) + 1);
      }
    }
    for (const [id, n] of asked) if (n > 1) doubledPurchases.push(`${id} ×${n}`);
    for (const o of orders) {
      if (o.status !== 'successful') continue;
      const fake = o.kind === 'airtime' ? airtime : bills;
      if (fake.records.get(o.request_id)?.status !== 'successful') chargedWithoutService.push(o.id);
    }
  }

  const sales = await database.query<{ id: string; status: string; successes: number; references: string[] | null }>(`
    SELECT s.id, s.status,
      (SELECT count(*)::int FROM payouts p WHERE p.sale_id = s.id AND p.status = 'success') AS successes,
      (SELECT array_agg(p.reference) FROM payouts p WHERE p.sale_id = s.id) AS "references"
    FROM sales s WHERE s.status IN ('approved', 'paid')`);
  const payoutProblems: string[] = [];
  const doubledTransfers: string[] = [];
  for (const s of sales) {
    if (s.status !== 'paid' || s.successes !== 1) payoutProblems.push(`${s.id}: ${s.status} with ${s.successes} successful payouts`);
    if (options.fakes?.paystack) {
      const made = (s.references ?? []).filter((reference) => {
        const transfer = options.fakes?.paystack?.transfers.get(reference);
        return transfer !== undefined && transfer.status !== 'failed' && transfer.status !== 'reversed';
      });
      if (made.length > 1 || (s.status === 'paid' && made.length !== 1)) doubledTransfers.push(`${s.id}: ${made.length} transfers`);
    }
  }

  const [emails] = await database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM jobs WHERE name = 'notifications.send_email' AND status IN ('queued', 'running')",
  );
  return {
    ledgerOk: audit.ok,
    ledger: audit,
    missingSales,
    orderProblems,
    doubledPurchases,
    chargedWithoutService,
    payoutProblems,
    doubledTransfers,
    ordersByStatus: countBy(await database.query('SELECT status, count(*)::int AS n FROM bill_orders GROUP BY status')),
    salesByStatus: countBy(await database.query('SELECT status, count(*)::int AS n FROM sales GROUP BY status')),
    payoutsByStatus: countBy(await database.query('SELECT status, count(*)::int AS n FROM payouts GROUP BY status')),
    emailsDelivered: options.fakes?.smtp?.delivered.length,
    emailsQueuedOrRunning: emails?.n ?? 0,
  };
}

/** The problems a check found, as lines (empty = all held). */
export function checkFailures(checks: SoakChecks): string[] {
  const lines: string[] = [];
  if (!checks.ledgerOk) lines.push(`ledger audit: ${JSON.stringify(checks.ledger)}`);
  for (const [name, list] of Object.entries({
    'accepted sale missing': checks.missingSales,
    'bill order': checks.orderProblems,
    'purchase sent twice': checks.doubledPurchases,
    'gems taken without the service': checks.chargedWithoutService,
    payout: checks.payoutProblems,
    'transfer made twice': checks.doubledTransfers,
  })) {
    for (const item of list.slice(0, 10)) lines.push(`${name}: ${item}`);
    if (list.length > 10) lines.push(`${name}: … ${list.length - 10} more`);
  }
  return lines;
}
