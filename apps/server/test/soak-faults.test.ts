import { describe, expect, it } from 'vitest';
import { formatReport, runSuite } from './support/soak/suites';

/**
 * Provider faults (docs/RELIABILITY.md; the short CI version of `npm run soak:faults`): 12 virtual customers
 * for 20 s while every provider (market data, airtime, bills, payouts, bank lookup, SMTP) is
 * slow, then failing, then answering garbage, then recovered. Customers get answers with an
 * error body (never a 500), no gems are taken for a purchase the provider did not make, and
 * everything settles once the providers are back.
 */
describe('soak with every provider slow, failing and answering garbage', () => {
  it('refuses clearly, takes no money without the service, and settles after recovery', { timeout: 240_000 }, async () => {
    const report = await runSuite({
      suite: 'faults',
      customers: 12,
      durationMs: 20_000,
      portBase: 4860,
      settleTimeoutMs: 60_000,
      log: () => undefined,
    });
    const text = formatReport(report);
    const faulted = (name: string) => {
      const counts = report.faultCounts?.[name];
      return counts ? counts.slow + counts.fail + counts.garbage : 0;
    };
    // The faults were met, not merely switched on.
    expect(faulted('airtime') + faulted('bills'), text).toBeGreaterThan(0);
    expect(faulted('market') + faulted('payouts') + faulted('bankLookup'), text).toBeGreaterThan(0);
    expect(report.run.recorder.serverErrors, text).toEqual([]);
    expect(report.checks.chargedWithoutService, text).toEqual([]);
    expect(report.checks.orderProblems, text).toEqual([]);
    expect(report.settle.settled, text).toBe(true);
    expect(report.failures, text).toEqual([]);
  });
});
