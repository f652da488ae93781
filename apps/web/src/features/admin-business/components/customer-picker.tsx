import { useDeferredValue, useState } from 'react';
import { Search, X } from 'lucide-react';
import type { AdminCustomerSummary } from '@wise/shared/admin';
import { FormField } from '#web/components/admin/form-fields';
import { Spinner } from '#web/components/ui/button';
import { useCustomerSearch } from '../api/search-customers';
import './business.css';
import './broadcast.css';

interface CustomerPickerProps {
  picked: AdminCustomerSummary | undefined;
  onPick: (customer: AdminCustomerSummary | undefined) => void;
  error?: string;
}

/** Finds one customer by name, e-mail, phone or username and keeps the one chosen. */
export function CustomerPicker({ picked, onPick, error }: CustomerPickerProps) {
  const [typed, setTyped] = useState('');
  const q = useDeferredValue(typed.trim());
  const results = useCustomerSearch(q);
  const items = results.data?.pages[0]?.items.slice(0, 8);

  if (picked) {
    return (
      <div className="biz-picked">
        <span>
          <span className="admin-cell-title">{picked.full_name}</span>
          <span className="admin-cell-sub">
            @{picked.username} · {picked.email}
          </span>
        </span>
        <button
          type="button"
          className="admin-icon-button"
          onClick={() => onPick(undefined)}
          aria-label={`Choose someone else than ${picked.full_name}`}
        >
          <X size={18} aria-hidden="true" />
        </button>
      </div>
    );
  }
  return (
    <div className="biz-stack biz-stack--tight">
      <FormField
        label="Customer"
        type="search"
        placeholder="Name, e-mail, phone or username"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        leading={<Search size={18} />}
        error={error}
      />
      {q ? (
        results.isPending ? (
          <p className="admin-muted admin-inline">
            <Spinner /> Searching...
          </p>
        ) : items && items.length > 0 ? (
          <ul className="biz-results" aria-label="Matching customers">
            {items.map((customer) => (
              <li key={customer.id}>
                <button type="button" onClick={() => onPick(customer)}>
                  <span className="admin-cell-title">{customer.full_name}</span>
                  <span className="admin-cell-sub">
                    @{customer.username} · {customer.email}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-muted">No customer matches “{q}”.</p>
        )
      ) : null}
    </div>
  );
}
