import type { Config } from '#server/config';
import { PaystackBankLookup } from './paystack';
import { SandboxBankLookup } from './sandbox';
import type { BankLookup } from './types';

export type { BankLookup, LookupAsker } from './types';
export { BankLookupError } from './types';

/** The real client when its key is configured, the offline sandbox otherwise (docs/decisions.md §6). */
export function createBankLookup(config: Pick<Config, 'BANK_LOOKUP_SECRET_KEY' | 'BANK_LOOKUP_BASE_URL'>): BankLookup {
  return config.BANK_LOOKUP_SECRET_KEY
    ? new PaystackBankLookup(config.BANK_LOOKUP_SECRET_KEY, config.BANK_LOOKUP_BASE_URL)
    : new SandboxBankLookup();
}
