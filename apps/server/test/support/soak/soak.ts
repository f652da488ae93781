import sharp from 'sharp';
import { SoakClient } from './client';
import { CustomerJourneys, runCustomer, type Seen } from './journeys';
import { formatFigures, Recorder, stepFigures, type StepFigures } from './recorder';
import { runReviewer, signInReviewer, type Decisions } from './reviewer';
import { residentKb } from './server';
import { openSoakDatabase, seedCustomers, seedReviewer, type SoakCustomer } from './seed';

/**
 * The soak (docs/RELIABILITY.md): `customers` virtual customers run mixed journeys against `baseUrl` for
 * `durationMs` while a reviewer approves and rejects their sales (approval starts the payout).
 * `baseUrl` may be any running deployment — one server, or a proxy in front of several — that
 * uses `databaseUrl` (the cast is seeded there, and the checks read it). Timed `events` (a crash,
 * fault switches) run during it. Settling and checking are separate (checks.ts).
 */

export interface SoakEvent {
  atMs: number;
  label: string;
  run: () => Promise<void>;
}

export interface SoakOptions {
  baseUrl: string;
  databaseUrl: string;
  customers: number;
  durationMs: number;
  /** Starting gems each (a claimed reward); default 3000. */
  gemsEach?: number;
  /** Pause between a customer's journeys, ms; default 500–2500. */
  thinkMs?: [number, number];
  /** Bank account the customers give (must resolve at the bank lookup); default the sandbox's 0123456789. */
  bankAccount?: string;
  /** When RSS is first read; default a quarter of the run, at most 30 s. */
  warmupMs?: number;
  /** The server's pid, to read its RSS (one process only). */
  serverPid?: () => number | undefined;
  events?: SoakEvent[];
  /** Called once every customer is prepared, before the clock starts (e.g. to take an exclusive CPU lock). */
  beforeTimedRun?: () => Promise<void>;
  /** The run goes on at least this long after the last event has finished (a restart's slowness never eats the run after it). */
  minTailMs?: number;
  log?: (line: string) => void;
}

export interface SoakRun {
  seconds: number;
  requests: number;
  throughput: number;
  figures: StepFigures[];
  table: string;
  recorder: Recorder;
  seen: Seen;
  decisions: Decisions;
  customers: SoakCustomer[];
  rss: { warmKb?: number; endKb?: number; growth?: number };
  events: { label: string; atMs: number; tookMs: number }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runSoak(options: SoakOptions): Promise<SoakRun> {
  const log = options.log ?? (() => undefined);
  const database = openSoakDatabase(options.databaseUrl);
  const recorder = new Recorder();
  const seen: Seen = { acceptedSales: new Set(), acceptedAt: new Map(), authorisedOrders: new Set() };
  const decisions: Decisions = { approved: new Set(), rejected: new Set() };
  try {
    log(`seeding ${options.customers} customers`);
    const customers = await seedCustomers(database, options.customers, options.gemsEach ?? 3000);
    const staff = await seedReviewer(database);
    const cardPhoto = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#ff9900' } })
      .jpeg({ quality: 85 })
      .toBuffer();

    const reviewerClient = new SoakClient(options.baseUrl, recorder, 'wise_staff');
    const secret = await signInReviewer(reviewerClient, staff);

    let stop = false;
    const stopped = () => stop;
    const contexts = customers.map((customer) => ({
      client: new SoakClient(options.baseUrl, recorder, 'wise_session'),
      customer,
      cardPhoto,
      seen,
      thinkMs: options.thinkMs ?? ([500, 2500] as [number, number]),
      stopped,
      bankAccount: options.bankAccount ?? '0123456789',
    }));
    const journeys = contexts.map((context) => new CustomerJourneys(context));
    // Sign-in, bank details and PIN for everyone first (a few at a time: each hashes or checks a
    // password), so the timed run is the customers' everyday journeys.
    log(`preparing ${customers.length} customers (log in, bank details, PIN)`);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(8, journeys.length) }, async () => {
        while (next < journeys.length) {
          const journey = journeys[next++]!;
          if (!(await journey.prepare())) throw new Error('a customer could not be prepared (log in, bank details, PIN)');
        }
      }),
    );
    await options.beforeTimedRun?.();
    recorder.restartFigures();
    const started = Date.now();
    log(`soak: ${options.customers} customers for ${Math.round(options.durationMs / 1000)} s against ${options.baseUrl}`);
    const workers = contexts.map((context, i) => runCustomer(context, journeys[i]));
    const reviewer = runReviewer(reviewerClient, secret, decisions, stopped);

    const rss: SoakRun['rss'] = {};
    const warmupMs = options.warmupMs ?? Math.min(30_000, options.durationMs / 4);
    const events: SoakRun['events'] = [];
    const timeline = [
      ...(options.events ?? []),
      ...(options.serverPid
        ? [{ atMs: warmupMs, label: 'rss warm', run: async () => void (rss.warmKb = await residentKb(options.serverPid!()!)) }]
        : []),
    ].sort((a, b) => a.atMs - b.atMs);
    const progress = setInterval(
      () =>
        log(
          `  ${Math.round((Date.now() - started) / 1000)} s: ${recorder.requests} requests, ${recorder.serverErrors.length} 5xx, ${recorder.networkErrors} unanswered`,
        ),
      15_000,
    );
    try {
      for (const event of timeline) {
        const wait = started + event.atMs - Date.now();
        if (wait > 0) await sleep(wait);
        const at = Date.now();
        log(`  event at ${Math.round((at - started) / 1000)} s: ${event.label}`);
        await event.run();
        events.push({ label: event.label, atMs: at - started, tookMs: Date.now() - at });
      }
      const lastEventEnd = events.length > 0 ? started + events[events.length - 1]!.atMs + events[events.length - 1]!.tookMs : 0;
      const left = Math.max(started + options.durationMs, lastEventEnd + (options.minTailMs ?? 0)) - Date.now();
      if (left > 0) await sleep(left);
      if (options.serverPid) {
        const pid = options.serverPid();
        if (pid) rss.endKb = await residentKb(pid);
      }
      stop = true;
      await Promise.all([...workers, reviewer]);
    } finally {
      stop = true;
      clearInterval(progress);
    }
    const seconds = (Date.now() - started) / 1000;
    if (rss.warmKb && rss.endKb) rss.growth = (rss.endKb - rss.warmKb) / rss.warmKb;
    const figures = stepFigures(recorder, seconds);
    return {
      seconds,
      requests: recorder.requests,
      throughput: recorder.requests / seconds,
      figures,
      table: formatFigures(figures),
      recorder,
      seen,
      decisions,
      customers,
      rss,
      events,
    };
  } finally {
    await database.close();
  }
}
