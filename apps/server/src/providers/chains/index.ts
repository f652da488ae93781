import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { systemClock, type Clock } from '#server/lib/clock';
import { EsploraWatcher } from './esplora';
import { EvmWatcher } from './evm';
import { SandboxChain } from './sandbox';
import { SolanaWatcher } from './solana';
import { TronWatcher } from './tron';
import { CHAIN_NETWORKS, type ChainNetwork, type ChainWatcher } from './types';

export * from './types';
export { deriveAddress, parseAccountKey, type AccountKey, type BitcoinNetwork } from './derive';
export { newSolanaReference, transferRequestUrl, type TransferRequest } from './solana-pay';
export { SandboxChain, SandboxChainError, type SandboxSendRequest, type SandboxSent } from './sandbox';

type ChainConfig = Pick<
  Config,
  | 'sandboxChain'
  | 'SANDBOX_CHAIN_BLOCK_MS'
  | 'CRYPTO_CHAIN_TIMEOUT_MS'
  | 'CRYPTO_BITCOIN_NETWORK'
  | 'CRYPTO_ESPLORA_URL'
  | 'CRYPTO_BSC_RPC_URL'
  | 'CRYPTO_BSC_USDT_CONTRACT'
  | 'CRYPTO_TRON_API_URL'
  | 'CRYPTO_TRON_API_KEY'
  | 'CRYPTO_TRON_USDT_CONTRACT'
  | 'CRYPTO_SOLANA_RPC_URL'
  | 'CRYPTO_SOLANA_RECIPIENT'
  | 'CRYPTO_SOLANA_USDT_MINT'
>;

/** The sandbox chain on `db` as the configuration describes it, or null when the sandbox is off (production, a real chain configured). */
export function sandboxChainFromConfig(config: ChainConfig, db: Db, clock: Clock = systemClock): SandboxChain | null {
  if (!config.sandboxChain || !config.CRYPTO_SOLANA_RECIPIENT) return null;
  return new SandboxChain(
    db,
    {
      blockMs: config.SANDBOX_CHAIN_BLOCK_MS,
      bitcoinNetwork: config.CRYPTO_BITCOIN_NETWORK,
      bscUsdtContract: config.CRYPTO_BSC_USDT_CONTRACT,
      tronUsdtContract: config.CRYPTO_TRON_USDT_CONTRACT,
      solanaUsdtMint: config.CRYPTO_SOLANA_USDT_MINT,
      solanaRecipient: config.CRYPTO_SOLANA_RECIPIENT,
    },
    clock,
  );
}

/** The networks `createChainWatchers` gives a watcher for, without building them (the alert check asks). */
export function watchedChainNetworks(config: ChainConfig): ChainNetwork[] {
  if (config.sandboxChain && config.CRYPTO_SOLANA_RECIPIENT) return [...CHAIN_NETWORKS];
  const endpoints: Record<ChainNetwork, string | undefined> = {
    bitcoin: config.CRYPTO_ESPLORA_URL,
    bsc: config.CRYPTO_BSC_RPC_URL,
    tron: config.CRYPTO_TRON_API_URL,
    solana: config.CRYPTO_SOLANA_RPC_URL,
  };
  return CHAIN_NETWORKS.filter((network) => endpoints[network] !== undefined);
}

/**
 * The watcher of each network whose endpoint is configured (docs/crypto-settlement.md), or, with
 * the sandbox chain on (outside production with no chain configured, or SANDBOX_CHAIN=true), the
 * sandbox's watcher of every network, kept in `db` so that every instance watches one chain.
 */
export function createChainWatchers(config: ChainConfig, db: Db, clock: Clock = systemClock): Partial<Record<ChainNetwork, ChainWatcher>> {
  const sandbox = sandboxChainFromConfig(config, db, clock);
  if (sandbox) return Object.fromEntries(CHAIN_NETWORKS.map((network) => [network, sandbox.watcher(network)]));
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
