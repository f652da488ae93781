import type { FaultMode } from '../fault-proxy';
import type { FaultScenario } from './scenario';

/** Every provider (market data, airtime, bills, payouts, bank lookup, SMTP) slow, then failing, then answering garbage, then recovered. */
export const everyProviderFaulty: FaultScenario = {
  name: 'every provider slow, failing, garbage',
  durationMs: 3 * 15_000 + 15_000,
  async run({ env, outage, sleep }) {
    const modes: FaultMode[] = ['slow', 'fail', 'garbage'];
    const fault = outage('providers');
    for (const mode of modes) {
      env.setMode(mode);
      await sleep(15_000);
    }
    env.setMode('pass');
    fault.end();
    await sleep(15_000);
  },
};
