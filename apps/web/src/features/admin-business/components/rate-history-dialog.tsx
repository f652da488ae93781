import { currencySymbol } from '@wise/shared';
import type { AdminSubcategory, RateHistoryEntry } from '@wise/shared/admin';
import { DataTable, type Column } from '#web/components/admin/data-table';
import { Dialog, DialogActions } from '#web/components/admin/dialog';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { useRateHistory } from '../api/get-rate-history';
import { formatNairaDecimal } from '../format';

/** Who changed a sub-category's rate, when, and from what to what; newest first. */
export function RateHistoryDialog({ subcategory, onClose }: { subcategory: AdminSubcategory; onClose: () => void }) {
  const history = useRateHistory(subcategory.id);
  const unit = `${currencySymbol(subcategory.currency)}1`;
  const columns: Column<RateHistoryEntry>[] = [
    { key: 'when', header: 'When', cell: (entry) => <DateTime iso={entry.changed_at} /> },
    {
      key: 'who',
      header: 'Who',
      cell: (entry) =>
        entry.changed_by ? (
          <>
            <span className="admin-cell-title">{entry.changed_by.name}</span>
            <span className="admin-cell-sub">{entry.changed_by.email}</span>
          </>
        ) : (
          <span className="admin-muted">System</span>
        ),
    },
    {
      key: 'change',
      header: `Rate per ${unit}`,
      align: 'end',
      cell: (entry) => (
        <span className="admin-money">
          {entry.old_rate === null ? (
            <span className="admin-muted">First rate </span>
          ) : (
            <span className="admin-muted">{formatNairaDecimal(entry.old_rate)} → </span>
          )}
          {formatNairaDecimal(entry.new_rate)}
        </span>
      ),
    },
  ];
  return (
    <Dialog open onClose={onClose} title="Rate history" description={subcategory.label} wide>
      <DataTable
        caption={`Rate history of ${subcategory.label}`}
        columns={columns}
        rows={history.data?.items}
        rowKey={(entry) => String(entry.id)}
        isLoading={history.isPending}
        error={history.error}
        errorMessage="Couldn't load the rate history"
        onRetry={() => void history.refetch()}
        retrying={history.isRefetching}
        empty={{ title: 'No rate changes yet' }}
        maxHeight={360}
      />
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
