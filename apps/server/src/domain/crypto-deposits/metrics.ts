import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '#server/db/client';
import { processRegistry } from '#server/lib/metrics';
import { CHAIN_NETWORKS, type ChainErrorKind, type ChainNetwork } from '#server/providers/chains/types';
import type { ChainWatchObserver, DepositEvent } from './observer';

/**
 * The chain watcher's metrics (docs/crypto-settlement.md, "Operations"), exported at GET /metrics
 * with the rest. What happens in a process (scans, provider errors, each deposit's step) is counted
 * by `metricsObserver`, which the watch loop is given; how far each network's watcher is behind is
 * read from `chain_scan_cursors` at scrape time, so it is the same whichever instance is scraped
 * and whichever one scanned.
 */

const DEPOSIT_EVENTS: readonly DepositEvent[] = ['seen', 'confirmed', 'auto_approved', 'review', 'held', 'dropped', 'paid'];
const ERROR_KINDS: readonly ChainErrorKind[] = ['timeout', 'unavailable', 'provider_error', 'bad_response'];

export const chainDepositEvents = new Counter({
  name: 'wise_chain_deposits_total',
  help: 'Deposits the chain watcher moved to a step, by network and event (seen, confirmed, auto_approved, review, held, dropped, paid).',
  labelNames: ['network', 'event'] as const,
  registers: [processRegistry],
});

export const chainProviderErrors = new Counter({
  name: 'wise_chain_provider_errors_total',
  help: 'Chain provider calls of the watcher that failed, by network and kind (timeout, unavailable, provider_error, bad_response).',
  labelNames: ['network', 'kind'] as const,
  registers: [processRegistry],
});

export const chainScans = new Counter({
  name: 'wise_chain_scans_total',
  help: 'Scans the chain watcher finished in this process, by network.',
  labelNames: ['network'] as const,
  registers: [processRegistry],
});

export const chainLastScan = new Gauge({
  name: 'wise_chain_last_scan_timestamp_seconds',
  help: 'When this process last finished a scan of the network (Unix time; absent until it has).',
  labelNames: ['network'] as const,
  registers: [processRegistry],
});

// Every series from zero, so that a rate over the first failure or deposit is not lost.
for (const network of CHAIN_NETWORKS) {
  chainScans.inc({ network }, 0);
  for (const event of DEPOSIT_EVENTS) chainDepositEvents.inc({ network, event }, 0);
  for (const kind of ERROR_KINDS) chainProviderErrors.inc({ network, kind }, 0);
}

/** The observer the watch loop reports to (observer.ts): counters only, cheap, never throws. */
export function metricsObserver(now: () => Date = () => new Date()): ChainWatchObserver {
  return {
    scanned(network: ChainNetwork) {
      chainScans.inc({ network });
      chainLastScan.set({ network }, now().getTime() / 1000);
    },
    failed(network: ChainNetwork, kind: ChainErrorKind) {
      chainProviderErrors.inc({ network, kind });
    },
    deposit(network: ChainNetwork, event: DepositEvent) {
      chainDepositEvents.inc({ network, event });
    },
  };
}

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** The watchers' lag, read from `chain_scan_cursors` when scraped (plugins/metrics.ts). */
export function addChainWatchMetrics(registry: Registry, database: Database): void {
  const cursors = () =>
    database.query<{ network: string; lag: string; tip_age: string; failing: boolean }>(
      `SELECT network, tip_height - scanned_to AS lag, extract(epoch FROM now() - tip_seen_at) AS tip_age,
              (last_error IS NOT NULL AND (last_error_at IS NULL OR last_error_at >= tip_seen_at)) AS failing
         FROM chain_scan_cursors`,
    );
  new Gauge({
    name: 'wise_chain_scan_lag_blocks',
    help: "Blocks (slots on Solana) between each chain's tip when last read and the last height its watcher scanned.",
    labelNames: ['network'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await cursors()) this.set({ network: row.network }, num(row.lag));
    },
  });
  new Gauge({
    name: 'wise_chain_tip_age_seconds',
    help: "Seconds since each network's watcher last read its chain's tip (a stopped or failing watcher grows here).",
    labelNames: ['network'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await cursors()) this.set({ network: row.network }, num(row.tip_age));
    },
  });
  new Gauge({
    name: 'wise_chain_scan_failing',
    help: "1 while a network's last scan failed (an error recorded after its last good read), 0 otherwise.",
    labelNames: ['network'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await cursors()) this.set({ network: row.network }, row.failing ? 1 : 0);
    },
  });
}
