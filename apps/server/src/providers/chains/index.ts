import type { Config } from '#server/config';
import { EsploraWatcher } from './esplora';
import { EvmWatcher } from './evm';
import { SolanaWatcher } from './solana';
import { TronWatcher } from './tron';
import type { ChainNetwork, ChainWatcher } from './types';

export * from './types';
export { deriveAddress, parseAccountKey, type AccountKey, type BitcoinNetwork } from './derive';
export { newSolanaReference, transferRequestUrl, type TransferRequest } from './solana-pay';

/**
 * The watcher of each network whose endpoint is configured (docs/crypto-settlement.md). Nothing
 * calls them yet: settling sales from them is the next step, and until then crypto sales are
 * reviewed by hand as before.
 */
export function createChainWatchers(config: Config): Partial<Record<ChainNetwork, ChainWatcher>> {
  const timeoutMs = config.CRYPTO_CHAIN_TIMEOUT_MS;
  const watchers: Partial<Record<ChainNetwork, ChainWatcher>> = {};
  if (config.CRYPTO_ESPLORA_URL) watchers.bitcoin = new EsploraWatcher({ baseUrl: config.CRYPTO_ESPLORA_URL, timeoutMs });
  if (config.CRYPTO_BSC_RPC_URL)
    watchers.bsc = new EvmWatcher({ rpcUrl: config.CRYPTO_BSC_RPC_URL, usdtContract: config.CRYPTO_BSC_USDT_CONTRACT, timeoutMs });
  if (config.CRYPTO_TRON_API_URL) {
    watchers.tron = new TronWatcher({
      baseUrl: config.CRYPTO_TRON_API_URL,
      usdtContract: config.CRYPTO_TRON_USDT_CONTRACT,
      apiKey: config.CRYPTO_TRON_API_KEY,
      timeoutMs,
    });
  }
  if (config.CRYPTO_SOLANA_RPC_URL)
    watchers.solana = new SolanaWatcher({ rpcUrl: config.CRYPTO_SOLANA_RPC_URL, usdtMint: config.CRYPTO_SOLANA_USDT_MINT, timeoutMs });
  return watchers;
}
