import { useId, useState } from 'react';
import type { rateTexts, RatesCard, RatesCoin } from '@wise/shared';
import type { CalculatorResult, calculatorValue } from './rates-calculator-math';
import '#web/components/ui/field.css';

type Calculate = typeof calculatorValue;

/**
 * "How much is my card or coin worth?" (docs/features.md, "Rates and alerts"). Drawn with plain form
 * controls in the design system's field classes, and its arithmetic (the sell forms' own
 * previews, rates-calculator-math.ts) is fetched at the first tap or key press on it, the way the
 * forms fetch their schemas: /rates is a first screen held to the landing screen's budget. The
 * page passes its words in (`t`), already in the customer's language.
 */
export function RatesCalculator({ cards, coins, t }: { cards: readonly RatesCard[]; coins: readonly RatesCoin[]; t: typeof rateTexts }) {
  const ids = { choose: useId(), amount: useId() };
  const options = [
    ...cards.flatMap((card) =>
      card.subcategories.map((sub) => ({ value: `giftcard:${sub.id}`, label: `${card.name} ${sub.subcategory}`, unit: sub.currency })),
    ),
    ...coins.map((coin) => ({ value: `coin:${coin.id}`, label: coin.title, unit: coin.symbol })),
  ];
  const [chosen, setChosen] = useState(options[0]?.value ?? '');
  const [amount, setAmount] = useState('');
  const [calculate, setCalculate] = useState<Calculate>();
  const load = () => {
    if (!calculate) void import('./rates-calculator-math').then((m) => setCalculate(() => m.calculatorValue));
  };
  const option = options.find((o) => o.value === chosen);
  const result: CalculatorResult = calculate ? calculate(chosen, amount, cards, coins) : undefined;

  return (
    <section
      className="rates-section rates-calculator"
      aria-labelledby="rates-calculator-heading"
      onPointerDown={load}
      onKeyDown={load}
      onFocus={load}
    >
      <h2 id="rates-calculator-heading" className="rates-section__title">
        {t.calculatorHeading}
      </h2>
      <div className="field">
        <label htmlFor={ids.choose} className="field__label">
          {t.calculatorChoose}
        </label>
        {/* A closed select shows one line and would cut a long sub-category off at 360 px: the
            choice is drawn over it on up to two lines, the select (transparent, on top) takes the tap. */}
        <div className="field__control field__control--face">
          <span className="field__face" aria-hidden="true">
            {option?.label}
          </span>
          <select id={ids.choose} className="field__input" value={chosen} onChange={(event) => setChosen(event.target.value)}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <svg
            className="field__chevron"
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="m6 9 6 6 6-6" />
          </svg>
        </div>
      </div>
      <div className="field">
        <label htmlFor={ids.amount} className="field__label">
          {t.calculatorAmount(option?.unit ?? '')}
        </label>
        <div className="field__control">
          <input
            id={ids.amount}
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t.calculatorPlaceholder}
            value={amount}
            // A phone set to a comma locale types "0,01": read it as the point, as the sell forms do.
            onChange={(event) => setAmount(event.target.value.replace(/,/g, '.'))}
          />
        </div>
      </div>
      <div className="rates-calculator__result">
        <span className="rates-calculator__label">{t.calculatorResult}</span>
        <output
          className="rates-calculator__amount"
          htmlFor={`${ids.choose} ${ids.amount}`}
          aria-live="polite"
          data-testid="rates-calculator-value"
        >
          {result?.kind === 'value' ? result.text : '₦0.00'}
        </output>
        {result?.kind === 'remark' ? <p className="rates-note">{result.text}</p> : null}
        <p className="rates-note">{t.calculatorHint}</p>
      </div>
    </section>
  );
}
