import { useId, useImperativeHandle, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslate } from '#web/lib/i18n';
import './code-input.css';

interface CodeInputProps {
  /** Number of single-digit boxes (OTP and PIN are 4, docs/product.md §9). */
  length: number;
  /** The digits typed so far, left to right; '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /** Names the group for screen readers. */
  label: ReactNode;
  error?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  /** PIN boxes hide their digits. */
  masked?: boolean;
  name?: string;
  /** Lets a form focus the boxes (a failed submit does, lib/form). */
  ref?: Ref<CodeInputHandle>;
}

export interface CodeInputHandle {
  /** Focuses the first empty box, or the first box when all are filled. */
  focus: () => void;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

function toBoxes(value: string, length: number): string[] {
  const digits = onlyDigits(value).slice(0, length).split('');
  return Array.from({ length }, (_, i) => digits[i] ?? '');
}

/**
 * N single-digit boxes: the first is focused, typing moves on, Backspace on an empty box goes
 * back and clears it, and pasting the code into any box fills them all.
 */
export function CodeInput({ length, value, onChange, label, error, autoFocus, disabled, masked, name, ref }: CodeInputProps) {
  const labelId = useId();
  const errorId = useId();
  const translate = useTranslate();
  const { boxes, refs, handleChange, handleKeyDown, handlePaste } = useCodeBoxes({ length, value, onChange, ref });

  return (
    <div className={error ? 'code code--invalid' : 'code'}>
      <div className="code__boxes" role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
        <span id={labelId} className="visually-hidden">
          {label}
        </span>
        {boxes.map((digit, index) => (
          <input
            // The boxes never reorder, so their position is their identity.
            key={index}
            ref={(element) => {
              refs.current[index] = element;
            }}
            className={digit ? 'code__box code__box--filled' : 'code__box'}
            type={masked ? 'password' : 'text'}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            name={name ? `${name}-${index + 1}` : undefined}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={error ? true : undefined}
            value={digit}
            autoFocus={autoFocus && index === 0}
            disabled={disabled}
            onChange={(event) => handleChange(index, event.target.value)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      {error ? (
        <p id={errorId} className="code__error" role="alert">
          {translate(error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The boxes' digits, following a value the parent resets, and what typing, Backspace, the arrow keys,
 * autofill and a paste do to them and to the focus.
 */
function useCodeBoxes({ length, value, onChange, ref }: Pick<CodeInputProps, 'length' | 'value' | 'onChange' | 'ref'>) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const [boxes, setBoxes] = useState(() => toBoxes(value, length));
  // The parent may reset the value (e.g. after a failed attempt): follow it.
  if (value !== boxes.join('') && onlyDigits(value) !== boxes.join('')) {
    setBoxes(toBoxes(value, length));
  }

  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  useImperativeHandle(ref, () => ({
    /** The first empty box; when all are filled (e.g. the code is being cleared), the first one. */
    focus: () =>
      focusBox(
        Math.max(
          0,
          boxes.findIndex((digit) => !digit),
        ),
      ),
  }));

  const commit = (next: string[]) => {
    setBoxes(next);
    onChange(next.join(''));
  };

  /** Writes digits into the boxes from `start`, then focuses the box after the last one. */
  const fill = (start: number, digits: string) => {
    const next = [...boxes];
    const chars = digits.slice(0, length - start).split('');
    chars.forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    commit(next);
    focusBox(start + chars.length);
  };

  const handleChange = (index: number, raw: string) => {
    const digits = onlyDigits(raw);
    if (digits.length === 0) {
      const next = [...boxes];
      next[index] = '';
      commit(next);
      return;
    }
    if (digits.length >= length) {
      // Autofill (autocomplete="one-time-code") drops the whole code into one box.
      fill(0, digits);
      return;
    }
    const previous = boxes[index] ?? '';
    // Typing into a filled box: keep the new digit, not the old one.
    const typed = digits.length > 1 && digits.startsWith(previous) ? digits.slice(previous.length) : digits;
    fill(index, typed);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    // A digit typed over the same digit changes nothing the browser would report: take the key
    // itself so focus still moves on. (Phone keyboards that send no key fall back to onChange.)
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      fill(index, event.key);
      return;
    }
    if (event.key === 'Backspace' && !boxes[index] && index > 0) {
      event.preventDefault();
      const next = [...boxes];
      next[index - 1] = '';
      commit(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = onlyDigits(event.clipboardData.getData('text'));
    event.preventDefault();
    if (!digits) return;
    fill(digits.length >= length ? 0 : index, digits);
  };

  return { boxes, refs, handleChange, handleKeyDown, handlePaste };
}
