import { useState } from 'react';
import { EXPORT_KINDS, type ExportKind } from '@wise/shared/admin';
import { Panel } from '#web/components/admin/admin-layout';
import { adminUrl } from '#web/lib/admin-api';
import './review-times-chart.css';

const kindLabels: Record<ExportKind, string> = { sales: 'Sales', payouts: 'Payouts', bill_orders: 'Bill orders' };

/** A day as YYYY-MM-DD in the browser's zone (the server reads it as a business day). */
const isoDay = (at: Date) => `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/** CSV of sales, payouts or bill orders by date range: the server streams it (and audits who asked). */
export function ExportForm() {
  const [kind, setKind] = useState<ExportKind>('sales');
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 6 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const valid = from <= to;
  return (
    <Panel title="Export CSV">
      <div className="export-form">
        <label>
          What
          <select value={kind} onChange={(event) => setKind(EXPORT_KINDS.find((k) => k === event.target.value) ?? 'sales')}>
            {EXPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabels[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={from} max={to} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
        </label>
        {valid ? (
          <a className="export-link" href={adminUrl(`/exports/${kind}`, { from, to })} download>
            Download CSV
          </a>
        ) : (
          <span className="admin-muted">The end date is before the start date</span>
        )}
      </div>
    </Panel>
  );
}
