import type { Config } from '../../config';
import { HttpAirtimeProvider } from './http';
import { SandboxAirtimeProvider } from './sandbox';
import type { AirtimeProvider } from './types';

export type { AirtimeProvider, AirtimePurchase } from './types';

/** The real provider when its key is configured, the offline sandbox otherwise (docs/decisions.md §6). */
export function createAirtimeProvider(config: Pick<Config, 'AIRTIME_PUBLIC_KEY' | 'AIRTIME_BASE_URL' | 'AIRTIME_TIMEOUT_MS'>): AirtimeProvider {
  if (!config.AIRTIME_PUBLIC_KEY || !config.AIRTIME_BASE_URL) return new SandboxAirtimeProvider();
  return new HttpAirtimeProvider({ publicKey: config.AIRTIME_PUBLIC_KEY, baseUrl: config.AIRTIME_BASE_URL, timeoutMs: config.AIRTIME_TIMEOUT_MS });
}
