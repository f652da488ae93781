import { describe, expect, it } from 'vitest';
import { COIN_IDS, coinAmountProblem, createQuoteSchema, saleAmountField, saleAmountProblem } from '../src';

/* The plain checks screens use while the customer types, held to the schemas the endpoints use. */

const typed = [
  '',
  ' ',
  '0',
  '00',
  '0.0',
  '1',
  ' 1 ',
  '-1',
  '- 5',
  '1.',
  '.5',
  '0.5',
  '1,5',
  '1e3',
  '0x10',
  'abc',
  '12.345',
  '25.50',
  '25.505',
  '1.123456789',
  '1.1234567891',
  '0.000000001',
  '0.0000000001',
  '123456789',
  '1234567890',
  '0001234567890.5',
  '000000000001',
  `1${'0'.repeat(39)}`,
  `0.${'0'.repeat(37)}1`,
  `0.${'0'.repeat(38)}1`,
  '１',
  '1 000',
  '+1',
];

describe('coinAmountProblem', () => {
  it.each(COIN_IDS.flatMap((coin) => typed.map((amount) => [coin, amount] as const)))(
    '%s %j: the first message createQuoteSchema gives',
    (coin, amount) => {
      const parsed = createQuoteSchema.safeParse({ coin, amount });
      expect(coinAmountProblem(coin, amount)).toBe(parsed.success ? undefined : parsed.error.issues[0]?.message);
    },
  );
});

describe('saleAmountProblem', () => {
  it.each(typed)('%j: saleAmountField’s message', (amount) => {
    const parsed = saleAmountField.safeParse(amount);
    expect(saleAmountProblem(amount)).toBe(parsed.success ? undefined : parsed.error.issues[0]?.message);
  });
});
