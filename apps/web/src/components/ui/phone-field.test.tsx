import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhoneField } from './phone-field';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PhoneField label="Phone number" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const input = () => screen.getByLabelText('Phone number') as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

/** Ten national digits of a Nigerian mobile: 70x, 80x, 81x, 90x, 91x. */
const nationalNumber = fc
  .tuple(fc.constantFrom('70', '80', '81', '90', '91'), fc.stringMatching(/^\d{8}$/))
  .map(([prefix, rest]) => `${prefix}${rest}`);

/** The ways a customer writes one number: 080…, +234…, 234…, with or without spaces. */
const spelling = (national: string) =>
  fc.constantFrom(
    `0${national}`,
    `+234${national}`,
    `234${national}`,
    `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
    `+234 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
  );

describe('PhoneField', () => {
  it('keeps every digit typed at speed, whichever way the number is written', async () => {
    await fc.assert(
      fc.asyncProperty(
        nationalNumber.chain((national) => fc.tuple(fc.constant(national), spelling(national))),
        async ([national, typed]) => {
          const user = userEvent.setup({ delay: null });
          render(<Harness />);
          try {
            await user.click(input());
            await user.keyboard(typed);
            // Whatever arrives after the last key (a lazy chunk, a re-render) must not move a digit.
            await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
            expect(value()).toBe(`+234${national}`);
            expect(input().value.replace(/\D/g, '')).toBe(typed.replace(/\D/g, ''));
          } finally {
            cleanup();
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('takes a pasted or autofilled number as it is', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: '+234 806 123 0002' } });
    expect(value()).toBe('+2348061230002');
    fireEvent.change(input(), { target: { value: '08061230002' } });
    expect(value()).toBe('+2348061230002');
    fireEvent.change(input(), { target: { value: '2348061230002' } });
    expect(value()).toBe('+2348061230002');
  });

  it('keeps a number of another country as typed, with its code', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(input());
    await user.keyboard('+44 20 7946 0958');
    expect(value()).toBe('+442079460958');
  });

  it('shows a saved number in the house format and leaves it unchanged until edited', () => {
    render(<Harness initial="+2348061230002" />);
    expect(input().value).toBe('+234 806 123 0002');
    expect(value()).toBe('+2348061230002');
  });

  it('empties with its form', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(input());
    await user.keyboard('0806');
    await user.clear(input());
    expect(value()).toBe('');
  });
});
