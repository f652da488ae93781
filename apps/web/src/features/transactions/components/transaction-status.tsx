import { isFailedBill, payoutFailureTexts, transactionStatusTexts, type TransactionStatus } from '@wise/shared';
import { StatusPill, type StatusTone } from '#web/components/ui/status-pill';
import { useTexts } from '#web/lib/i18n';

/** docs/product.md §4: Successful green, Rejected red, Pending purple — the one place a status gets its colour. */
const toneOf: Record<TransactionStatus, StatusTone> = {
  pending: 'pending',
  successful: 'success',
  rejected: 'danger',
};

/**
 * A transaction's status, capitalised, in its colour. A pending sale whose payout failed (it waits
 * for the customer's new bank details or staff) reads "Payout failed" in red; a bill purchase the
 * network failed reads "Failed" with "Refunded" beside it (`kind` = the row's transaction_type).
 */
export function TransactionStatusPill({
  status,
  payoutFailed = false,
  kind = '',
}: {
  status: TransactionStatus;
  payoutFailed?: boolean;
  kind?: string;
}) {
  const t = useTexts(transactionStatusTexts);
  const payout = useTexts(payoutFailureTexts);
  if (payoutFailed && status === 'pending') return <StatusPill tone="danger">{payout.label}</StatusPill>;
  if (isFailedBill({ transaction_type: kind, status })) {
    return (
      <span className="status-pills">
        <StatusPill tone="danger">{t.failed}</StatusPill>
        <StatusPill tone="neutral">{t.refunded}</StatusPill>
      </span>
    );
  }
  return <StatusPill tone={toneOf[status]}>{t[status]}</StatusPill>;
}
