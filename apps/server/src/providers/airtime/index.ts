import type { Config } from '#server/config';
import { createVtpassClient, type VtpassConfig } from '../vtpass/index';
import { HttpAirtimeProvider } from './http';
import { SandboxAirtimeProvider } from './sandbox';
import type { AirtimeProvider } from './types';

export type { AirtimeProvider, AirtimePurchase } from './types';

/** VTpass when chosen (BILLS_PROVIDER; unset in a hand-built config means not chosen), else the real provider when its key is configured, the offline sandbox otherwise (docs/decisions.md §6). */
export function createAirtimeProvider(
  config: Pick<Config, 'AIRTIME_PUBLIC_KEY' | 'AIRTIME_BASE_URL' | 'AIRTIME_TIMEOUT_MS'> & Partial<VtpassConfig>,
): AirtimeProvider {
  if (config.BILLS_PROVIDER === 'vtpass') return createVtpassClient(config, config.AIRTIME_TIMEOUT_MS) ?? new SandboxAirtimeProvider();
  if (!config.AIRTIME_PUBLIC_KEY || !config.AIRTIME_BASE_URL) return new SandboxAirtimeProvider();
  return new HttpAirtimeProvider({
    publicKey: config.AIRTIME_PUBLIC_KEY,
    baseUrl: config.AIRTIME_BASE_URL,
    timeoutMs: config.AIRTIME_TIMEOUT_MS,
  });
}
