import { COINS, formatCardAmount, formatDecimal, type CoinId } from '@wise/shared';
import { formatCoinPrice } from '#web/lib/format';

/*
 * Staff read the same figures as customers, written the same way (grouped thousands, 2 decimals
 * for money, 5 significant digits for a coin price), by the customer screens' own formatters.
 */

/** `"1450.5"` naira per `USD` → `₦1,450.50/USD`; the value as the server wrote it when not a decimal. */
export function formatRate(rate: string, currency: string): string {
  return `₦${formatDecimal(rate)}/${currency}`;
}

/** A signed naira adjustment: `"-20.00"` → `−₦20.00`, `"15"` → `+₦15.00`, `"0"` → `₦0.00`. */
export function formatAdjustment(amount: string): string {
  const trimmed = amount.trim();
  const negative = trimmed.startsWith('-');
  const magnitude = formatDecimal(negative || trimmed.startsWith('+') ? trimmed.slice(1) : trimmed);
  if (!/^[\d,]+\.\d+$/.test(magnitude)) return amount;
  if (!/[1-9]/.test(magnitude)) return `₦${magnitude}`;
  return negative ? `−₦${magnitude}` : `+₦${magnitude}`;
}

/** A gift card's amount in its currency (`$25.00`); a coin amount as sent (`0.015 BTC`). */
export function formatSaleAmount(sale: {
  currency: string;
  currency_amount: string;
  coin: CoinId | null;
  coin_amount: string | null;
}): string {
  if (sale.coin && sale.coin_amount) return `${sale.coin_amount} ${COINS[sale.coin].symbol}`;
  return formatCardAmount(sale.currency_amount, sale.currency);
}

/** What a coin sale was worth in dollars, to the cent: `"514.8573"` → `$514.86`. */
export const formatUsdWorth = (usd: string): string => formatCardAmount(usd, 'USD');

/** A coin's dollar price as customers see it (5 significant digits): `"102971.46"` → `$102,970`. */
export const formatCoinPriceUsd = (priceUsd: string): string => formatCoinPrice(priceUsd);

/** Waiting time from minutes: `45 min`, `3 h 5 min`, `2 d 4 h`. */
export function formatAge(minutes: number): string {
  if (minutes < 1) return 'under 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
