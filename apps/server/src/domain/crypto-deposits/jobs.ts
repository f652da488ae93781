import type { JobDefinition, JobSet } from '#server/jobs/worker';
import type { ChainNetwork } from '#server/providers/chains/types';
import { watchNetwork, type WatchDeps } from './watch';

/** One recurring job per network (jobs/README.md, "Every job"), so a slow provider delays only its own network. */
export const DEPOSIT_WATCH_BITCOIN_JOB = 'deposits.watch_bitcoin';
export const DEPOSIT_WATCH_BSC_JOB = 'deposits.watch_bsc';
export const DEPOSIT_WATCH_TRON_JOB = 'deposits.watch_tron';
export const DEPOSIT_WATCH_SOLANA_JOB = 'deposits.watch_solana';

export const depositWatchJobName: Record<ChainNetwork, string> = {
  bitcoin: DEPOSIT_WATCH_BITCOIN_JOB,
  bsc: DEPOSIT_WATCH_BSC_JOB,
  tron: DEPOSIT_WATCH_TRON_JOB,
  solana: DEPOSIT_WATCH_SOLANA_JOB,
};

/**
 * The watch loop as recurring jobs: each configured network every `CRYPTO_WATCH_INTERVAL_MS`, one
 * slot per interval across instances (the queue's schedules). A slot that finds the previous run
 * of its network still going in this process skips, so a hanging provider never piles runs up in
 * the shared lane; runs on two instances at once are harmless (deposits are settled under row locks).
 */
export function depositWatchJobs(deps: WatchDeps): JobSet {
  const running = new Set<ChainNetwork>();
  const networks = (Object.keys(deps.watchers) as ChainNetwork[]).filter((network) => deps.watchers[network]);
  const jobs: JobDefinition[] = networks.map((network) => ({
    name: depositWatchJobName[network],
    // Every call to the provider has its own time limit (CRYPTO_CHAIN_TIMEOUT_MS); a run is a few of them per open deposit.
    timeoutMs: 5 * 60_000,
    handler: async (_payload, { db, logger }) => {
      if (running.has(network)) return;
      running.add(network);
      try {
        await watchNetwork(db, { ...deps, logger }, network);
      } finally {
        running.delete(network);
      }
    },
  }));
  return {
    jobs,
    // One attempt: the next slot, a few seconds on, is the retry.
    schedules: networks.map((network) => ({ name: depositWatchJobName[network], everyMs: deps.policy.intervalMs, maxAttempts: 1 })),
  };
}
