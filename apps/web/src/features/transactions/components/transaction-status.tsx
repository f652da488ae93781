import { capitalizeFirst, type TransactionStatus } from '@wise/shared';
import { StatusPill, type StatusTone } from '../../../components/ui/status-pill';

/** SPEC §4: Successful green, Rejected red, Pending purple — the one place a status gets its colour. */
const toneOf: Record<TransactionStatus, StatusTone> = {
  pending: 'pending',
  successful: 'success',
  rejected: 'danger',
};

/** A transaction's status, capitalised, in its colour. */
export function TransactionStatusPill({ status }: { status: TransactionStatus }) {
  return <StatusPill tone={toneOf[status]}>{capitalizeFirst(status)}</StatusPill>;
}
