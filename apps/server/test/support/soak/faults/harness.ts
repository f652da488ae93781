import pg from 'pg';
import { startProxy } from '../../../../../../scripts/lb-proxy.mjs';
import { startPrivatePostgres } from '../../private-postgres';
import { checkFailures, checkSoak, waitForSettled, type SoakChecks } from '../checks';
import { SOAK_BANK_ACCOUNT, startSoakEnvironment } from '../environment';
import { openSoakDatabase } from '../seed';
import { removeCompiledServer, startSoakServer, type SoakServer } from '../server';
import { runSoak, type SoakEvent, type SoakRun } from '../soak';
import type { FaultScenario, Outage, ReadinessDependency, ScenarioContext } from './scenario';

/**
 * The fault soak (`npm run soak:faults`, docs/RELIABILITY.md, "Faults"): two server instances
 * behind the test balancer (scripts/lb-proxy.mjs) on a PostgreSQL cluster of the soak's own, with
 * every provider behind a fault proxy, under the soak's load, while the registered scenarios
 * (registry.ts) run one after another. Each instance's /readyz is read every READYZ_POLL_MS;
 * afterwards the money in flight settles and is checked, and one row per scenario says what the
 * customers and the processes went through.
 */

const READYZ_POLL_MS = 50;
/** A 503 this long after a fault ended still counts as inside it (a request that was in flight). */
const OUTAGE_GRACE_MS = 5000;
/** Before the first scenario: the load settles in. */
const LEAD_IN_MS = 15_000;

export interface FaultSoakOptions {
  scenarios: FaultScenario[];
  customers: number;
  portBase: number;
  settleTimeoutMs: number;
  thinkMs?: [number, number];
  beforeTimedRun?: () => Promise<void>;
  log?: (line: string) => void;
}

interface Window {
  scenario: string;
  label: string;
  readiness?: ReadinessDependency;
  startedAt: number;
  endedAt?: number;
}

interface ReadySample {
  at: number;
  instance: number;
  failing: string[];
}

export interface ScenarioRow {
  scenario: string;
  faults: number;
  exits: number;
  serverErrors: number;
  unavailableInside: number;
  unavailableOutside: number;
  /** Slowest instance's delay from a fault to /readyz red, and from its end to green, over the scenario's faults (ms); undefined when it never turned. */
  redAfterMs?: number;
  greenAfterMs?: number;
  /** Faults whose red or green was never seen. */
  readinessMissed: number;
}

export interface FaultSoakReport {
  rows: ScenarioRow[];
  run: SoakRun;
  checks: SoakChecks;
  settle: Awaited<ReturnType<typeof waitForSettled>>;
  failures: string[];
  serverLogLines: Record<string, number>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * When the database really went away and came back, as a client sees it: a connection of the
 * harness's own notes the moment the server ends it, then reconnects every 25 ms and notes the
 * moment it is accepted again. /readyz is measured from these, not from when pg_ctl was started
 * (spawning it on a loaded machine takes a while before anything happens).
 */
function watchDatabase(url: string): { transitions: { at: number; up: boolean }[]; stop(): Promise<void> } {
  const transitions: { at: number; up: boolean }[] = [];
  let running = true;
  let current: pg.Client | undefined;
  const loop = (async () => {
    while (running) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
      // `on`, not `once`: a terminated connection emits its error twice (the server's notice, then the lost socket).
      const lost = new Promise<void>((resolve) => {
        client.on('error', () => resolve());
        client.on('end', () => resolve());
      });
      try {
        await client.connect();
      } catch {
        await sleep(25);
        continue;
      }
      current = client;
      if (transitions.at(-1)?.up !== true) transitions.push({ at: Date.now(), up: true });
      await lost;
      current = undefined;
      if (running) transitions.push({ at: Date.now(), up: false });
    }
  })();
  return {
    transitions,
    stop: async () => {
      running = false;
      await current?.end().catch(() => undefined);
      await loop;
    },
  };
}

