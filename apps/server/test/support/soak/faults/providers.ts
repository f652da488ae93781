import type { FaultMode } from '../fault-proxy';
import type { SwitchMode } from '../switch-proxy';
import type { FaultScenario } from './scenario';

/** Every provider (market data, airtime, bills, payouts, bank lookup, SMTP) slow, then failing, then answering garbage, then recovered. */
export const everyProviderFaulty: FaultScenario = {
  id: 'providers',
  name: 'every provider slow, failing, garbage',
  durationMs: 3 * 15_000 + 15_000,
  async run({ env, outage, sleep }) {
    const modes: FaultMode[] = ['slow', 'fail', 'garbage'];
    const fault = outage('providers', { payoutProviderDown: true });
    for (const mode of modes) {
      env.setMode(mode);
      await sleep(15_000);
    }
    env.setMode('pass');
    fault.end();
    await sleep(15_000);
  },
};

/** How long each of the payout and bill providers' failure modes lasts. */
const PHASE_MS = 60_000;
/** After the providers answer again: the retries go out and the payouts are paid. */
const RECOVERY_MS = 30_000;

/**
 * The payout provider (Paystack) and the bill provider (VTpass), through their switch proxies,
 * refuse connections (nothing listens), then answer 500, then hang (the clients' time-outs decide),
 * each for a minute, then answer again. Three minutes without the payout provider is past the
 * soak's PAYOUT_DELAY_NOTICE_MINUTES (1): the customers whose payouts were open then are told once.
 * /readyz stays green: a provider is no readiness dependency.
 */
export const payoutAndBillProvidersDown: FaultScenario = {
  id: 'payout-bill',
  name: 'payout + bill providers refuse, 500, hang',
  durationMs: 3 * PHASE_MS + RECOVERY_MS,
  async run({ switches, outage, sleep, log }) {
    const both = [switches.payouts, switches.bills];
    const modes: SwitchMode[] = ['refuse', 'error', 'hang'];
    for (const mode of modes) {
      const fault = outage(mode, { payoutProviderDown: true });
      await Promise.all(both.map((proxy) => proxy.setMode(mode)));
      log(`    payout and bill providers: ${mode}`);
      await sleep(PHASE_MS);
      fault.end();
    }
    await Promise.all(both.map((proxy) => proxy.setMode('pass')));
    log('    payout and bill providers answer again');
    await sleep(RECOVERY_MS);
  },
};
