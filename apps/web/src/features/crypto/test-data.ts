import type { Coin, CoinsResponse, Deposit, DepositAddress, Quote, TrendingCoin } from '@wise/shared';

/** Answers shaped like the crypto API's, for this feature's tests. */

const week = (from: number, to: number) => Array.from({ length: 168 }, (_, i) => from + ((to - from) * i) / 167 + Math.sin(i / 5));

export function coin(overrides: Partial<Coin> = {}): Coin {
  return {
    id: 'btc',
    symbol: 'BTC',
    name: 'Bitcoin',
    image_url: '/api/crypto/art/btc.svg',
    current_price_usd: '67234.12',
    current_price_ngn: '106229909.6',
    price_change_percentage_24h: '2.345',
    sparkline_7d: week(65000, 67234),
    rate_ngn_per_usd: '1580',
    ...overrides,
  };
}

export const coinsResponse = (coins: Coin[] = [coin()], stale = false): CoinsResponse => ({
  coins,
  updated_at: '2026-11-21T13:00:00.000Z',
  stale,
});

export function trendingCoin(i: number): TrendingCoin {
  return {
    id: `coin-${i}`,
    symbol: `c${i}`,
    name: `Coin ${i}`,
    image_url: `/api/crypto/art/coin-${i}.svg`,
    current_price_usd: `${i}.123456`,
    price_change_percentage_24h: i % 2 ? '-1.235' : '3.5',
    sparkline_7d: week(i, i + (i % 2 ? -1 : 1)),
  };
}

export function quote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: '5b0c3a8e-7d1f-4e2a-9c3b-1a2b3c4d5e6f',
    coin: 'btc',
    amount: '0.01',
    price_usd: '67234.12',
    usdt_rate_ngn: '1600',
    coin_adjustment_ngn: '-20',
    rate_ngn_per_usd: '1580',
    value_kobo: 106_229_910,
    value_ngn: '1062299.10',
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    prices_at: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}

/** The customer's own TRON address for USDT, as GET /api/crypto/deposit-address answers it. */
export function depositAddress(overrides: Partial<DepositAddress> = {}): DepositAddress {
  const address = overrides.address ?? 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
  return {
    coin: 'usdt',
    network: 'tron',
    kind: 'address',
    address,
    reference: null,
    payment_uri: address,
    minimum_amount: '10',
    required_confirmations: 20,
    ...overrides,
  };
}

/** A deposit of 100 USDT on TRON, just seen, as GET /api/crypto/deposits lists it. */
export function deposit(overrides: Partial<Deposit> = {}): Deposit {
  return {
    id: '8d1f7c2a-4b3e-4f6a-9c0d-2e1f3a4b5c6d',
    coin: 'usdt',
    network: 'tron',
    stage: 'seen',
    txid: '9f2c4e7a1b0d8e3f5a6c7b8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f',
    explorer_url: 'https://tronscan.org/#/transaction/9f2c4e7a1b0d8e3f5a6c7b8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f',
    amount: '100',
    confirmations: 0,
    required_confirmations: 20,
    seen_at: '2026-11-21T13:05:00.000Z',
    confirmed_at: null,
    pricing: 'quote',
    value_kobo: 16_000_000,
    sale_id: null,
    payout_reference: null,
    paid_at: null,
    closed_note: null,
    ...overrides,
  };
}
