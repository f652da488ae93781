import { useState } from 'react';
import { History, Pencil, Plus } from 'lucide-react';
import { currencySymbol } from '@wise/shared';
import type { AdminGiftCard, AdminSubcategory } from '@wise/shared/admin';
import { Panel } from '#web/components/admin/admin-layout';
import { DataTable, type Column } from '#web/components/admin/data-table';
import { Badge } from '#web/components/admin/status-badge';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import { useUpdateGiftCard } from '../api/update-gift-card';
import { useUpdateSubcategory } from '../api/update-subcategory';
import { EnabledSwitch } from './enabled-switch';
import { GiftCardFormDialog } from './gift-card-form-dialog';
import { GiftCardImage } from './gift-card-image';
import { RateForm } from './rate-form';
import { RateHistoryDialog } from './rate-history-dialog';
import { SubcategoryFormDialog } from './subcategory-form-dialog';
import './gift-cards.css';

type Open =
  | { kind: 'edit-card' }
  | { kind: 'add-band' }
  | { kind: 'edit-band'; band: AdminSubcategory }
  | { kind: 'history'; band: AdminSubcategory };

/** One card: its picture, details and switch, then its sub-categories with their rates in place. */
export function GiftCardPanel({ card }: { card: AdminGiftCard }) {
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);

  const columns = subcategoryColumns(setOpen);

  return (
    <>
      <CardDetails card={card} onEdit={() => setOpen({ kind: 'edit-card' })} />
      <Panel
        title={`Sub-categories (${card.subcategories.length})`}
        actions={
          <Button className="admin-btn--small" onClick={() => setOpen({ kind: 'add-band' })}>
            <Plus size={16} aria-hidden="true" /> Add sub-category
          </Button>
        }
      >
        <DataTable
          caption={`Sub-categories of ${card.name}`}
          columns={columns}
          rows={card.subcategories}
          rowKey={(band) => band.id}
          empty={{
            title: 'No sub-categories yet',
            text: 'Customers cannot sell this card until it has at least one enabled sub-category.',
          }}
          maxHeight="none"
        />
      </Panel>
      {open?.kind === 'edit-card' ? <GiftCardFormDialog card={card} onClose={close} /> : null}
      {open?.kind === 'add-band' ? <SubcategoryFormDialog card={card} onClose={close} /> : null}
      {open?.kind === 'edit-band' ? <SubcategoryFormDialog card={card} subcategory={open.band} onClose={close} /> : null}
      {open?.kind === 'history' ? <RateHistoryDialog subcategory={open.band} onClose={close} /> : null}
    </>
  );
}

/** The card's picture, its details and its switch, with the way to edit it. */
function CardDetails({ card, onEdit }: { card: AdminGiftCard; onEdit: () => void }) {
  const symbol = currencySymbol(card.currency);
  return (
    <Panel
      title={
        <span className="biz-card-title">
          <span className="biz-swatch" style={{ background: card.brand_color }} aria-hidden="true" />
          {card.name}
          {card.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>}
        </span>
      }
      actions={
        <Button variant="secondary" className="admin-btn--small" onClick={onEdit}>
          <Pencil size={16} aria-hidden="true" /> Edit card
        </Button>
      }
    >
      <div className="biz-card-head">
        <GiftCardImage card={card} />
        <dl className="admin-facts">
          <dt>Slug</dt>
          <dd className="admin-mono">{card.slug}</dd>
          <dt>Currency</dt>
          <dd>
            {card.currency} ({symbol})
          </dd>
          <dt>Brand colour</dt>
          <dd className="admin-mono">{card.brand_color}</dd>
          <dt>Customers see it</dt>
          <dd>
            <CardSwitch card={card} />
          </dd>
          <dt>Updated</dt>
          <dd>
            <DateTime iso={card.updated_at} />
          </dd>
        </dl>
      </div>
    </Panel>
  );
}

/** The sub-categories' columns: the band, its rate edited in place, its switch, its history and edit buttons. */
function subcategoryColumns(setOpen: (open: Open) => void): Column<AdminSubcategory>[] {
  return [
    {
      key: 'band',
      header: 'Sub-category',
      cell: (band) => (
        <>
          <span className="admin-cell-title">
            {band.country} · {band.kind === 'ecode' ? 'E-code' : 'Physical'}
          </span>
          <span className="admin-cell-sub tabular admin-nowrap">
            {currencySymbol(band.currency)}
            {band.min_amount} – {currencySymbol(band.currency)}
            {band.max_amount} {band.currency}
          </span>
          <span className="admin-cell-sub">
            Rate set <DateTime iso={band.rate_updated_at} />
          </span>
        </>
      ),
    },
    {
      key: 'rate',
      header: 'Rate (₦ per unit)',
      cell: (band) => <RateForm key={`${band.id}:${band.exchange_rate}`} subcategory={band} />,
      width: 200,
    },
    { key: 'enabled', header: 'On', cell: (band) => <BandSwitch band={band} />, width: 60 },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      width: 96,
      cell: (band) => (
        <span className="biz-row-actions">
          <button
            type="button"
            className="admin-icon-button"
            onClick={() => setOpen({ kind: 'history', band })}
            aria-label={`Rate history of ${band.label}`}
            title="Rate history"
          >
            <History size={18} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="admin-icon-button"
            onClick={() => setOpen({ kind: 'edit-band', band })}
            aria-label={`Edit ${band.label}`}
            title="Edit"
          >
            <Pencil size={18} aria-hidden="true" />
          </button>
        </span>
      ),
    },
  ];
}

/** A card on or off for customers, straight from the list or the panel. */
export function CardSwitch({ card, compact }: { card: AdminGiftCard; compact?: boolean }) {
  const update = useUpdateGiftCard();
  return (
    <EnabledSwitch
      compact={compact}
      checked={update.isPending && update.variables ? Boolean(update.variables.changes.enabled) : card.enabled}
      label={`${card.name} enabled`}
      busy={update.isPending}
      onChange={(enabled) =>
        update.mutate(
          { id: card.id, changes: { enabled } },
          {
            onSuccess: () => toastSuccess(enabled ? `${card.name} is on sale again` : `${card.name} is hidden from customers`),
            onError: (error) => toastError(adminErrorMessage(error, 'Could not change the card. Try again')),
          },
        )
      }
    />
  );
}

function BandSwitch({ band }: { band: AdminSubcategory }) {
  const update = useUpdateSubcategory();
  return (
    <EnabledSwitch
      compact
      checked={update.isPending && update.variables ? Boolean(update.variables.changes.enabled) : band.enabled}
      label={`${band.label} enabled`}
      busy={update.isPending}
      onChange={(enabled) =>
        update.mutate(
          { id: band.id, changes: { enabled } },
          {
            onSuccess: () => toastSuccess(enabled ? `${band.label} is on` : `${band.label} is off`),
            onError: (error) => toastError(adminErrorMessage(error, 'Could not change the sub-category. Try again')),
          },
        )
      }
    />
  );
}
