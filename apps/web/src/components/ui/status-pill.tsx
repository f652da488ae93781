import type { ReactNode } from 'react';
import './status-pill.css';

export type StatusTone = 'success' | 'danger' | 'pending' | 'neutral';

/** A small rounded status label in one of the status colours (docs/look.md tokens). */
export function StatusPill({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <span className={`status-pill status-pill--${tone}`} data-tone={tone}>
      {children}
    </span>
  );
}
