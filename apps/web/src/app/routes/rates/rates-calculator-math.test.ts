import { describe, expect, it } from 'vitest';
import type { RatesCard, RatesCoin } from '@wise/shared';
import { calculatorValue } from './rates-calculator-math';

/* The /rates calculator gives exactly what the sell forms preview (docs/features.md, "Rates and alerts"). */

const cards: RatesCard[] = [
  {
    name: 'Amazon',
    slug: 'amazon',
    currency: 'USD',
    brand_color: '#ff9900',
    subcategories: [
      {
        id: 'sub-1',
        subcategory: 'USA physical · $25–$100',
        exchange_rate: '1180.50',
        kind: 'physical',
        country: 'USA',
        min_amount: '25.00',
        max_amount: '100.00',
        currency: 'USD',
        rate_text: '₦1,180.50/$',
        range_text: '$25.00 – $100.00',
      },
    ],
  },
];
const coins: RatesCoin[] = [
  {
    id: 'btc',
    symbol: 'BTC',
    name: 'Bitcoin',
    current_price_usd: '97123.45',
    rate_ngn_per_usd: '1597.74',
    price_kobo: 15_517_702_499,
    price_change_percentage_24h: '1.20',
    title: 'Bitcoin (BTC)',
    image_url: '/api/crypto/art/btc.svg',
    price_text: '₦155,177,024.99',
    rate_text: '₦1,597.74/$',
  },
];

describe('calculatorValue', () => {
  it('a card: amount × the sub-category rate, to the kobo', () => {
    expect(calculatorValue('giftcard:sub-1', '50', cards, coins)).toEqual({ kind: 'value', text: '₦59,025.00' });
    expect(calculatorValue('giftcard:sub-1', '25.25', cards, coins)).toEqual({ kind: 'value', text: '₦29,807.63' });
  });

  it("a card outside its band gives the band's message, not a figure; nothing typed gives nothing", () => {
    expect(calculatorValue('giftcard:sub-1', '500', cards, coins)).toEqual({
      kind: 'remark',
      text: 'Enter an amount between $25.00 and $100.00 for this card',
    });
    expect(calculatorValue('giftcard:sub-1', '', cards, coins)).toBeUndefined();
  });

  it("a coin: amount × USD price × naira per USD, rounded once; the crypto form's remarks for what it cannot price", () => {
    // 0.005 × 97,123.45 × 1,597.74 = ₦775,890.105: half a kobo, rounded up.
    expect(calculatorValue('coin:btc', '0.005', cards, coins)).toEqual({ kind: 'value', text: '₦775,890.11' });
    expect(calculatorValue('coin:btc', '0.000000001', cards, coins)).toEqual({
      kind: 'remark',
      text: 'BTC amounts have at most 8 decimal places',
    });
    expect(calculatorValue('coin:btc', '0', cards, coins)).toBeUndefined();
    expect(calculatorValue('coin:doge', '1', cards, coins)).toBeUndefined();
  });
});
