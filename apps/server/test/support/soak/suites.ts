import { checkFailures, checkSoak, waitForSettled, type SoakChecks } from './checks';
import { SOAK_BANK_ACCOUNT, startSoakEnvironment, type SoakEnvironment } from './environment';
import type { FaultMode } from './fault-proxy';
import { openSoakDatabase } from './seed';
import { removeCompiledServer, startSoakServer, type SoakServer } from './server';
import { runSoak, type SoakEvent, type SoakRun } from './soak';

/**
 * The three reliability suites (docs/RELIABILITY.md) around `runSoak`, each on its own server process and database:
 * - `soak`: the plain run — zero 5xx, RSS growth under 10 %;
 * - `crash`: `kill -9` a third of the way in, a restart on the same database, the run goes on
 *   (at least another third of the run after the server is back);
 * - `faults`: every provider slow, then failing, then answering garbage, then recovered.
 * Afterwards the money in flight is left to settle (bounded) and checked.
 */

export type SuiteName = 'soak' | 'crash' | 'faults';

export interface SuiteOptions {
  suite: SuiteName;
  customers: number;
  durationMs: number;
  portBase: number;
  settleTimeoutMs: number;
  thinkMs?: [number, number];
  /** Passed to runSoak: runs before the timed part (the CLI takes the exclusive CPU lock there). */
  beforeTimedRun?: () => Promise<void>;
  log?: (line: string) => void;
}

export interface SuiteReport {
  suite: SuiteName;
  run: SoakRun;
  settle: Awaited<ReturnType<typeof waitForSettled>>;
  checks: SoakChecks;
  /** Everything that broke a rule; empty = the suite passed. */
  failures: string[];
  /** 4xx/503 answers the customer got, by step and code (the fault suite's "clear messages"). */
  refusals: Record<string, number>;
  faultCounts?: Record<string, Record<FaultMode, number>>;
  emails: { delivered: number; refused: number };
  /** Distinct messages of the errors the server logged (pino level ≥ error), with counts. */
  serverLogErrors: Record<string, number>;
}

/** The server's logged errors, by message: what a 5xx was, from the side that knows. */
export function loggedErrors(output: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < 50) continue;
      const key = `${entry.msg ?? ''}: ${entry.err?.message ?? ''}`.slice(0, 200);
      counts[key] = (counts[key] ?? 0) + 1;
    } catch {
      // not a log line
    }
  }
  return counts;
}

/** The fault schedule: three equal phases in the middle half of the run, then recovery. */
function faultEvents(env: SoakEnvironment, durationMs: number): SoakEvent[] {
  const phase = durationMs / 6;
  const modes: FaultMode[] = ['slow', 'fail', 'garbage'];
  return [
    ...modes.map((mode, i) => ({ atMs: phase * (1 + i), label: `every provider: ${mode}`, run: async () => env.setMode(mode) })),
    { atMs: phase * 4, label: 'every provider recovered', run: async () => env.setMode('pass') },
  ];
}

