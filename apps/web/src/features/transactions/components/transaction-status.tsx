import { capitalizeFirst, payoutFailureTexts, type TransactionStatus } from '@wise/shared';
import { StatusPill, type StatusTone } from '../../../components/ui/status-pill';

/** docs/product.md §4: Successful green, Rejected red, Pending purple — the one place a status gets its colour. */
const toneOf: Record<TransactionStatus, StatusTone> = {
  pending: 'pending',
  successful: 'success',
  rejected: 'danger',
};

/**
 * A transaction's status, capitalised, in its colour. A pending sale whose payout failed (it waits
 * for the customer's new bank details or staff) reads "Payout failed" in red.
 */
export function TransactionStatusPill({ status, payoutFailed = false }: { status: TransactionStatus; payoutFailed?: boolean }) {
  if (payoutFailed && status === 'pending') return <StatusPill tone="danger">{payoutFailureTexts.label}</StatusPill>;
  return <StatusPill tone={toneOf[status]}>{capitalizeFirst(status)}</StatusPill>;
}
