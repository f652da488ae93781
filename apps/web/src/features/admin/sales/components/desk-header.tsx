import type { AdminDeskSummary } from '@wise/shared/admin';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatNaira } from '#web/lib/format';
import './desk.css';

/** The desk's header: what waits (gift cards, crypto: count and naira) and today's work. */
export function DeskHeader({ summary }: { summary: AdminDeskSummary | undefined }) {
  if (!summary) {
    return (
      <div className="desk-header" aria-busy="true">
        <Skeleton height={40} width="100%" />
      </div>
    );
  }
  const { waiting, today } = summary;
  const cells: { label: string; value: string; sub: string; id: string }[] = [
    { id: 'giftcard', label: 'Gift cards waiting', value: String(waiting.giftcard.count), sub: formatNaira(waiting.giftcard.total_kobo) },
    { id: 'crypto', label: 'Crypto waiting', value: String(waiting.crypto.count), sub: formatNaira(waiting.crypto.total_kobo) },
    { id: 'approved', label: 'Approved today', value: String(today.approved), sub: today.date },
    { id: 'rejected', label: 'Rejected today', value: String(today.rejected), sub: today.time_zone },
    {
      id: 'paid',
      label: 'Paid today',
      value: formatNaira(today.paid_total_kobo),
      sub: `${today.paid_count} payout${today.paid_count === 1 ? '' : 's'}`,
    },
  ];
  return (
    <dl className="desk-header" aria-label="Desk totals">
      {cells.map((cell) => (
        <div key={cell.id} className="desk-header__cell" data-testid={`desk-${cell.id}`}>
          <dt>{cell.label}</dt>
          <dd>
            <span className="desk-header__value">{cell.value}</span>
            <span className="desk-header__sub">{cell.sub}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
