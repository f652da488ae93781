import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** While true the button is disabled and shows `busyLabel` with a spinner. */
  busy?: boolean;
  busyLabel?: ReactNode;
}

function classes(variant: ButtonVariant, extra?: string, busy?: boolean): string {
  return ['btn', `btn--${variant}`, busy ? 'btn--busy' : '', extra ?? ''].filter(Boolean).join(' ');
}

export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}

export function Button({
  variant = 'primary',
  busy = false,
  busyLabel,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button {...rest} type={type} className={classes(variant, className, busy)} disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy ? (
        <>
          <Spinner />
          <span>{busyLabel ?? children}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

interface LinkButtonProps extends LinkProps {
  variant?: ButtonVariant;
}

/** A navigation link that looks like a button (the product rules call these links). */
export function LinkButton({ variant = 'primary', className, ...rest }: LinkButtonProps) {
  return <Link {...rest} className={classes(variant, className)} />;
}
