import pg from 'pg';
import { startProxy } from '../../../../../../scripts/lb-proxy.mjs';
import { auditLedger } from '#server/domain/gems/audit';
import { startPrivatePostgres } from '../../private-postgres';
import { startPrivateRedis, type PrivateRedis } from '../../redis-server';
import { checkFailures, checkSoak, waitForSettled, type SoakChecks } from '../checks';
import { SOAK_BANK_ACCOUNT, startSoakEnvironment } from '../environment';
import { openSoakDatabase } from '../seed';
import { removeCompiledServer, startSoakServer, type SoakServer } from '../server';
import { runSoak, type SoakEvent, type SoakRun } from '../soak';
import { startSwitchProxy, type SwitchProxy } from '../switch-proxy';
import type { FaultScenario, Outage, OutageOptions, ReadinessExpectation, RestartableRedis, ScenarioContext } from './scenario';

/**
 * The fault soak (`npm run soak:faults`, docs/RELIABILITY.md, "Faults"): two server instances
 * behind the test balancer (scripts/lb-proxy.mjs) on a PostgreSQL cluster and a redis-server of
 * the soak's own (the shared ones are never touched), with every provider behind a fault proxy and
 * the payout and bill providers also behind switch proxies, under the soak's load, while the
 * registered scenarios (registry.ts) run one after another. Each instance's /readyz is read every
 * READYZ_POLL_MS; the ledger is audited after each scenario; afterwards the money in flight
 * settles and is checked, and one row per scenario says what the customers and the processes went
 * through.
 */

const READYZ_POLL_MS = 50;
/** /readyz must follow a change within this, and answer within it (generous: the host is shared and noisy; the table prints the exact figures). */
const READYZ_LIMIT_MS = 5000;
/** A 503 this long after a fault ended still counts as inside it (a request that was in flight). */
const OUTAGE_GRACE_MS = 5000;
/** Before the first scenario: the load settles in. */
const LEAD_IN_MS = 15_000;
/** The soak's PAYOUT_DELAY_NOTICE_MINUTES: short, so the provider scenario's three minutes pass it. */
export const SOAK_DELAY_NOTICE_MINUTES = 1;
/**
 * A payout open in a provider outage and paid this long after its sale was approved must have been
 * told: its attempt failed to reach the provider for the notice's minute at least (the send job's
 * retries are at most 2 min apart, and each failing one extends the streak), plus a time-out's margin.
 */
const MUST_TELL_AFTER_MS = SOAK_DELAY_NOTICE_MINUTES * 60_000 + 2 * 60_000 + 30_000;

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
  readiness: ReadinessExpectation;
  payoutProviderDown: boolean;
  startedAt: number;
  endedAt?: number;
}

interface ReadySample {
  at: number;
  instance: number;
  /** 0: no answer. */
  status: number;
  failing: string[];
  degraded: string[];
}

/** One fault's /readyz: the slowest instance's delay to red (or degraded) and back to green, ms; undefined when an instance never turned. */
export interface ReadinessChange {
  label: string;
  expectation: ReadinessExpectation;
  redAfterMs?: number;
  greenAfterMs?: number;
  missed: boolean;
  /** Samples that broke the expectation: a 503 while only Redis was down, anything but a plain 200 while a provider was. */
  wrongSamples: number;
  /** What those samples said (status and `failing`), distinct. */
  wrongAnswers: string[];
  /** How long the dependency was away as the harness saw it (the database: its own connection), ms. */
  awayMs?: number;
  /** Instances whose red came from their own "database unavailable" line: the outage was shorter than the /readyz reads could catch. */
  redFromLog: number;
}

export interface ScenarioRow {
  scenario: string;
  faults: number;
  exits: number;
  serverErrors: number;
  unavailableInside: number;
  unavailableOutside: number;
  changes: ReadinessChange[];
  /** Sales (and bill orders) accepted in the scenario's slot that were lost, paid twice or bought twice. */
  lostOrDoubled: number;
  /** The ledger audit run right after the scenario (repeatable read, under load): clean, or what failed. */
  ledger: 'clean' | 'FAILED' | 'not run';
  /** Customers told their payout was delayed during the slot, and how many of them were told more than once. */
  toldDelayed: number;
  toldTwice: number;
}

export interface DelayNotices {
  /** Sales whose customer was told, with the number of notices each got. */
  told: { saleId: string; notices: number; at: number }[];
  /** Sales open in a payout-provider outage and paid more than MUST_TELL_AFTER_MS after approval, not told. */
  untold: string[];
  /** Sales told outside any payout-provider outage (nothing was delayed by the provider). */
  toldWithoutOutage: string[];
}