export async function runSuite(options: SuiteOptions): Promise<SuiteReport> {
  const log = options.log ?? (() => undefined);
  const env = await startSoakEnvironment({ portBase: options.portBase, name: `h8-soak-${options.suite}` });
  let server: SoakServer | undefined;
  try {
    server = await startSoakServer(env.serverPort, env.serverEnv);
    const live = server;
    const events: SoakEvent[] =
      options.suite === 'crash'
        ? [
            {
              atMs: options.durationMs / 3,
              label: 'kill -9 the server, restart it on the same database',
              run: async () => {
                await live.kill9();
                await new Promise((resolve) => setTimeout(resolve, 1000));
                await live.restart();
              },
            },
          ]
        : options.suite === 'faults'
          ? faultEvents(env, options.durationMs)
          : [];
    const run = await runSoak({
      baseUrl: server.baseUrl,
      databaseUrl: env.databaseUrl,
      customers: options.customers,
      durationMs: options.durationMs,
      thinkMs: options.thinkMs,
      beforeTimedRun: options.beforeTimedRun,
      bankAccount: SOAK_BANK_ACCOUNT,
      serverPid: options.suite === 'soak' ? () => live.pid() : undefined,
      events,
      minTailMs: options.suite === 'crash' ? options.durationMs / 3 : 0,
      log,
    });
    env.setMode('pass');
    log(`settling (at most ${Math.round(options.settleTimeoutMs / 1000)} s)`);
    const database = openSoakDatabase(env.databaseUrl);
    try {
      const settle = await waitForSettled(database, options.settleTimeoutMs, { emails: options.suite === 'faults' });
      const checks = await checkSoak(database, {
        acceptedSales: run.seen.acceptedSales,
        fakes: { airtime: env.airtime, bills: env.bills, paystack: env.paystack, smtp: env.smtp },
      });
      const failures = checkFailures(checks);
      if (!settle.settled) failures.push(`not settled within ${options.settleTimeoutMs} ms: ${JSON.stringify(settle.left)}`);
      for (const error of run.recorder.serverErrors.slice(0, 10)) failures.push(`5xx: ${error.step} ${error.status} ${error.body}`);
      if (run.recorder.serverErrors.length > 10) failures.push(`5xx: … ${run.recorder.serverErrors.length - 10} more`);
      const refusals: Record<string, number> = {};
      for (const r of run.recorder.refusals) {
        const key = `${r.step} ${r.status} ${r.code ?? '-'}`;
        refusals[key] = (refusals[key] ?? 0) + 1;
        if (!r.hasMessage && r.status !== 401) failures.push(`refusal without an error message: ${key}`);
      }
      const unavailable = run.recorder.refusals.filter((r) => r.status === 503).length;
      if (options.suite !== 'faults' && unavailable > 0) failures.push(`${unavailable} answers 503 without any provider fault`);
      if (options.suite !== 'crash' && run.recorder.networkErrors > 0)
        failures.push(`${run.recorder.networkErrors} requests never answered`);
      if (options.suite === 'soak') {
        if (run.rss.growth === undefined) failures.push('RSS not measured');
        else if (run.rss.growth >= 0.1) failures.push(`RSS grew ${(run.rss.growth * 100).toFixed(1)} % (limit 10 %)`);
      }
      if (run.seen.acceptedSales.size === 0) failures.push('no sale was accepted: the soak did not exercise selling');
      if (run.decisions.approved.size === 0) failures.push('no sale was approved: the soak did not exercise payouts');
      return {
        suite: options.suite,
        run,
        settle,
        checks,
        failures: [...new Set(failures)],
        refusals,
        faultCounts:
          options.suite === 'faults'
            ? Object.fromEntries(Object.entries(env.proxies).map(([name, proxy]) => [name, proxy.counts]))
            : undefined,
        emails: { delivered: env.smtp.delivered.length, refused: env.smtp.refused },
        serverLogErrors: loggedErrors(server.output()),
      };
    } finally {
      await database.close();
    }
  } catch (error) {
    if (server) log(`server output (tail):\n${server.output().slice(-3000)}`);
    throw error;
  } finally {
    await server?.stop();
    await removeCompiledServer();
    await env.close();
  }
}

/** The report as text: figures per step, then the checks. */
export function formatReport(report: SuiteReport): string {
  const { run, checks } = report;
  const lines = [
    `suite ${report.suite}: ${run.customers.length} customers, ${run.seconds.toFixed(0)} s, ${run.requests} requests, ${run.throughput.toFixed(1)} requests/s`,
    '',
    run.table,
    '',
    `5xx: ${run.recorder.serverErrors.length}; unanswered (server down): ${run.recorder.networkErrors}`,
    `sales accepted (201): ${run.seen.acceptedSales.size}; approved ${run.decisions.approved.size}, rejected ${run.decisions.rejected.size}; bill orders authorised: ${run.seen.authorisedOrders.size}`,
    `settled in ${(report.settle.ms / 1000).toFixed(1)} s: ${report.settle.settled ? 'yes' : `NO ${JSON.stringify(report.settle.left)}`}`,
    `orders ${JSON.stringify(checks.ordersByStatus)}; sales ${JSON.stringify(checks.salesByStatus)}; payouts ${JSON.stringify(checks.payoutsByStatus)}`,
    `ledger audit: ${checks.ledgerOk ? 'clean' : 'FAILED'}; e-mails delivered ${report.emails.delivered}, refused by SMTP ${report.emails.refused}, still queued ${checks.emailsQueuedOrRunning}`,
  ];
  if (run.rss.warmKb)
    lines.push(
      `server RSS: ${(run.rss.warmKb / 1024).toFixed(1)} MB after warm-up → ${((run.rss.endKb ?? 0) / 1024).toFixed(1)} MB at the end (${((run.rss.growth ?? 0) * 100).toFixed(1)} %)`,
    );
  for (const e of run.events) lines.push(`event at ${(e.atMs / 1000).toFixed(0)} s (${e.tookMs} ms): ${e.label}`);
  if (report.faultCounts) lines.push(`requests through the fault proxies: ${JSON.stringify(report.faultCounts)}`);
  const refusals = Object.entries(report.refusals).sort((a, b) => b[1] - a[1]);
  if (refusals.length) lines.push(`refusals the customers saw: ${refusals.map(([k, n]) => `${k} ×${n}`).join('; ')}`);
  const logged = Object.entries(report.serverLogErrors);
  if (logged.length) lines.push(`errors the server logged: ${logged.map(([k, n]) => `${k} ×${n}`).join('; ')}`);
  lines.push(report.failures.length === 0 ? 'PASS' : `FAIL:\n  ${report.failures.join('\n  ')}`);
  return lines.join('\n');
}
