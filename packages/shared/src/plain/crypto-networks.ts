/*
 * The networks we take coins on (docs/features.md, "Crypto speaks naira"): one id per chain, the
 * same ids the per-customer deposit addresses use. Our own wallet addresses and every crypto sale
 * name one of them; the database holds each to the pairs below (0052). Plain (no zod): the sell
 * screens use it before any schema.
 */
import type { CoinId } from './crypto';
import type { AddressFormat } from './wallet-addresses';

export const CRYPTO_NETWORK_IDS = ['bitcoin', 'tron', 'bsc', 'solana'] as const;
export type CryptoNetworkId = (typeof CRYPTO_NETWORK_IDS)[number];

/** `label` is what wallets and exchanges call the network (TRC20, BEP20); `chain` the chain itself. */
export const CRYPTO_NETWORKS = {
  bitcoin: { label: 'Bitcoin', chain: 'Bitcoin', addressFormat: 'bitcoin' },
  tron: { label: 'TRC20', chain: 'TRON', addressFormat: 'tron' },
  bsc: { label: 'BEP20', chain: 'BNB Smart Chain', addressFormat: 'evm' },
  solana: { label: 'Solana', chain: 'Solana', addressFormat: 'solana' },
} as const satisfies Record<CryptoNetworkId, { label: string; chain: string; addressFormat: AddressFormat }>;

/** The networks each coin is taken on, in the order customers read them (0052's crypto_coin_networks). */
export const COIN_NETWORKS: Readonly<Record<CoinId, readonly CryptoNetworkId[]>> = {
  btc: ['bitcoin'],
  usdt: ['tron', 'bsc'],
  bnb: ['bsc'],
  sol: ['solana'],
};

export const isCryptoNetworkId = (value: unknown): value is CryptoNetworkId =>
  typeof value === 'string' && (CRYPTO_NETWORK_IDS as readonly string[]).includes(value);

/** Whether `coin` is taken on `network` (an unknown id is no network of any coin). */
export const coinTakenOn = (coin: CoinId, network: unknown): network is CryptoNetworkId =>
  isCryptoNetworkId(network) && COIN_NETWORKS[coin].includes(network);

/** The coin's one network, or undefined when the customer has to choose (USDT). */
export const onlyNetworkOf = (coin: CoinId): CryptoNetworkId | undefined =>
  COIN_NETWORKS[coin].length === 1 ? COIN_NETWORKS[coin][0] : undefined;

/** "TRON (TRC20)", "BNB Smart Chain (BEP20)"; "Bitcoin" and "Solana" as they are. */
export function networkName(network: CryptoNetworkId): string {
  const { label, chain } = CRYPTO_NETWORKS[network];
  return label === chain ? chain : `${chain} (${label})`;
}

export const cryptoNetworkMessages = {
  /** A USDT sale sent without its network. */
  networkRequired: 'Choose the network you sent the coins on',
  /** A network the coin is not taken on (BTC on BEP20, or no network of ours). */
  networkInvalid: (symbol: string) => `We do not take ${symbol} on this network`,
} as const;
