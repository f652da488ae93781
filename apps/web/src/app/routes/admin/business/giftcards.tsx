import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import type { AdminGiftCard } from '@wise/shared/admin';
import { DataTable, type Column } from '#web/components/admin/data-table';
import { PageHeader } from '#web/components/admin/page-header';
import { EmptyState } from '#web/components/ui/empty-state';
import { Button } from '#web/components/ui/button';
import { useGiftCards } from '#web/features/admin-business/api/get-gift-cards';
import { CardSwitch, GiftCardPanel } from '#web/features/admin-business/components/gift-card-panel';
import { CardArt } from '#web/features/admin-business/components/card-art';
import { GiftCardFormDialog } from '#web/features/admin-business/components/gift-card-form-dialog';
import './giftcards.css';

function subcategoriesOn(card: AdminGiftCard): string {
  const on = card.subcategories.filter((band) => band.enabled).length;
  const all = card.subcategories.length;
  if (all === 0) return 'no sub-categories';
  return on === all ? `${all} sub-categor${all === 1 ? 'y' : 'ies'}` : `${on} of ${all} sub-categories on`;
}

/** /admin/giftcards: the catalogue — cards on the left, the chosen card and its sub-categories on the right. */
export function GiftCardsScreen() {
  const cards = useGiftCards();
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const list = cards.data?.cards;
  const selectedId = params.get('card') ?? list?.[0]?.id;
  const selected = list?.find((card) => card.id === selectedId);
  const select = (card: AdminGiftCard) => setParams({ card: card.id }, { replace: true });

  const columns: Column<AdminGiftCard>[] = [
    {
      key: 'card',
      header: 'Card',
      cell: (card) => (
        <span className={card.id === selectedId ? 'biz-card-cell is-selected' : 'biz-card-cell'}>
          <CardArt card={card} size="small" />
          <span>
            <span className="admin-cell-title">{card.name}</span>
            <span className="admin-cell-sub">
              {card.currency} · {subcategoriesOn(card)}
            </span>
          </span>
        </span>
      ),
    },
    { key: 'enabled', header: 'On', cell: (card) => <CardSwitch card={card} compact />, width: 60 },
  ];

  return (
    <>
      <PageHeader
        title="Gift cards"
        description="What customers can sell, the rate for each sub-category, and the pictures they see."
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus size={18} aria-hidden="true" /> Add card
          </Button>
        }
      />
      <div className="biz-split">
        <DataTable
          caption="Gift cards"
          columns={columns}
          rows={list}
          rowKey={(card) => card.id}
          isLoading={cards.isPending}
          error={cards.error}
          errorMessage="Couldn't load the gift cards"
          onRetry={() => void cards.refetch()}
          retrying={cards.isRefetching}
          empty={{ title: 'No gift cards yet', text: 'Add the first card customers can sell.' }}
          onRowClick={select}
          maxHeight="var(--biz-cards-max-h)"
          rowLabel={(card) => `Open ${card.name}${card.id === selectedId ? ' (open)' : ''}`}
        />
        <div className="biz-split__detail">
          {selected ? (
            <GiftCardPanel key={selected.id} card={selected} />
          ) : list && list.length > 0 ? (
            <EmptyState title="Choose a card" text="Its sub-categories and rates show here." />
          ) : null}
        </div>
      </div>
      {adding ? <GiftCardFormDialog onClose={() => setAdding(false)} onSaved={(card) => select(card)} /> : null}
    </>
  );
}
