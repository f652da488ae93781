import { describe, expect, it } from 'vitest';
import { formatReport, runSuite } from './support/soak/suites';

/**
 * Crash (docs/RELIABILITY.md; the short CI version of `npm run soak:crash`): 12 virtual customers for 20 s
 * against a real server process on PostgreSQL, which is killed with SIGKILL a third of the way in and
 * restarted on the same database while they carry on. Then: every sale a customer saw accepted
 * is there, the ledger is clean, no bill order is left processing and no payout unsent, and no
 * purchase or transfer was made twice at the (local fake) providers.
 */
describe('soak with a kill -9 in the middle', () => {
  it('loses nothing and does nothing twice', { timeout: 240_000 }, async () => {
    const report = await runSuite({
      suite: 'crash',
      customers: 12,
      durationMs: 20_000,
      portBase: 4850,
      settleTimeoutMs: 60_000,
      log: () => undefined,
    });
    const text = formatReport(report);
    // The crash happened while customers were using the app.
    expect(
      report.run.events.map((e) => e.label),
      text,
    ).toContain('kill -9 the server, restart it on the same database');
    expect(report.run.recorder.networkErrors, text).toBeGreaterThan(0);
    expect(report.run.seen.acceptedSales.size, text).toBeGreaterThan(0);
    expect(report.checks.ledgerOk, text).toBe(true);
    expect(report.checks.missingSales, text).toEqual([]);
    expect(report.checks.doubledPurchases, text).toEqual([]);
    expect(report.checks.doubledTransfers, text).toEqual([]);
    expect(report.failures, text).toEqual([]);
  });
});
