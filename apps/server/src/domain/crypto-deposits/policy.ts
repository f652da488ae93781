import type { CoinId } from '@wise/shared';
import type { Config } from '#server/config';
import type { ChainAsset, ChainNetwork } from '#server/providers/chains/types';

/**
 * The settlement policy (docs/crypto-settlement.md, "Settings"): confirmations per network, the
 * tolerance on a quoted amount, the smallest deposit bought per coin, and the automatic approvals'
 * limits. Read from the configuration once; the watch loop, the routes and the tests share it.
 */
export interface DepositPolicy {
  confirmations: Record<ChainNetwork, number>;
  /** An amount within this percentage of the quote's is paid for what arrived, at the quote's rate. */
  tolerancePercent: number;
  /** In the coin, as plain decimals: below it a deposit is held, not sold. */
  minimum: Record<CoinId, string>;
  /** The system approves one deposit sale of at most this (kobo), and at most `autoDailyKobo` a business day. */
  autoSingleKobo: number;
  autoDailyKobo: number;
  timeZone: string;
  /** How often the loop reads each network. */
  intervalMs: number;
}

export function depositPolicyOf(config: Config): DepositPolicy {
  return {
    confirmations: {
      bitcoin: config.CRYPTO_CONFIRMATIONS_BITCOIN,
      bsc: config.CRYPTO_CONFIRMATIONS_BSC,
      tron: config.CRYPTO_CONFIRMATIONS_TRON,
      solana: config.CRYPTO_CONFIRMATIONS_SOLANA,
    },
    tolerancePercent: config.CRYPTO_DEPOSIT_TOLERANCE_PERCENT,
    minimum: {
      btc: config.CRYPTO_MIN_DEPOSIT_BTC,
      usdt: config.CRYPTO_MIN_DEPOSIT_USDT,
      bnb: config.CRYPTO_MIN_DEPOSIT_BNB,
      sol: config.CRYPTO_MIN_DEPOSIT_SOL,
    },
    autoSingleKobo: config.AUTO_APPROVAL_LIMIT_NAIRA * 100,
    autoDailyKobo: config.AUTO_APPROVAL_DAILY_LIMIT_NAIRA * 100,
    timeZone: config.APP_TIMEZONE,
    intervalMs: config.CRYPTO_WATCH_INTERVAL_MS,
  };
}

/**
 * Decimals of an asset's base unit on a network (providers/chains/types.ts: amounts are integers in
 * it). USDT BEP20 has 18, TRC20 and Solana's mint 6. A look-alike token's decimals are unknown: it
 * is shown at the network's usual token decimals and never sold.
 */
export function assetDecimals(network: ChainNetwork, asset: ChainAsset): number {
  if (asset === 'btc') return 8;
  if (asset === 'sol') return 9;
  if (network === 'bsc') return 18;
  if (network === 'solana') return asset === 'usdt' ? 6 : 9;
  return 6;
}

/** An integer amount of base units as a plain decimal string of the coin ("0.0015"). */
export function unitsToDecimal(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A plain decimal cut (not rounded) to `decimals` places: a sale is for what arrived, never more. */
export function truncateDecimal(amount: string, decimals: number): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const cut = fraction.slice(0, decimals).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : whole;
}

/** The transaction on the network's public explorer. */
export function explorerUrl(network: ChainNetwork, txid: string, bitcoinNetwork: 'mainnet' | 'testnet' | 'regtest' = 'mainnet'): string {
  const id = encodeURIComponent(txid);
  switch (network) {
    case 'bitcoin':
      return bitcoinNetwork === 'mainnet' ? `https://mempool.space/tx/${id}` : `https://mempool.space/testnet/tx/${id}`;
    case 'bsc':
      return `https://bscscan.com/tx/${id}`;
    case 'tron':
      return `https://tronscan.org/#/transaction/${id}`;
    case 'solana':
      return `https://solscan.io/tx/${id}`;
  }
}

/** The one form chain_deposits keeps a transaction ID in (0054's CHECK): hex lower-cased, 0x in front on BSC only. */
export function depositTxid(network: ChainNetwork, txid: string): string {
  if (network === 'solana') return txid;
  const hex = txid.toLowerCase().replace(/^0x/, '');
  return network === 'bsc' ? `0x${hex}` : hex;
}

/** The same transaction ID as a sale stores it (0044: hex without 0x; a Solana signature as it is). */
export function saleTxid(network: ChainNetwork, txid: string): string {
  return network === 'solana' ? txid : txid.toLowerCase().replace(/^0x/, '');
}
