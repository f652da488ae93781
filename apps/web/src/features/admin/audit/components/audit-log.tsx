import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { AuditEntry } from '@wise/shared/admin';
import { DataTable, type Column } from '#web/components/admin/data-table';
import { Dialog, DialogActions } from '#web/components/admin/dialog';
import { Facts } from '#web/components/admin/admin-layout';
import { FormField, FormSelect } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { useBusinessTimeZone } from '#web/lib/business-time-zone';
import { useAuditLog } from '../api/get-audit';
import type { AuditFilters } from '../api/keys';
import { zonedDayStartIso } from '../zoned-day';
import './audit.css';

/** What the filter form holds; dates are business days (from inclusive, to inclusive). */
export interface AuditFormValues {
  q: string;
  staff_id: string;
  action: string;
  target_type: string;
  from: string;
  to: string;
}

const emptyForm: AuditFormValues = { q: '', staff_id: '', action: '', target_type: '', from: '', to: '' };

const TARGET_TYPES = [
  'sale',
  'payout',
  'staff',
  'customer',
  'gift_card',
  'subcategory',
  'crypto_adjustment',
  'wallet',
  'bank',
  'bill_order',
  'broadcast',
];

function toFilters(values: AuditFormValues, timeZone: string): AuditFilters {
  return {
    q: values.q.trim() || undefined,
    staff_id: values.staff_id || undefined,
    action: values.action.trim() || undefined,
    target_type: values.target_type || undefined,
    from: values.from ? zonedDayStartIso(values.from, timeZone) : undefined,
    // The form's "to" day is included: the API's `to` is exclusive, so send the next day's start.
    to: values.to ? zonedDayStartIso(values.to, timeZone, 1) : undefined,
  };
}

function json(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value, null, 2);
}

/** The audit log: search and filters, newest first, "Load more", each entry's before and after. */
export function AuditLog({
  staffOptions,
  targetHref,
}: {
  staffOptions?: { value: string; label: string }[];
  /** Where a target opens in the back office (a sale, a customer), if it has a page. */
  targetHref?: (type: string, id: string) => string | undefined;
}) {
  const timeZone = useBusinessTimeZone() ?? 'Africa/Lagos';
  const [applied, setApplied] = useState<AuditFormValues>(emptyForm);
  const filters = useMemo(() => toFilters(applied, timeZone), [applied, timeZone]);
  const log = useAuditLog(filters);
  const rows = useMemo(() => log.data?.pages.flatMap((page) => page.items), [log.data]);
  const [open, setOpen] = useState<AuditEntry | null>(null);

  const columns = auditColumns(targetHref);

  return (
    <>
      <AuditFilterForm staffOptions={staffOptions} onSearch={setApplied} />
      <DataTable
        caption="Audit log"
        columns={columns}
        rows={rows}
        rowKey={(entry) => entry.id}
        isLoading={log.isPending}
        error={log.error}
        errorMessage="Couldn't load the audit log"
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
        empty={{ title: 'No entries', text: 'Nothing matches these filters.' }}
        onRowClick={setOpen}
        rowLabel={(entry) => `${entry.action} on ${entry.target_type}`}
        hasMore={log.hasNextPage}
        loadingMore={log.isFetchingNextPage}
        onLoadMore={() => void log.fetchNextPage()}
      />
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open?.action ?? ''} wide>
        {open ? <AuditEntryDetails entry={open} onClose={() => setOpen(null)} /> : null}
      </Dialog>
    </>
  );
}

/** Search and filters; they apply when the form is sent, not on every keystroke. */
function AuditFilterForm({
  staffOptions,
  onSearch,
}: {
  staffOptions?: { value: string; label: string }[];
  onSearch: (values: AuditFormValues) => void;
}) {
  const [form, setForm] = useState<AuditFormValues>(emptyForm);
  const set = (field: keyof AuditFormValues) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(form);
  };
  return (
    <form className="admin-filters" onSubmit={submit} role="search" aria-label="Audit log">
      <div className="admin-filters__search">
        <FormField
          label="Search"
          type="search"
          placeholder="Action, target or e-mail"
          value={form.q}
          onChange={(event) => set('q')(event.target.value)}
        />
      </div>
      {staffOptions ? (
        <FormSelect
          label="Staff"
          value={form.staff_id}
          onChange={(event) => set('staff_id')(event.target.value)}
          options={[{ value: '', label: 'Anyone' }, ...staffOptions]}
        />
      ) : null}
      <FormField
        label="Action"
        placeholder="e.g. sale.approve"
        value={form.action}
        onChange={(event) => set('action')(event.target.value)}
      />
      <FormSelect
        label="Target"
        value={form.target_type}
        onChange={(event) => set('target_type')(event.target.value)}
        options={[{ value: '', label: 'Any target' }, ...TARGET_TYPES.map((type) => ({ value: type, label: type.replace(/_/g, ' ') }))]}
      />
      <FormField label="From" type="date" value={form.from} onChange={(event) => set('from')(event.target.value)} />
      <FormField label="To" type="date" value={form.to} onChange={(event) => set('to')(event.target.value)} />
      <div className="admin-filters__actions">
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}

function auditColumns(targetHref?: (type: string, id: string) => string | undefined): Column<AuditEntry>[] {
  return [
    { key: 'at', header: 'When', width: 170, cell: (entry) => <DateTime iso={entry.at} /> },
    {
      key: 'who',
      header: 'Who',
      cell: (entry) => (
        <>
          <span>{entry.staff?.name ?? (entry.actor === 'cli' ? 'Command line' : entry.actor)}</span>
          {entry.staff ? <span className="admin-cell-sub">{entry.actor}</span> : null}
        </>
      ),
    },
    { key: 'action', header: 'Action', cell: (entry) => <span className="admin-mono admin-nowrap">{entry.action}</span> },
    {
      key: 'target',
      header: 'Target',
      cell: (entry) => (
        <>
          <span>{entry.target_type}</span>
          {entry.target_id ? <TargetId id={entry.target_id} href={targetHref?.(entry.target_type, entry.target_id)} /> : null}
        </>
      ),
    },
    { key: 'note', header: 'Note', cell: (entry) => entry.note ?? <span className="admin-muted">—</span> },
  ];
}

/** One entry: who did what to which target, and its before and after. */
function AuditEntryDetails({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  return (
    <>
      <Facts
        rows={[
          ['When', <DateTime iso={entry.at} />],
          ['Who', entry.staff ? `${entry.staff.name} (${entry.actor})` : entry.actor],
          ['Target', `${entry.target_type}${entry.target_id ? ` ${entry.target_id}` : ''}`],
          entry.note && ['Note', entry.note],
          entry.ip && ['IP', entry.ip],
        ]}
      />
      <div className="admin-diff">
        <div>
          <h3 className="admin-subtitle">Before</h3>
          <pre className="admin-json">{json(entry.before)}</pre>
        </div>
        <div>
          <h3 className="admin-subtitle">After</h3>
          <pre className="admin-json">{json(entry.after)}</pre>
        </div>
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </>
  );
}

function TargetId({ id, href }: { id: string; href?: string }) {
  if (!href) return <span className="admin-cell-sub admin-mono">{id}</span>;
  return (
    <Link to={href} className="admin-cell-sub admin-mono" onClick={(event) => event.stopPropagation()}>
      {id}
    </Link>
  );
}
