import type { FaultScenario } from './scenario';

/** `pg_ctl restart -m fast` four times, 15 s apart: every connection ends under load, the server is back in about a second. */
export const postgresRestarts: FaultScenario = {
  id: 'postgres-restart',
  name: 'PostgreSQL restart -m fast ×4',
  durationMs: 4 * 15_000,
  async run({ postgres, outage, sleep, log }) {
    for (let i = 1; i <= 4; i += 1) {
      const fault = outage(`restart ${i}`, { readiness: { failing: 'database' } });
      await postgres.restart();
      fault.end();
      log(`    PostgreSQL restarted (${i} of 4)`);
      await sleep(15_000);
    }
  },
};

/** `pg_ctl stop -m fast`, 60 s down, then started again. */
export const postgresStop: FaultScenario = {
  id: 'postgres-stop',
  name: 'PostgreSQL down 60 s',
  durationMs: 60_000 + 20_000,
  async run({ postgres, outage, sleep, log }) {
    const fault = outage('stopped', { readiness: { failing: 'database' } });
    await postgres.stop();
    log('    PostgreSQL stopped');
    await sleep(60_000);
    await postgres.start();
    fault.end();
    log('    PostgreSQL started');
    await sleep(20_000);
  },
};
