import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CodeInput } from './code-input';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <CodeInput length={4} label="Code" value={value} onChange={setValue} autoFocus />
      <output data-testid="value">{value}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 4`);

describe('CodeInput', () => {
  it('focuses the first box and moves on as digits are typed, ignoring letters', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(document.activeElement).toBe(box(1));
    await user.keyboard('1a2');
    expect(document.activeElement).toBe(box(3));
    expect(screen.getByTestId('value').textContent).toBe('12');
  });

  it('fills every box from a paste into any box', () => {
    render(<Harness />);
    fireEvent.paste(box(3), { clipboardData: { getData: () => '98-76' } });
    expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value)).toEqual(['9', '8', '7', '6']);
    expect(screen.getByTestId('value').textContent).toBe('9876');
  });

  it('goes back and clears the previous box on Backspace in an empty box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('123');
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(3));
    expect(screen.getByTestId('value').textContent).toBe('12');
  });

  it('moves on when a digit is typed over the same digit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('1111');
    await user.click(box(2));
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('1');
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('5');
    expect(screen.getByTestId('value').textContent).toBe('1151');
  });

  it('accepts a whole code autofilled into the first box', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '4321' } });
    expect(screen.getByTestId('value').textContent).toBe('4321');
  });
});
