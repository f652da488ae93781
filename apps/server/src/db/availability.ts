import { databaseErrorSummary, databaseUnreachable } from '../lib/db-errors';

/**
 * Whether the database can be reached right now (docs/RELIABILITY.md, "Faults"). Every lost
 * connection, refused connect or failed request that says "unreachable" calls `suspect()`, which
 * probes at once; while the probe fails the database is `down`: routes answer 503 without trying
 * (plugins/errors.ts), /readyz is red, and the probe runs every DOWN_PROBE_MS until it answers, so
 * both changes are seen well within a second. While up, a slower probe catches a database that
 * went away without closing anything (a cut network). The outage is logged once when it starts and
 * once when it ends, never once per request.
 */

export interface AvailabilityLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** Probing pace: fast while down (recovery seen within it), slow while up (events do the rest). */
export const DOWN_PROBE_MS = 100;
export const UP_PROBE_MS = 2000;
/** At most one "connection lost" line this often while the database answers. */
const LOST_LOG_EVERY_MS = 10_000;

/** The default logger until the app attaches its own: pino-shaped lines on stderr. */
const stderrLogger: AvailabilityLogger = {
  warn: (details, msg) => process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, msg, ...details })}\n`),
  info: (details, msg) => process.stderr.write(`${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg, ...details })}\n`),
};

export class DatabaseAvailability {
  private state: 'up' | 'down' = 'up';
  private downSince = 0;
  private lostLoggedAt = Number.NEGATIVE_INFINITY;
  private probing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private watching = false;
  private logger: AvailabilityLogger = stderrLogger;
  private readonly listeners = new Set<(up: boolean) => void>();

  /** `probe` resolves when the database answers a trivial query, rejects otherwise. */
  constructor(private readonly probe: () => Promise<void>) {}

  get down(): boolean {
    return this.state === 'down';
  }

  attachLogger(logger: AvailabilityLogger): void {
    this.logger = logger;
  }

  /** Called with `true` when the database comes back, `false` when it goes (the metrics, tests). */
  onChange(listener: (up: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts the background probe (the app does at start); `stop()` ends it. */
  watch(): void {
    if (this.watching) return;
    this.watching = true;
    this.schedule();
  }

  stop(): void {
    this.watching = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * Something failed in a way that may mean the database is gone (a lost connection, a refused
   * connect, a request's "unreachable" error): probe now. Other errors are ignored.
   */
  suspect(error: unknown): void {
    if (!databaseUnreachable(error)) return;
    void this.check(error).then(() => {
      if (this.down) return;
      // One connection lost while the database answers (a terminated backend, an idle time-out):
      // worth a line, but not one per connection when a restart ends them all at once.
      const now = Date.now();
      if (now - this.lostLoggedAt < LOST_LOG_EVERY_MS) return;
      this.lostLoggedAt = now;
      this.logger.warn({ db: databaseErrorSummary(error) }, 'a database connection was lost; the database answers, the pool opens another');
    });
  }

  /** Probes once now (one probe at a time); resolves when the state is known. */
  check(cause?: unknown): Promise<void> {
    this.probing ??= this.probe()
      .then(
        () => this.markUp(),
        (error: unknown) => this.markDown(cause ?? error),
      )
      .finally(() => {
        this.probing = undefined;
        this.schedule();
      });
    return this.probing;
  }

  private schedule(): void {
    if (!this.watching) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.check();
      },
      this.down ? DOWN_PROBE_MS : UP_PROBE_MS,
    );
    this.timer.unref();
  }

  private markDown(error: unknown): void {
    if (this.state === 'down') return;
    this.state = 'down';
    this.downSince = Date.now();
    this.logger.warn({ db: databaseErrorSummary(error) }, 'database unavailable: answering 503 until it is back');
    for (const listener of this.listeners) listener(false);
  }

  private markUp(): void {
    if (this.state === 'up') return;
    this.state = 'up';
    this.logger.info({ downMs: Date.now() - this.downSince }, 'database available again');
    for (const listener of this.listeners) listener(true);
  }
}