export interface FaultSoakReport {
  rows: ScenarioRow[];
  run: SoakRun;
  checks: SoakChecks;
  notices: DelayNotices;
  settle: Awaited<ReturnType<typeof waitForSettled>>;
  failures: string[];
  serverLogLines: Record<string, number>;
  switchCounts: Record<string, SwitchProxy['counts']>;
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
        // As long as a balancer's health check would wait (ordinary requests' p99 reaches seconds on the loaded host).
        const response = await fetch(`${server.baseUrl}/readyz`, { signal: AbortSignal.timeout(READYZ_LIMIT_MS) });
        const body = (await response.json()) as { failing?: string[]; degraded?: string[] };
        samples.push({
          at: Date.now(),
          instance,
          status: response.status,
          failing: response.status === 200 ? [] : (body.failing ?? ['?']),
          degraded: body.degraded ?? [],
        });
      } catch {
        samples.push({ at: Date.now(), instance, status: 0, failing: ['unanswered'], degraded: [] });
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
function firstAfter(
  samples: ReadySample[],
  instance: number,
  from: number,
  test: (sample: ReadySample) => boolean,
  until = Number.POSITIVE_INFINITY,
): number | undefined {
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

/** The private redis-server as scenarios handle it: killed, then started again on its port. */
async function startRestartableRedis(port: number): Promise<RestartableRedis & { close(): Promise<void> }> {
  let current: PrivateRedis | undefined = await startPrivateRedis(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: async () => {
      await current?.kill();
      current = undefined;
    },
    start: async () => {
      current ??= await startPrivateRedis(port);
    },
    close: async () => {
      await current?.kill();
      current = undefined;
    },
  };
}

/** The ledger audit right after a scenario (the database may still be coming back: a few tries). */
async function auditNow(databaseUrl: string): Promise<'clean' | 'FAILED' | 'not run'> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const database = openSoakDatabase(databaseUrl);
    try {
      return (await auditLedger(database.db)).ok ? 'clean' : 'FAILED';
    } catch {
      await sleep(1000);
    } finally {
      await database.close().catch(() => undefined);
    }
  }
  return 'not run';
}

