import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { SandboxMarketData } from '../src/providers/market-data/sandbox';
import type { CoinMarket } from '../src/providers/market-data/types';

/** The offline market data (docs/decisions.md §6): realistic, deterministic for a given clock, smooth over time. */

const HOUR_MS = 3_600_000;
const at = (iso: string) => new SandboxMarketData(new ManualClock(iso));
const byCoin = (coins: CoinMarket[]) => Object.fromEntries(coins.map((c) => [c.coin, c]));
const usd = (coins: CoinMarket[], coin: string) => Number(byCoin(coins)[coin]?.priceUsd);

describe('sandbox market data', () => {
  it('is the same for the same instant, whichever instance asks', async () => {
    const a = await at('2026-03-02T08:15:00Z').fetchMarkets();
    const b = await at('2026-03-02T08:15:00Z').fetchMarkets();
    expect(a).toEqual(b);
    expect(await at('2026-03-02T08:15:00Z').fetchTrending()).toEqual(await at('2026-03-02T08:15:00Z').fetchTrending());
  });

  it('sits near real levels: BTC ≈ $95k, USDT ≈ $1.00 and ₦1,600, BNB ≈ $650, SOL ≈ $180', async () => {
    // Sampled over two months so every swing of the waves is visited.
    for (let day = 0; day < 60; day += 1) {
      const coins = byCoin(
        await at(new Date(Date.parse('2026-01-01T00:00:00Z') + day * 24 * HOUR_MS + day * 997_000).toISOString()).fetchMarkets(),
      );
      expect(Number(coins.btc?.priceUsd)).toBeGreaterThan(80_000);
      expect(Number(coins.btc?.priceUsd)).toBeLessThan(112_000);
      expect(Number(coins.usdt?.priceUsd)).toBeGreaterThan(0.997);
      expect(Number(coins.usdt?.priceUsd)).toBeLessThan(1.003);
      expect(Number(coins.usdt?.priceNgn)).toBeGreaterThan(1_550);
      expect(Number(coins.usdt?.priceNgn)).toBeLessThan(1_650);
      expect(Number(coins.bnb?.priceUsd)).toBeGreaterThan(520);
      expect(Number(coins.bnb?.priceUsd)).toBeLessThan(800);
      expect(Number(coins.sol?.priceUsd)).toBeGreaterThan(130);
      expect(Number(coins.sol?.priceUsd)).toBeLessThan(250);
      // The NGN price is the USD price at one naira rate for every coin.
      const ngnPerUsd = Number(coins.usdt?.priceNgn) / Number(coins.usdt?.priceUsd);
      expect(Number(coins.btc?.priceNgn) / Number(coins.btc?.priceUsd)).toBeCloseTo(ngnPerUsd, 0);
    }
  });

  it('moves smoothly: tiny steps over a minute, real movement over days', async () => {
    const start = Date.parse('2026-05-10T12:00:00Z');
    let previous = await at(new Date(start).toISOString()).fetchMarkets();
    for (let minute = 1; minute <= 30; minute += 1) {
      const next = await at(new Date(start + minute * 60_000).toISOString()).fetchMarkets();
      for (const coin of ['btc', 'bnb', 'sol']) {
        const step = Math.abs(usd(next, coin) / usd(previous, coin) - 1);
        expect(step, coin).toBeLessThan(0.002);
      }
      previous = next;
    }
    const prices: number[] = [];
    for (let hour = 0; hour < 14 * 24; hour += 6)
      prices.push(usd(await at(new Date(start + hour * HOUR_MS).toISOString()).fetchMarkets(), 'btc'));
    expect(Math.max(...prices) / Math.min(...prices)).toBeGreaterThan(1.03);
  });

  it('draws 168 hourly sparkline points from the same function, newest last, and the 24h change from it', async () => {
    const now = Date.parse('2026-07-01T10:30:00Z');
    const coins = byCoin(await at(new Date(now).toISOString()).fetchMarkets());
    const later = byCoin(await at(new Date(now + HOUR_MS).toISOString()).fetchMarkets());
    const btc = coins.btc;
    if (!btc) throw new Error('no btc');
    expect(btc.sparkline7d).toHaveLength(168);
    expect(btc.sparkline7d.at(-1)).toBeCloseTo(Number(btc.priceUsd), -1);
    // An hour later the window has slid by one point.
    expect(later.btc?.sparkline7d.slice(0, 167)).toEqual(btc.sparkline7d.slice(1));
    const dayAgo = btc.sparkline7d.at(-25) ?? 0;
    const expected = ((btc.sparkline7d.at(-1) ?? 0) / dayAgo - 1) * 100;
    expect(Number(btc.change24hPct)).toBeCloseTo(expected, 1);
    expect(btc.change24hPct).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('lists at least ten trending coins, each once, with ids fit for our art URLs', async () => {
    const trending = await at('2026-02-14T18:00:00Z').fetchTrending();
    expect(trending.length).toBeGreaterThanOrEqual(10);
    expect(new Set(trending.map((c) => c.id)).size).toBe(trending.length);
    for (const coin of trending) {
      expect(coin.id).toMatch(/^[a-z0-9][a-z0-9-]{0,63}$/);
      expect(coin.priceUsd).toMatch(/^\d+(\.\d+)?$/);
      expect(Number(coin.priceUsd)).toBeGreaterThan(0);
      expect(coin.sparkline7d).toHaveLength(168);
    }
  });
});
