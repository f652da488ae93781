import Decimal from 'decimal.js';
import { COIN_IDS, COINS, SPARKLINE_MAX_POINTS, type CoinId } from '@wise/shared';
import type { Clock } from '#server/lib/clock';
import { percentFromNumber, sparklinePoint } from './decimal';
import type { CoinMarket, MarketDataProvider, TrendingCoinData } from './types';

const HOUR_MS = 3_600_000;

/** One slow swing of the price: `amplitude` in log-price, over `periodH` hours. */
interface Wave {
  amplitude: number;
  periodH: number;
  phase: number;
}

interface SandboxCoin {
  id: string;
  symbol: string;
  name: string;
  baseUsd: number;
  waves: Wave[];
}

/** A few incommensurate periods per coin, so the lines wander without visibly repeating. */
const waves = (volatility: number, seed: number): Wave[] => [
  { amplitude: volatility, periodH: 173 + seed * 7, phase: seed * 1.3 },
  { amplitude: volatility * 0.45, periodH: 29 + seed * 3, phase: seed * 2.1 },
  { amplitude: volatility * 0.15, periodH: 5.3 + seed * 0.7, phase: seed * 0.4 },
  { amplitude: volatility * 0.04, periodH: 0.9 + seed * 0.11, phase: seed * 3.7 },
];

/** The sellable coins, near their late-2025 levels (docs/decisions.md §6: realistic). */
const SELLABLE: Record<CoinId, SandboxCoin> = {
  btc: { id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin', baseUsd: 95_000, waves: waves(0.05, 1) },
  usdt: { id: 'tether', symbol: 'USDT', name: 'Tether', baseUsd: 1, waves: waves(0.0006, 2) },
  bnb: { id: 'binancecoin', symbol: 'BNB', name: 'BNB', baseUsd: 650, waves: waves(0.06, 3) },
  sol: { id: 'solana', symbol: 'SOL', name: 'Solana', baseUsd: 180, waves: waves(0.09, 4) },
};

const TRENDING: SandboxCoin[] = [
  SELLABLE.sol,
  { id: 'ethereum', symbol: 'ETH', name: 'Ethereum', baseUsd: 3_400, waves: waves(0.07, 5) },
  SELLABLE.btc,
  { id: 'ripple', symbol: 'XRP', name: 'XRP', baseUsd: 2.3, waves: waves(0.1, 6) },
  SELLABLE.bnb,
  { id: 'dogecoin', symbol: 'DOGE', name: 'Dogecoin', baseUsd: 0.32, waves: waves(0.14, 7) },
  { id: 'cardano', symbol: 'ADA', name: 'Cardano', baseUsd: 0.95, waves: waves(0.12, 8) },
  { id: 'tron', symbol: 'TRX', name: 'TRON', baseUsd: 0.24, waves: waves(0.06, 9) },
  { id: 'the-open-network', symbol: 'TON', name: 'Toncoin', baseUsd: 5.4, waves: waves(0.11, 10) },
  { id: 'chainlink', symbol: 'LINK', name: 'Chainlink', baseUsd: 22, waves: waves(0.12, 11) },
  { id: 'sui', symbol: 'SUI', name: 'Sui', baseUsd: 4.1, waves: waves(0.15, 12) },
  { id: 'pepe', symbol: 'PEPE', name: 'Pepe', baseUsd: 0.000018, waves: waves(0.2, 13) },
];

/** Naira per US dollar: near ₦1,600, drifting slowly. */
const NGN_PER_USD: SandboxCoin = { id: 'ngn', symbol: 'NGN', name: 'Naira', baseUsd: 1_600, waves: waves(0.012, 14) };

/** A smooth, deterministic price: base × e^(sum of slow sines of time). */
function sandboxPrice(coin: SandboxCoin, atMs: number): number {
  const hours = atMs / HOUR_MS;
  const level = coin.waves.reduce((sum, w) => sum + w.amplitude * Math.sin((2 * Math.PI * hours) / w.periodH + w.phase), 0);
  return coin.baseUsd * Math.exp(level);
}

/** Hourly points over the last week, the newest being now, from the same function as the price. */
function sandboxSparkline(coin: SandboxCoin, atMs: number): number[] {
  return Array.from({ length: SPARKLINE_MAX_POINTS }, (_, i) =>
    sparklinePoint(sandboxPrice(coin, atMs - (SPARKLINE_MAX_POINTS - 1 - i) * HOUR_MS)),
  );
}

const usd = (value: number) => new Decimal(value.toPrecision(8)).toFixed();
const ngn = (value: number) => new Decimal(value.toPrecision(15)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed();
const change24h = (coin: SandboxCoin, atMs: number) =>
  percentFromNumber((sandboxPrice(coin, atMs) / sandboxPrice(coin, atMs - 24 * HOUR_MS) - 1) * 100);

/**
 * Offline market data, used when no COINGECKO_API_KEY is set: BTC ≈ $95k, USDT ≈ $1.00, BNB ≈ $650,
 * SOL ≈ $180, ₦1,600 ≈ $1, and twelve trending coins. Prices are a function of the clock alone,
 * so the same instant always gives the same figures and they move smoothly as time passes.
 */
export class SandboxMarketData implements MarketDataProvider {
  readonly name = 'sandbox' as const;
  constructor(private readonly clock: Clock) {}

  async fetchMarkets(): Promise<CoinMarket[]> {
    const atMs = this.clock.now().getTime();
    const ngnPerUsd = sandboxPrice(NGN_PER_USD, atMs);
    return COIN_IDS.map((id) => {
      const coin = SELLABLE[id];
      const priceUsd = usd(sandboxPrice(coin, atMs));
      return {
        coin: id,
        symbol: COINS[id].symbol,
        name: COINS[id].name,
        priceUsd,
        priceNgn: ngn(Number(priceUsd) * ngnPerUsd),
        change24hPct: change24h(coin, atMs),
        sparkline7d: sandboxSparkline(coin, atMs),
      };
    });
  }

  async fetchTrending(): Promise<TrendingCoinData[]> {
    const atMs = this.clock.now().getTime();
    return TRENDING.map((coin) => ({
      id: coin.id,
      symbol: coin.symbol,
      name: coin.name,
      priceUsd: usd(sandboxPrice(coin, atMs)),
      change24hPct: change24h(coin, atMs),
      sparkline7d: sandboxSparkline(coin, atMs),
    }));
  }
}
