import type { ReactNode } from 'react';
import './status-badge.css';

export type BadgeTone = 'success' | 'danger' | 'pending' | 'info' | 'neutral' | 'warning';

/** A small rounded label in a status colour (docs/look.md tokens). */
export function Badge({ tone, children, title }: { tone: BadgeTone; children: ReactNode; title?: string }) {
  return (
    <span className={`admin-badge admin-badge--${tone}`} data-tone={tone} title={title}>
      {children}
    </span>
  );
}

/** How staff read a status: a sale's, a payout attempt's, a bill order's, a staff account's. */
const statusLook: Record<string, { tone: BadgeTone; label: string }> = {
  // sales
  submitted: { tone: 'pending', label: 'Pending' },
  pending: { tone: 'pending', label: 'Pending' },
  under_review: { tone: 'info', label: 'Under review' },
  approved: { tone: 'info', label: 'Paying' },
  paid: { tone: 'success', label: 'Paid' },
  rejected: { tone: 'danger', label: 'Rejected' },
  payout_failed: { tone: 'danger', label: 'Payout failed' },
  // payout attempts
  queued: { tone: 'pending', label: 'Queued' },
  sending: { tone: 'info', label: 'Sending' },
  success: { tone: 'success', label: 'Success' },
  failed: { tone: 'danger', label: 'Failed' },
  needs_review: { tone: 'warning', label: 'Held' },
  reversed: { tone: 'danger', label: 'Reversed' },
  // bill orders
  processing: { tone: 'pending', label: 'Processing' },
  successful: { tone: 'success', label: 'Successful' },
  // staff
  active: { tone: 'success', label: 'Active' },
  disabled: { tone: 'neutral', label: 'Disabled' },
  locked: { tone: 'danger', label: 'Locked' },
};

/** A status word as a coloured badge; an unknown status shows as it is, in grey. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const look = statusLook[status] ?? { tone: 'neutral' as const, label: status.replace(/_/g, ' ') };
  return <Badge tone={look.tone}>{label ?? look.label}</Badge>;
}
