import { adminSaleQueueViews, adminSaleStatusLabels, RISK_FLAG_CODES, RISK_FLAG_VIEWS, riskFlagTexts } from '@wise/shared/admin';
import { COIN_IDS, COINS } from '@wise/shared';
import { FormSelect } from '#web/components/admin/form-fields';
import type { SaleQueueFilters } from '../api/keys';
import './sales.css';

/** Age filters: only sales waiting at least this long. */
const AGE_OPTIONS = [
  { value: '', label: 'Any age' },
  { value: '15', label: 'Over 15 min' },
  { value: '60', label: 'Over 1 hour' },
  { value: '240', label: 'Over 4 hours' },
  { value: '1440', label: 'Over 1 day' },
];

const viewLabels: Record<(typeof adminSaleQueueViews)[number], string> = {
  pending: 'Waiting',
  awaiting_approval: 'Second approval',
  approved: adminSaleStatusLabels.approved,
  payout_failed: adminSaleStatusLabels.payout_failed,
  paid: adminSaleStatusLabels.paid,
  rejected: adminSaleStatusLabels.rejected,
};

interface SaleFiltersProps {
  filters: SaleQueueFilters;
  onChange: (next: SaleQueueFilters) => void;
  /** Gift cards to filter by; absent when this staff member can't list them. */
  cards?: { value: string; label: string }[];
  /** A view's count beside its name (the sales waiting for a second approval). */
  counts?: Partial<Record<(typeof adminSaleQueueViews)[number], number>>;
}

/** The queue's views (tabs) and filters: kind, card or coin, age, risk flag; the waiting view's order. */
export function SaleFilters({ filters, onChange, cards, counts }: SaleFiltersProps) {
  const view = filters.status ?? 'pending';
  return (
    <>
      <QueueViewTabs view={view} filters={filters} onChange={onChange} counts={counts} />
      <QueueFilterBar view={view} filters={filters} onChange={onChange} cards={cards} />
    </>
  );
}

type View = (typeof adminSaleQueueViews)[number];

/** The queue's views as tabs, with their counts; another view keeps the order only if waiting, the risk flag only where flags show. */
function QueueViewTabs({ view, filters, onChange, counts }: Omit<SaleFiltersProps, 'cards'> & { view: View }) {
  return (
    <div className="admin-tabs" role="tablist" aria-label="Sales">
      {adminSaleQueueViews.map((option) => (
        <button
          key={option}
          type="button"
          role="tab"
          aria-selected={view === option}
          className={view === option ? 'admin-tab is-active' : 'admin-tab'}
          onClick={() =>
            onChange({
              ...filters,
              status: option,
              sort: option === 'pending' ? filters.sort : undefined,
              flag: RISK_FLAG_VIEWS.includes(option) ? filters.flag : undefined,
            })
          }
        >
          {viewLabels[option]}
          {counts?.[option] ? <span className="admin-tab__count">{` ${counts[option]}`}</span> : null}
        </button>
      ))}
    </div>
  );
}

/** What the sales are (kind, card or coin), how long they have waited, their risk flag, and the waiting view's order. */
function QueueFilterBar({ view, filters, onChange, cards }: Omit<SaleFiltersProps, 'counts'> & { view: View }) {
  return (
    <div className="admin-filters">
      <FormSelect
        label="Kind"
        value={filters.kind ?? ''}
        onChange={(event) => {
          const kind = event.target.value === 'giftcard' || event.target.value === 'crypto' ? event.target.value : undefined;
          onChange({
            ...filters,
            kind,
            gift_card_id: kind === 'crypto' ? undefined : filters.gift_card_id,
            coin: kind === 'giftcard' ? undefined : filters.coin,
          });
        }}
        options={[
          { value: '', label: 'All kinds' },
          { value: 'giftcard', label: 'Gift cards' },
          { value: 'crypto', label: 'Crypto' },
        ]}
      />
      {filters.kind !== 'crypto' && cards && cards.length > 0 ? (
        <FormSelect
          label="Card"
          value={filters.gift_card_id ?? ''}
          onChange={(event) =>
            onChange({
              ...filters,
              kind: event.target.value ? 'giftcard' : filters.kind,
              gift_card_id: event.target.value || undefined,
              coin: undefined,
            })
          }
          options={[{ value: '', label: 'All cards' }, ...cards]}
        />
      ) : null}
      {filters.kind !== 'giftcard' ? (
        <FormSelect
          label="Coin"
          value={filters.coin ?? ''}
          onChange={(event) => {
            const coin = COIN_IDS.find((id) => id === event.target.value);
            onChange({ ...filters, kind: coin ? 'crypto' : filters.kind, coin, gift_card_id: undefined });
          }}
          options={[{ value: '', label: 'All coins' }, ...COIN_IDS.map((id) => ({ value: id, label: COINS[id].symbol }))]}
        />
      ) : null}
      <FormSelect
        label="Waiting"
        value={filters.older_than_minutes !== undefined ? String(filters.older_than_minutes) : ''}
        onChange={(event) => onChange({ ...filters, older_than_minutes: event.target.value ? Number(event.target.value) : undefined })}
        options={AGE_OPTIONS}
      />
      {RISK_FLAG_VIEWS.includes(view) ? (
        <FormSelect
          label="Risk flag"
          value={filters.flag ?? ''}
          onChange={(event) => onChange({ ...filters, flag: RISK_FLAG_CODES.find((code) => code === event.target.value) })}
          options={[
            { value: '', label: 'Any or none' },
            ...RISK_FLAG_CODES.map((code) => ({ value: code, label: riskFlagTexts[code].label })),
          ]}
        />
      ) : null}
      {view === 'pending' ? (
        <FormSelect
          label="Order"
          value={filters.sort ?? 'default'}
          onChange={(event) => onChange({ ...filters, sort: event.target.value === 'flags' ? 'flags' : undefined })}
          options={[
            { value: 'default', label: 'Oldest first' },
            { value: 'flags', label: 'Most risk flags first' },
          ]}
        />
      ) : null}
    </div>
  );
}
