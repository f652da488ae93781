import type { FaultScenario } from './scenario';

const DOWN_MS = 60_000;

/**
 * The instances' private Redis killed (SIGKILL) for 60 s, then started again, empty, on its port.
 * Expected: rate limits fall back to each instance's memory and sessions are read from the
 * database, never a 500 or a 503; /readyz stays 200 and says `degraded: ["redis"]`, and plain ok
 * once the instances have reconnected by themselves (within 2 s).
 */
export const redisDown: FaultScenario = {
  id: 'redis',
  name: 'Redis killed for 60 s',
  durationMs: DOWN_MS + 20_000,
  async run({ redis, outage, sleep, log }) {
    await redis.kill();
    const fault = outage('killed', { readiness: { degraded: 'redis' } });
    log('    Redis killed');
    await sleep(DOWN_MS);
    await redis.start();
    fault.end();
    log('    Redis started again');
    await sleep(20_000);
  },
};
