import type { Config } from '#server/config';
import { createVtpassClient, type VtpassConfig } from '../vtpass/index';
import { HttpBillsProvider } from './http';
import { SandboxBillsProvider } from './sandbox';
import type { BillsProvider } from './types';

export type { BillsProvider, CustomerCheck, ProviderPlan, PurchaseResult, StatusResult } from './types';
export { BillsProviderError } from './types';

/** VTpass when chosen (BILLS_PROVIDER; unset in a hand-built config means not chosen), else the real bill-payment service when its key is configured, the offline sandbox otherwise (docs/decisions.md §6). */
export function createBillsProvider(
  config: Pick<Config, 'BILLS_PUBLIC_KEY' | 'BILLS_BASE_URL' | 'BILLS_TIMEOUT_MS'> & Partial<VtpassConfig>,
): BillsProvider {
  if (config.BILLS_PROVIDER === 'vtpass') return createVtpassClient(config, config.BILLS_TIMEOUT_MS) ?? new SandboxBillsProvider();
  if (!config.BILLS_PUBLIC_KEY || !config.BILLS_BASE_URL) return new SandboxBillsProvider();
  return new HttpBillsProvider({ publicKey: config.BILLS_PUBLIC_KEY, baseUrl: config.BILLS_BASE_URL, timeoutMs: config.BILLS_TIMEOUT_MS });
}