/** Reads every instance's /readyz until stopped. */
function watchReadiness(servers: SoakServer[]): { samples: ReadySample[]; stop(): Promise<void> } {
  const samples: ReadySample[] = [];
  let running = true;
  const loops = servers.map(async (server, instance) => {
    while (running) {
      const started = Date.now();
      try {
        const response = await fetch(`${server.baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
        const body = (await response.json()) as { failing?: string[] };
        samples.push({ at: Date.now(), instance, failing: response.status === 200 ? [] : (body.failing ?? ['?']) });
      } catch {
        samples.push({ at: Date.now(), instance, failing: ['unanswered'] });
      }
      await sleep(Math.max(0, READYZ_POLL_MS - (Date.now() - started)));
    }
  });
  return {
    samples,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** The first sample of `instance` at or after `from` that satisfies `test`; its delay from `from`. */
function firstAfter(samples: ReadySample[], instance: number, from: number, test: (sample: ReadySample) => boolean, until = Number.POSITIVE_INFINITY): number | undefined {
  const found = samples.find((s) => s.instance === instance && s.at >= from && s.at <= until && test(s));
  return found ? found.at - from : undefined;
}

/** Counts of the distinct messages the servers logged at warn or above (errors with their error's message). */
function loggedLines(output: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string; code?: string } };
      if ((entry.level ?? 0) < 40) continue;
      const cause = (entry.level ?? 0) >= 50 && entry.err ? ` (${entry.err.code ?? ''} ${entry.err.message ?? ''})` : '';
      const key = `${entry.level} ${entry.msg ?? ''}${cause}`.slice(0, 240);
      counts[key] = (counts[key] ?? 0) + 1;
    } catch {
      // not a log line
    }
  }
  return counts;
}

export async function runFaultSoak(options: FaultSoakOptions): Promise<FaultSoakReport> {
  const log = options.log ?? (() => undefined);
  log('starting a private PostgreSQL cluster for the soak');
  const postgres = await startPrivatePostgres();
  const env = await startSoakEnvironment({ portBase: options.portBase, name: 'h8-soak-faults', adminUrl: postgres.adminUrl }).catch(async (error: unknown) => {
    await postgres.destroy();
    throw error;
  });
  const servers: SoakServer[] = [];
  let balancer: Awaited<ReturnType<typeof startProxy>> | undefined;
  try {
    servers.push(await startSoakServer(env.serverPort, env.serverEnv));
    servers.push(await startSoakServer(options.portBase + 7, env.serverEnv));
    balancer = await startProxy({ port: options.portBase + 8, upstreams: servers.map((s) => s.baseUrl) });
    log(`two instances (${servers.map((s) => s.baseUrl).join(', ')}) behind ${balancer.url}; PostgreSQL on 127.0.0.1:${postgres.port}`);

    const windows: Window[] = [];
    const slots: { scenario: string; from: number; to?: number }[] = [];
    const readiness = watchReadiness(servers);
    const databaseWatch = watchDatabase(env.databaseUrl);
    const context = (scenario: FaultScenario): ScenarioContext => ({
      env,
      postgres,
      servers,
      outage(label, dependency): Outage {
        const window: Window = { scenario: scenario.name, label, readiness: dependency, startedAt: Date.now() };
        windows.push(window);
        return { end: () => void (window.endedAt ??= Date.now()) };
      },
      sleep,
      log,
    });
    let atMs = LEAD_IN_MS;
    const events: SoakEvent[] = options.scenarios.map((scenario) => {
      const event: SoakEvent = {
        atMs,
        label: scenario.name,
        run: async () => {
          const slot: { scenario: string; from: number; to?: number } = { scenario: scenario.name, from: Date.now() };
          slots.push(slot);
          try {
            await scenario.run(context(scenario));
          } finally {
            slot.to = Date.now();
            for (const window of windows) window.endedAt ??= Date.now();
          }
        },
      };
      atMs += scenario.durationMs;
      return event;
    });
    let run: SoakRun;
    try {
      run = await runSoak({
        baseUrl: balancer.url,
        databaseUrl: env.databaseUrl,
        customers: options.customers,
        durationMs: atMs + LEAD_IN_MS,
        thinkMs: options.thinkMs,
        beforeTimedRun: options.beforeTimedRun,
        bankAccount: SOAK_BANK_ACCOUNT,
        events,
        minTailMs: LEAD_IN_MS,
        log,
      });
    } finally {
      await readiness.stop();
      await databaseWatch.stop();
    }
    env.setMode('pass');
    log(`settling (at most ${Math.round(options.settleTimeoutMs / 1000)} s)`);
    const database = openSoakDatabase(env.databaseUrl);
    try {
      const settle = await waitForSettled(database, options.settleTimeoutMs, { emails: true });
      const checks = await checkSoak(database, { acceptedSales: run.seen.acceptedSales, fakes: { airtime: env.airtime, bills: env.bills, paystack: env.paystack, smtp: env.smtp } });
      const exits = servers.flatMap((server) => server.unexpectedExits());
      const inside = (at: number) => windows.some((w) => at >= w.startedAt && at <= (w.endedAt ?? Number.POSITIVE_INFINITY) + OUTAGE_GRACE_MS);
      const rows: ScenarioRow[] = slots.map((slot) => {
        const inSlot = (at: number) => at >= slot.from && at <= (slot.to ?? Number.POSITIVE_INFINITY);
        const faults = windows.filter((w) => w.scenario === slot.scenario);
        const unavailable = run.recorder.unavailableAt.filter(inSlot);
        let redAfterMs: number | undefined;
        let greenAfterMs: number | undefined;
        let readinessMissed = 0;
        for (const fault of faults.filter((w) => w.readiness)) {
          const dependency = fault.readiness!;
          // For the database, from when a client saw it go and come back (watchDatabase); otherwise from the scenario's marks.
          const wentAt = dependency === 'database' ? databaseWatch.transitions.find((t) => !t.up && t.at >= fault.startedAt - 1000)?.at : fault.startedAt;
          const cameAt = dependency === 'database' && wentAt !== undefined ? databaseWatch.transitions.find((t) => t.up && t.at >= wentAt)?.at : fault.endedAt;
          for (let instance = 0; instance < servers.length; instance += 1) {
            const red = wentAt === undefined ? undefined : firstAfter(readiness.samples, instance, wentAt, (s) => s.failing.includes(dependency));
            const green = cameAt === undefined ? undefined : firstAfter(readiness.samples, instance, cameAt, (s) => s.failing.length === 0);
            if (red === undefined || green === undefined) readinessMissed += 1;
            if (red !== undefined) redAfterMs = Math.max(redAfterMs ?? 0, red);
            if (green !== undefined) greenAfterMs = Math.max(greenAfterMs ?? 0, green);
          }
        }
        return {
          scenario: slot.scenario,
          faults: faults.length,
          exits: exits.filter((e) => inSlot(e.at)).length,
          serverErrors: run.recorder.serverErrors.filter((e) => inSlot(Date.parse(e.at))).length,
          unavailableInside: unavailable.filter(inside).length,
          unavailableOutside: unavailable.filter((at) => !inside(at)).length,
          redAfterMs,
          greenAfterMs,
          readinessMissed,
        };
      });
      const failures = [...checkFailures(checks)];
      if (!settle.settled) failures.push(`not settled within ${options.settleTimeoutMs} ms: ${JSON.stringify(settle.left)}`);
      if (exits.length > 0) failures.push(`${exits.length} server process exits: ${JSON.stringify(exits)}`);
      for (const error of run.recorder.serverErrors.slice(0, 10)) failures.push(`5xx: ${error.step} ${error.status} ${error.body}`);
      const outside = run.recorder.unavailableAt.filter((at) => !inside(at)).length;
      if (outside > 0) failures.push(`${outside} answers 503 outside any outage`);
      if (run.recorder.networkErrors > 0) failures.push(`${run.recorder.networkErrors} requests never answered`);
      for (const row of rows) {
        if (row.readinessMissed > 0) failures.push(`${row.scenario}: /readyz did not turn red and green again for ${row.readinessMissed} fault × instance`);
        if ((row.redAfterMs ?? 0) > 1000 || (row.greenAfterMs ?? 0) > 1000) failures.push(`${row.scenario}: /readyz took more than 1 s to follow (red ${row.redAfterMs} ms, green ${row.greenAfterMs} ms)`);
      }
      if (run.seen.acceptedSales.size === 0) failures.push('no sale was accepted: the soak did not exercise selling');
      if (run.decisions.approved.size === 0) failures.push('no sale was approved: the soak did not exercise payouts');
      return {
        rows,
        run,
        checks,
        settle,
        failures: [...new Set(failures)],
        serverLogLines: loggedLines(servers.map((s) => s.output()).join('\n')),
      };
    } finally {
      await database.close();
    }
  } catch (error) {
    for (const server of servers) log(`server output (tail):\n${server.output().slice(-3000)}`);
    throw error;
  } finally {
    await balancer?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await removeCompiledServer();
    await env.close();
    await postgres.destroy();
  }
}

const ms = (value: number | undefined) => (value === undefined ? '—' : `${value} ms`);

/** The table of the issue's "Done when", one row per scenario, then the money checks and the log lines. */
export function formatFaultReport(report: FaultSoakReport): string {
  const { run, checks } = report;
  const nothingLostOrDoubled = checkFailures(checks).length === 0 && report.settle.settled;
  const lines = [
    `fault soak: ${run.customers.length} customers on two instances behind the balancer, ${run.seconds.toFixed(0)} s, ${run.requests} requests`,
    '',
    '| scenario | faults | process exits | 500s | 503 inside the outage | 503 outside | /readyz red after | /readyz green after |',
    '|---|---|---|---|---|---|---|---|',
    ...report.rows.map(
      (r) =>
        `| ${r.scenario} | ${r.faults} | ${r.exits} | ${r.serverErrors} | ${r.unavailableInside} | ${r.unavailableOutside} | ${r.faults && r.redAfterMs === undefined && r.readinessMissed === 0 ? 'n/a' : ms(r.redAfterMs)} | ${r.faults && r.greenAfterMs === undefined && r.readinessMissed === 0 ? 'n/a' : ms(r.greenAfterMs)} |`,
    ),
    '',
    `nothing lost or doubled: ${nothingLostOrDoubled ? 'yes' : 'NO'} (sales accepted ${run.seen.acceptedSales.size}, approved ${run.decisions.approved.size}; settled in ${(report.settle.ms / 1000).toFixed(1)} s)`,
    `ledger audit: ${checks.ledgerOk ? 'clean' : 'FAILED'}; payouts ${JSON.stringify(checks.payoutsByStatus)}; orders ${JSON.stringify(checks.ordersByStatus)}`,
    '',
    run.table,
    '',
    `server log lines at warn or above: ${Object.entries(report.serverLogLines)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ×${n}`)
      .join('; ')}`,
    report.failures.length === 0 ? 'PASS' : `FAIL:\n  ${report.failures.join('\n  ')}`,
  ];
  return lines.join('\n');
}
