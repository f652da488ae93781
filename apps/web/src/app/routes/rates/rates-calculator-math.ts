import { formatKobo, type RatesCard, type RatesCoin } from '@wise/shared';
import { previewSale } from '#web/features/crypto/sale-preview';
import { saleValuePreview } from '#web/features/giftcards/components/sale-value';

export type CalculatorResult = { kind: 'value'; text: string } | { kind: 'remark'; text: string } | undefined;

/**
 * What the calculator shows for `amount` of the chosen card or coin: the very previews the sell
 * forms draw — a card's amount × its sub-category's rate, with the band's own message outside it
 * (features/giftcards), a coin's amount × USD price × naira per USD (features/crypto) — so /rates
 * can never promise another figure than the form the customer sells with. Loaded at the first tap
 * on the calculator, not with the page (the landing screen's budget, docs/PERFORMANCE.md).
 */
export function calculatorValue(
  chosen: string,
  amount: string,
  cards: readonly RatesCard[],
  coins: readonly RatesCoin[],
): CalculatorResult {
  const [kind, id = ''] = chosen.split(':');
  if (kind === 'giftcard') {
    const sub = cards.flatMap((card) => card.subcategories).find((s) => s.id === id);
    const preview = saleValuePreview(amount, sub);
    return preview && { kind: preview.kind === 'value' ? 'value' : 'remark', text: preview.text };
  }
  const coin = coins.find((c) => c.id === id);
  if (!coin) return undefined;
  const preview = previewSale(amount, coin);
  if (preview.kind === 'value') return { kind: 'value', text: formatKobo(preview.valueKobo) };
  return preview.kind === 'invalid' ? { kind: 'remark', text: preview.message } : undefined;
}
