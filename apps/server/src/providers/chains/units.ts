import type { CoinId, CryptoNetworkId } from '@wise/shared';

/**
 * The base unit of each coin on each network it is taken on: what a `ChainTransfer.amount` counts.
 * A sale's coin amount is a decimal in the coin; the chain's is an integer in these units, and the
 * two are compared in base units, exactly (docs/crypto-settlement.md).
 */
export const BASE_UNIT_DECIMALS: Readonly<Record<CoinId, Partial<Record<CryptoNetworkId, number>>>> = {
  btc: { bitcoin: 8 },
  bnb: { bsc: 18 },
  // BEP20 USDT has 18 decimals, TRC20 and Solana's mint 6.
  usdt: { bsc: 18, tron: 6, solana: 6 },
  sol: { solana: 9 },
};

export function baseUnitDecimals(coin: CoinId, network: CryptoNetworkId): number {
  const decimals = BASE_UNIT_DECIMALS[coin][network];
  if (decimals === undefined) throw new RangeError(`${coin} is not taken on ${network}`);
  return decimals;
}

/** "0.015" BTC → 1500000n satoshi. Refuses a finer amount than the unit (it cannot be on chain). */
export function toBaseUnits(amount: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`not a plain decimal: ${amount}`);
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) throw new RangeError(`${amount} is finer than ${decimals} decimals`);
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

/** 1500000n satoshi → "0.015". */
export function fromBaseUnits(amount: bigint, decimals: number): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The form each watcher's `transaction(txid)` reads: BSC's hash with 0x, the others as stored. */
export const chainTxidOf = (network: CryptoNetworkId, storedId: string) => (network === 'bsc' ? `0x${storedId}` : storedId);

/** Whether two addresses of `network` are the same: EVM addresses compare without their checksum case. */
export const sameAddress = (network: CryptoNetworkId, a: string, b: string) =>
  network === 'bsc' ? a.toLowerCase() === b.toLowerCase() : a === b;
