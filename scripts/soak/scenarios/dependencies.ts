import { startPrivateRedis, type PrivateRedis } from '../../../apps/server/test/support/redis-server';
import type { SoakEvent } from '../../../apps/server/test/support/soak/soak';
import type { SwitchMode, SwitchProxy } from './switch-proxy';

/**
 * The dependency scenarios of the fault soak (docs/RELIABILITY.md, "Redis outages" and "Provider
 * outages"), each a list of timed events for `runSoak`, so the harness can run them alone or after
 * its own:
 *
 * - `redisOutage`: the instances' PRIVATE redis-server (never the shared one) killed with SIGKILL,
 *   then started again on the same port `downMs` later (default 60 s);
 * - `providerOutage`: the payout and bill providers, through their switch proxies, refuse
 *   connections, then fail with 500, then hang, each for `phaseMs`, then answer again.
 *
 * Expected (the checks in dependency-faults.ts): no process exits, no 500, payouts and bill orders
 * settle once each, the ledger balances, and every customer whose payout was delayed past
 * PAYOUT_DELAY_NOTICE_MINUTES is told once.
 */

export interface RedisHandle {
  current: PrivateRedis;
}

export function redisOutage(redis: RedisHandle, options: { atMs: number; downMs?: number }): SoakEvent[] {
  const downMs = options.downMs ?? 60_000;
  return [
    { atMs: options.atMs, label: `kill Redis (private, port ${redis.current.port}) for ${Math.round(downMs / 1000)} s`, run: () => redis.current.kill() },
    {
      atMs: options.atMs + downMs,
      label: 'start Redis again',
      run: async () => {
        redis.current = await startPrivateRedis(redis.current.port);
      },
    },
  ];
}

export function providerOutage(proxies: SwitchProxy[], options: { atMs: number; phaseMs: number }): SoakEvent[] {
  const phases: SwitchMode[] = ['refuse', 'error', 'hang', 'pass'];
  const names = proxies.map((proxy) => proxy.name).join(' and ');
  return phases.map((mode, index) => ({
    atMs: options.atMs + index * options.phaseMs,
    label: mode === 'pass' ? `${names} answer again` : `${names}: ${mode}`,
    run: async () => {
      await Promise.all(proxies.map((proxy) => proxy.setMode(mode)));
    },
  }));
}
