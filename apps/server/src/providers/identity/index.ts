import type { Config } from '#server/config';
import { DojahIdentityProvider } from './dojah';
import { SandboxIdentityProvider } from './sandbox';
import type { IdentityProvider } from './types';

export type { DocumentImages, DocumentVerdict, IdentityAsker, IdentityProvider } from './types';
export { IdentityProviderError } from './types';
export { SANDBOX_IDENTITY_NUMBERS } from './sandbox';

type IdentityConfig = Pick<Config, 'IDENTITY_PROVIDER' | 'DOJAH_APP_ID' | 'DOJAH_SECRET_KEY' | 'DOJAH_BASE_URL' | 'IDENTITY_TIMEOUT_MS'>;

/** Dojah when IDENTITY_PROVIDER=dojah (config.ts has checked its keys), the offline sandbox otherwise. */
export function createIdentityProvider(config: IdentityConfig): IdentityProvider {
  if (config.IDENTITY_PROVIDER === 'dojah' && config.DOJAH_APP_ID && config.DOJAH_SECRET_KEY) {
    return new DojahIdentityProvider(config.DOJAH_APP_ID, config.DOJAH_SECRET_KEY, config.DOJAH_BASE_URL, config.IDENTITY_TIMEOUT_MS);
  }
  return new SandboxIdentityProvider();
}