/** When an instance marked the database down (its "database unavailable" line, ms since the epoch). */
function markedDown(output: string): number[] {
  const times: number[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{') || !line.includes('database unavailable')) continue;
    try {
      const entry = JSON.parse(line) as { time?: number; msg?: string };
      if (entry.msg?.startsWith('database unavailable') && typeof entry.time === 'number') times.push(entry.time);
    } catch {
      // not a log line
    }
  }
  return times;
}

/**
 * How each instance's /readyz followed one fault (see ReadinessExpectation). The database's red is
 * the first /readyz answer naming it, or, when the outage was shorter than the reads could catch
 * (a fast restart is over in a few hundred ms on a loaded host), the instance's own line marking
 * the database down: /readyz reads that very state, without a query.
 */
function readinessChange(
  window: Window,
  samples: ReadySample[],
  instances: number,
  databaseTransitions: { at: number; up: boolean }[],
  downMarks: number[][],
): ReadinessChange {
  const expectation = window.readiness;
  const endedAt = window.endedAt ?? Number.POSITIVE_INFINITY;
  const during = samples.filter((s) => s.at >= window.startedAt && s.at <= endedAt);
  const describe = (list: ReadySample[]) => [
    ...new Set(list.map((s) => `${s.status || 'no answer'} ${[...s.failing, ...s.degraded.map((d) => `degraded ${d}`)].join(',')}`.trim())),
  ];
  if (expectation === 'unchanged') {
    const wrong = during.filter((s) => s.status !== 200 || s.failing.length > 0 || s.degraded.length > 0);
    return { label: window.label, expectation, missed: false, wrongSamples: wrong.length, wrongAnswers: describe(wrong), redFromLog: 0 };
  }
  let wentAt: number | undefined = window.startedAt;
  let cameAt: number | undefined = window.endedAt;
  let red: (s: ReadySample) => boolean;
  let green: (s: ReadySample) => boolean;
  let wrong: ReadySample[] = [];
  if ('failing' in expectation) {
    const dependency = expectation.failing;
    // For the database, from when a client saw it go and come back (watchDatabase), not from when pg_ctl was started.
    if (dependency === 'database') {
      wentAt = databaseTransitions.find((t) => !t.up && t.at >= window.startedAt - 1000)?.at;
      cameAt = wentAt === undefined ? undefined : databaseTransitions.find((t) => t.up && t.at >= wentAt!)?.at;
    }
    red = (s) => s.failing.includes(dependency);
    green = (s) => s.status === 200 && s.failing.length === 0;
  } else {
    const dependency = expectation.degraded;
    red = (s) => s.status === 200 && s.degraded.includes(dependency);
    green = (s) => s.status === 200 && s.failing.length === 0 && !s.degraded.includes(dependency);
    wrong = during.filter((s) => s.status !== 200);
  }
  let redAfterMs: number | undefined;
  let greenAfterMs: number | undefined;
  let missed = false;
  let redFromLog = 0;
  for (let instance = 0; instance < instances; instance += 1) {
    // A red later than this belongs to another fault.
    const until = cameAt === undefined ? undefined : cameAt + READYZ_LIMIT_MS;
    let redMs = wentAt === undefined ? undefined : firstAfter(samples, instance, wentAt, red, until);
    if (wentAt !== undefined && until !== undefined && 'failing' in expectation && expectation.failing === 'database') {
      const mark = downMarks[instance]?.find((at) => at >= wentAt! - 1000 && at <= until);
      if (mark !== undefined && (redMs === undefined || mark - wentAt < redMs)) {
        if (redMs === undefined) redFromLog += 1;
        redMs = Math.max(0, mark - wentAt);
      }
    }
    const greenMs = cameAt === undefined ? undefined : firstAfter(samples, instance, cameAt, green);
    if (redMs === undefined || greenMs === undefined) missed = true;
    if (redMs !== undefined) redAfterMs = Math.max(redAfterMs ?? 0, redMs);
    if (greenMs !== undefined) greenAfterMs = Math.max(greenAfterMs ?? 0, greenMs);
  }
  const awayMs = wentAt !== undefined && cameAt !== undefined ? cameAt - wentAt : undefined;
  return {
    label: window.label,
    expectation,
    redAfterMs,
    greenAfterMs,
    missed,
    wrongSamples: wrong.length,
    wrongAnswers: describe(wrong),
    awayMs,
    redFromLog,
  };
}

/** When each problem the checks found began: its sale's 201 (or its row's creation), to place it in a scenario's slot. */
async function placeProblems(
  database: ReturnType<typeof openSoakDatabase>,
  checks: SoakChecks,
  acceptedAt: Map<string, number> | undefined,
): Promise<{ at?: number; what: string }[]> {
  const lists = [
    checks.missingSales,
    checks.orderProblems,
    checks.doubledPurchases,
    checks.chargedWithoutService,
    checks.payoutProblems,
    checks.doubledTransfers,
  ];
  const placed: { at?: number; what: string }[] = [];
  for (const what of lists.flat()) {
    const id = what.split(/[ :]/)[0] ?? '';
    let at = acceptedAt?.get(id);
    if (at === undefined) {
      const [row] = await database.query<{ at: string }>(
        `SELECT extract(epoch FROM created_at) * 1000 AS at FROM sales WHERE id::text = $1
         UNION ALL SELECT extract(epoch FROM created_at) * 1000 FROM bill_orders WHERE id::text = $1 OR request_id = $1 LIMIT 1`,
        [id],
      );
      at = row ? Number(row.at) : undefined;
    }
    placed.push({ at, what });
  }
  return placed;
}

/** Every customer told of a delayed payout (notices counted in both languages), and who should have been. */
async function delayNotices(database: ReturnType<typeof openSoakDatabase>, windows: Window[]): Promise<DelayNotices> {
  const rows = await database.query<{
    sale_id: string;
    notices: number;
    noticed_at: string | null;
    approved_at: string;
    paid_at: string | null;
  }>(
    `SELECT s.id AS sale_id,
       (SELECT count(*)::int FROM notifications n WHERE n.sale_id = s.id AND (n.message LIKE $1 OR n.message LIKE $2)) AS notices,
       (SELECT extract(epoch FROM min(p.delay_noticed_at)) * 1000 FROM payouts p WHERE p.sale_id = s.id) AS noticed_at,
       (SELECT extract(epoch FROM min(p.created_at)) * 1000 FROM payouts p WHERE p.sale_id = s.id) AS approved_at,
       (SELECT extract(epoch FROM max(p.settled_at)) * 1000 FROM payouts p WHERE p.sale_id = s.id AND p.status = 'success') AS paid_at
     FROM sales s WHERE EXISTS (SELECT 1 FROM payouts p WHERE p.sale_id = s.id)`,
    ['%delayed on the bank%', '%don delay for the bank side%'],
  );
  const down = windows.filter((w) => w.payoutProviderDown);
  const notices: DelayNotices = { told: [], untold: [], toldWithoutOutage: [] };
  for (const row of rows) {
    const approvedAt = Number(row.approved_at);
    const paidAt = row.paid_at === null ? undefined : Number(row.paid_at);
    if (row.noticed_at !== null || row.notices > 0) {
      const at = row.noticed_at === null ? Number.NaN : Number(row.noticed_at);
      notices.told.push({ saleId: row.sale_id, notices: row.notices, at });
      // A notice comes from a failing step, inside the outage or a time-out after it.
      if (!down.some((w) => at >= w.startedAt && at <= (w.endedAt ?? Number.POSITIVE_INFINITY) + 60_000))
        notices.toldWithoutOutage.push(row.sale_id);
      continue;
    }
    if (paidAt === undefined) continue;
    const overlapped = down.some((w) => approvedAt <= (w.endedAt ?? Number.POSITIVE_INFINITY) && paidAt >= w.startedAt);
    if (overlapped && paidAt - approvedAt > MUST_TELL_AFTER_MS)
      notices.untold.push(`${row.sale_id} (paid ${Math.round((paidAt - approvedAt) / 1000)} s after approval)`);
  }
  return notices;
}

export async function runFaultSoak(options: FaultSoakOptions): Promise<FaultSoakReport> {
  const log = options.log ?? (() => undefined);
  log('starting a private PostgreSQL cluster and a private redis-server for the soak');
  const postgres = await startPrivatePostgres();
  const cleanups: (() => Promise<void>)[] = [() => postgres.destroy()];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  const servers: SoakServer[] = [];
  try {
    const redis = await startRestartableRedis(options.portBase + 9);
    cleanups.push(() => redis.close());
    const env = await startSoakEnvironment({ portBase: options.portBase, name: 'h8-soak-faults', adminUrl: postgres.adminUrl });
    cleanups.push(() => env.close());
    const switches = {
      payouts: await startSwitchProxy('payout provider', env.proxies.payouts.url, options.portBase + 10),
      bills: await startSwitchProxy('bill provider', env.proxies.bills.url, options.portBase + 11),
    };
    cleanups.push(async () => {
      await Promise.all([switches.payouts.close(), switches.bills.close()]);
    });
    const serverEnv = {
      ...env.serverEnv,
      REDIS_URL: redis.url,
      PAYOUT_BASE_URL: switches.payouts.url,
      BILLS_BASE_URL: switches.bills.url,
      PAYOUT_DELAY_NOTICE_MINUTES: String(SOAK_DELAY_NOTICE_MINUTES),
    };
    cleanups.push(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await removeCompiledServer();
    });
    servers.push(await startSoakServer(env.serverPort, serverEnv));
    servers.push(await startSoakServer(options.portBase + 7, serverEnv));
    const balancer = await startProxy({ port: options.portBase + 8, upstreams: servers.map((s) => s.baseUrl) });
    cleanups.push(() => balancer.close());
    log(
      `two instances (${servers.map((s) => s.baseUrl).join(', ')}) behind ${balancer.url}; PostgreSQL on 127.0.0.1:${postgres.port}; Redis ${redis.url}`,
    );

    const windows: Window[] = [];
    const slots: { scenario: FaultScenario; from: number; to?: number; ledger?: ScenarioRow['ledger'] }[] = [];
    const readiness = watchReadiness(servers);
    const databaseWatch = watchDatabase(env.databaseUrl);
    const context = (scenario: FaultScenario): ScenarioContext => ({
      env,
      postgres,
      redis,
      switches,
      servers,
      outage(label, outageOptions: OutageOptions = {}): Outage {
        const window: Window = {
          scenario: scenario.name,
          label,
          readiness: outageOptions.readiness ?? 'unchanged',
          payoutProviderDown: outageOptions.payoutProviderDown ?? false,
          startedAt: Date.now(),
        };
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
          const slot: (typeof slots)[number] = { scenario, from: Date.now() };
          slots.push(slot);
          try {
            await scenario.run(context(scenario));
          } finally {
            slot.to = Date.now();
            for (const window of windows) window.endedAt ??= Date.now();
            await Promise.all([switches.payouts.setMode('pass'), switches.bills.setMode('pass'), redis.start()]);
            env.setMode('pass');
          }
          slot.ledger = await auditNow(env.databaseUrl);
          log(`    ledger audit after "${scenario.name}": ${slot.ledger}`);
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
    log(`settling (at most ${Math.round(options.settleTimeoutMs / 1000)} s)`);
    const database = openSoakDatabase(env.databaseUrl);
    try {
      const settle = await waitForSettled(database, options.settleTimeoutMs, { emails: true });
      const checks = await checkSoak(database, {
        acceptedSales: run.seen.acceptedSales,
        fakes: { airtime: env.airtime, bills: env.bills, paystack: env.paystack, smtp: env.smtp },
      });
      const problems = await placeProblems(database, checks, run.seen.acceptedAt);
      const notices = await delayNotices(database, windows);
      const exits = servers.flatMap((server) => server.unexpectedExits());
      const downMarks = servers.map((server) => markedDown(server.output()));
      const inside = (at: number) =>
        windows.some((w) => at >= w.startedAt && at <= (w.endedAt ?? Number.POSITIVE_INFINITY) + OUTAGE_GRACE_MS);
      const rows: ScenarioRow[] = slots.map((slot) => {
        const inSlot = (at: number | undefined) => at !== undefined && at >= slot.from && at <= (slot.to ?? Number.POSITIVE_INFINITY);
        const faults = windows.filter((w) => w.scenario === slot.scenario.name);
        const unavailable = run.recorder.unavailableAt.filter(inSlot);
        const told = notices.told.filter((t) => inSlot(t.at));
        return {
          scenario: slot.scenario.name,
          faults: faults.length,
          exits: exits.filter((e) => inSlot(e.at)).length,
          serverErrors: run.recorder.serverErrors.filter((e) => inSlot(Date.parse(e.at))).length,
          unavailableInside: unavailable.filter(inside).length,
          unavailableOutside: unavailable.filter((at) => !inside(at)).length,
          changes: faults.map((w) => readinessChange(w, readiness.samples, servers.length, databaseWatch.transitions, downMarks)),
          lostOrDoubled: problems.filter((p) => inSlot(p.at)).length,
          ledger: slot.ledger ?? 'not run',
          toldDelayed: told.length,
          toldTwice: told.filter((t) => t.notices !== 1).length,
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
        if (row.ledger !== 'clean') failures.push(`${row.scenario}: ledger audit after it ${row.ledger}`);
        for (const change of row.changes) {
          if (change.missed) failures.push(`${row.scenario} (${change.label}): /readyz did not turn red and green again on every instance`);
          if ((change.redAfterMs ?? 0) > READYZ_LIMIT_MS || (change.greenAfterMs ?? 0) > READYZ_LIMIT_MS)
            failures.push(
              `${row.scenario} (${change.label}): /readyz took more than ${READYZ_LIMIT_MS} ms to follow (red ${change.redAfterMs} ms, green ${change.greenAfterMs} ms)`,
            );
          if (change.wrongSamples > 0)
            failures.push(
              `${row.scenario} (${change.label}): ${change.wrongSamples} /readyz answers broke the expectation ${JSON.stringify(change.expectation)}: ${change.wrongAnswers.join('; ')}`,
            );
        }
      }
      for (const told of notices.told)
        if (told.notices !== 1 || Number.isNaN(told.at))
          failures.push(
            `sale ${told.saleId}: told ${told.notices} times of its delayed payout${Number.isNaN(told.at) ? ' (and not marked)' : ''}`,
          );
      for (const sale of notices.untold)
        failures.push(
          `sale ${sale}: its payout was delayed by the provider past ${SOAK_DELAY_NOTICE_MINUTES} min and the customer was not told`,
        );
      for (const sale of notices.toldWithoutOutage)
        failures.push(`sale ${sale}: told of a delayed payout outside any payout-provider outage`);
      const longOutage = slots.some(
        (slot) =>
          windows
            .filter((w) => w.scenario === slot.scenario.name && w.payoutProviderDown)
            .reduce((sum, w) => sum + ((w.endedAt ?? 0) - w.startedAt), 0) > MUST_TELL_AFTER_MS,
      );
      if (longOutage && notices.told.length === 0)
        failures.push('no customer was told of a delayed payout: the payout-provider outage did not exercise the notice');
      if (run.seen.acceptedSales.size === 0) failures.push('no sale was accepted: the soak did not exercise selling');
      if (run.decisions.approved.size === 0) failures.push('no sale was approved: the soak did not exercise payouts');
      return {
        rows,
        run,
        checks,
        notices,
        settle,
        failures: [...new Set(failures)],
        serverLogLines: loggedLines(servers.map((s) => s.output()).join('\n')),
        switchCounts: { payouts: { ...switches.payouts.counts }, bills: { ...switches.bills.counts } },
      };
    } finally {
      await database.close();
    }
  } catch (error) {
    for (const server of servers) log(`server output (tail):\n${server.output().slice(-3000)}`);
    throw error;
  } finally {
    await cleanUp();
  }
}

const ms = (value: number | undefined) => (value === undefined ? '—' : `${value}`);

/** One row's /readyz column: each fault's red (or degraded) and green delays, slowest instance, in ms. */
function readinessCell(row: ScenarioRow): string {
  if (row.changes.length === 0) return 'n/a';
  if (row.changes.every((c) => c.expectation === 'unchanged')) {
    const wrong = row.changes.reduce((sum, c) => sum + c.wrongSamples, 0);
    return wrong === 0 ? 'stays 200 (no readiness dependency)' : `${wrong} answers not a plain 200`;
  }
  return row.changes
    .map((c) => {
      if (c.expectation === 'unchanged') return `${c.label}: ${c.wrongSamples === 0 ? 'stays 200' : `${c.wrongSamples} not 200`}`;
      if ('degraded' in c.expectation)
        return `degraded ${ms(c.redAfterMs)} → ok ${ms(c.greenAfterMs)} ms${c.wrongSamples === 0 ? ', 200 throughout' : `, ${c.wrongSamples} × 503`}`;
      return `${ms(c.redAfterMs)}${c.redFromLog ? '*' : ''} → ${ms(c.greenAfterMs)} ms${c.awayMs === undefined ? '' : ` (away ${c.awayMs} ms)`}`;
    })
    .join('; ');
}

/**
 * The table of the soak's "Done when", one row per scenario (500s, 503s inside/outside an outage,
 * process exits, /readyz after each change, sales lost or doubled, the ledger audit after the
 * scenario, customers told of a delayed payout), then the money checks and the log lines.
 */
export function formatFaultReport(report: FaultSoakReport): string {
  const { run, checks } = report;
  const nothingLostOrDoubled = checkFailures(checks).length === 0 && report.settle.settled;
  const lines = [
    `fault soak: ${run.customers.length} customers and a reviewer on two instances behind the balancer, ${run.seconds.toFixed(0)} s, ${run.requests} requests`,
    '',
    '| scenario | 500s | 503s | process exits | /readyz red → green after each change (slowest instance) | lost/doubled sales | ledger audit | delayed-payout customers told once |',
    '|---|---|---|---|---|---|---|---|',
    ...report.rows.map((r) => {
      const unavailable =
        r.unavailableOutside === 0
          ? `${r.unavailableInside}${r.unavailableInside ? ', all inside the outage' : ''}`
          : `${r.unavailableInside} inside, ${r.unavailableOutside} OUTSIDE`;
      const told =
        r.toldDelayed === 0 ? '0 delayed' : `${r.toldDelayed} told${r.toldTwice === 0 ? ', each once' : `, ${r.toldTwice} NOT once`}`;
      return `| ${r.scenario} | ${r.serverErrors} | ${unavailable} | ${r.exits} | ${readinessCell(r)} | ${r.lostOrDoubled} | ${r.ledger} | ${told} |`;
    }),
    '',
    ...(report.rows.some((r) => r.changes.some((c) => c.redFromLog > 0))
      ? [
          '* red shorter than the /readyz reads could catch: the time of the instance\'s own "database unavailable" line, the state /readyz reads',
          '',
        ]
      : []),
    `nothing lost or doubled: ${nothingLostOrDoubled ? 'yes' : 'NO'} (sales accepted ${run.seen.acceptedSales.size}, approved ${run.decisions.approved.size}; settled in ${(report.settle.ms / 1000).toFixed(1)} s)`,
    `ledger audit at the end: ${checks.ledgerOk ? 'clean' : 'FAILED'}; payouts ${JSON.stringify(checks.payoutsByStatus)}; orders ${JSON.stringify(checks.ordersByStatus)}`,
    `delayed payouts: ${report.notices.told.length} customers told (${report.notices.told.filter((t) => t.notices === 1).length} exactly once); ${report.notices.untold.length} delayed past the notice and not told; ${report.notices.toldWithoutOutage.length} told without an outage`,
    `requests through the switch proxies: ${JSON.stringify(report.switchCounts)}`,
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
