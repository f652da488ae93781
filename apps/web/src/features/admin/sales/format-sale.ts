import { COINS, type CoinId } from '@wise/shared';

/** `"1450.5"` naira per `USD` → `₦1,450.50/USD`; decimals as the server wrote them when not a number. */
export function formatRate(rate: string, currency: string): string {
  const value = Number(rate);
  if (!Number.isFinite(value)) return `₦${rate}/${currency}`;
  return `₦${value.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}/${currency}`;
}

/** A signed naira adjustment: `"-20.00"` → `−₦20.00`, `"15"` → `+₦15.00`. */
export function formatAdjustment(amount: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  const text = `₦${Math.abs(value).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return value < 0 ? `−${text}` : `+${text}`;
}

/** `"25.00"` `USD` → `USD 25.00`; a coin amount → `0.015 BTC`. */
export function formatSaleAmount(sale: { currency: string; currency_amount: string; coin: CoinId | null; coin_amount: string | null }): string {
  if (sale.coin && sale.coin_amount) return `${sale.coin_amount} ${COINS[sale.coin].symbol}`;
  return `${sale.currency} ${sale.currency_amount}`;
}

/** Waiting time from minutes: `45 min`, `3 h 5 min`, `2 d 4 h`. */
export function formatAge(minutes: number): string {
  if (minutes < 1) return 'under 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

