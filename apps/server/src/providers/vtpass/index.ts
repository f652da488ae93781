import type { Config } from '#server/config';
import { VtpassClient } from './client';

export { VtpassClient, type VtpassOptions } from './client';

export type VtpassConfig = Pick<
  Config,
  'BILLS_PROVIDER' | 'VTPASS_API_KEY' | 'VTPASS_PUBLIC_KEY' | 'VTPASS_SECRET_KEY' | 'VTPASS_BASE_URL'
>;

/**
 * The VTpass client when BILLS_PROVIDER=vtpass and its settings are all there; otherwise undefined
 * (config.ts refuses vtpass without them in production, so only development falls back to the sandbox).
 */
export function createVtpassClient(config: Partial<VtpassConfig>, timeoutMs: number): VtpassClient | undefined {
  if (config.BILLS_PROVIDER !== 'vtpass') return undefined;
  const { VTPASS_API_KEY: apiKey, VTPASS_PUBLIC_KEY: publicKey, VTPASS_SECRET_KEY: secretKey, VTPASS_BASE_URL: baseUrl } = config;
  if (!apiKey || !publicKey || !secretKey || !baseUrl) return undefined;
  return new VtpassClient({ apiKey, publicKey, secretKey, baseUrl, timeoutMs });
}
