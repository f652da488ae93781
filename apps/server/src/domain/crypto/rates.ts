import type Decimal from 'decimal.js';
import { COIN_IDS, type CoinId } from '@wise/shared';
import type { Db } from '#server/db/client';
import { cryptoPriceAdjustments } from '#server/db/schema/index';
import { Dec } from './money';

/** The platform's signed naira adjustment per coin (the original display_price*.php). */
export type Adjustments = Record<CoinId, Decimal>;

/** A coin without a row has no adjustment: the market rate stands. */
export async function loadAdjustments(db: Db): Promise<Adjustments> {
  const rows = await db.select().from(cryptoPriceAdjustments);
  const adjustments = Object.fromEntries(COIN_IDS.map((coin) => [coin, new Dec(0)])) as Adjustments;
  for (const row of rows) adjustments[row.coin] = new Dec(row.adjustmentNgn);
  return adjustments;
}

export interface CoinRate {
  /** USDT/NGN market rate ± the USDT adjustment. */
  usdtRateNgn: Decimal;
  /** This coin's own adjustment; zero for USDT, whose adjustment is already in usdtRateNgn. */
  coinAdjustmentNgn: Decimal;
  /** Naira per US dollar of this coin. */
  rateNgnPerUsd: Decimal;
}

/**
 * docs/decisions.md §4 / docs/product.md §9: naira per USD for a coin = the USDT market rate in NGN ± the USDT
 * adjustment, then ± that coin's own adjustment for BTC, BNB and SOL.
 */
export function rateFor(coin: CoinId, usdtMarketRateNgn: Decimal.Value, adjustments: Adjustments): CoinRate {
  const usdtRateNgn = new Dec(usdtMarketRateNgn).plus(adjustments.usdt);
  const coinAdjustmentNgn = coin === 'usdt' ? new Dec(0) : adjustments[coin];
  return { usdtRateNgn, coinAdjustmentNgn, rateNgnPerUsd: usdtRateNgn.plus(coinAdjustmentNgn) };
}
