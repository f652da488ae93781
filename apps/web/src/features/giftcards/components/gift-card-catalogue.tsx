import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Search, SearchX } from 'lucide-react';
import {
  fetchMessages,
  GIFT_CARD_QUERY_MAX,
  giftCardCatalogueTexts,
  giftCardErrorCodes,
  giftCardMessages,
  type GiftCard,
} from '@wise/shared';
import { EmptyState } from '#web/components/ui/empty-state';
import { FetchError } from '#web/components/ui/fetch-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { TextField } from '#web/components/ui/text-field';
import { dismissToasts, toastError } from '#web/components/ui/toast';
import { ApiError } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import { useGiftCards } from '../api/get-gift-cards';
import { useSearchGiftCards } from '../api/search-gift-cards';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { GiftCardArt } from './gift-card-art';
import './giftcards.css';

/** The server is asked once typing pauses, not on every key. */
export const SEARCH_DEBOUNCE_MS = 300;

const isNoMatch = (error: unknown) => error instanceof ApiError && error.code === giftCardErrorCodes.notFound;

function GridSkeleton({ label }: { label: string }) {
  return (
    <ul className="gift-grid" aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <li key={i} className="gift-tile gift-tile--loading">
          <Skeleton height="auto" className="gift-tile__skeleton-art" />
          <Skeleton height={14} width="60%" />
        </li>
      ))}
    </ul>
  );
}

/**
 * docs/product.md §2 "/sellgiftcards/giftcardscatalogue": a two-column grid of cards with a search box. The
 * search asks the server as typing pauses; no match shows the server's text as a toast (docs/product.md §8),
 * once: the screen behind it only offers what to do (check the spelling, clear the search); a failed
 * fetch shows "Couldn't fetch gift cards".
 */
export function GiftCardCatalogue({ hrefFor }: { hrefFor: (card: GiftCard) => string }) {
  const t = useTexts(giftCardCatalogueTexts);
  const cardText = useTexts(giftCardMessages);
  const fetchText = useTexts(fetchMessages);
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const all = useGiftCards(query === '');
  const search = useSearchGiftCards(query);
  const shown = query === '' ? all : search;
  const noMatch = query !== '' && search.isError && isNoMatch(search.error);
  // The server's words for a miss, in the app's language (it only quotes the query back).
  const missText = cardText === giftCardMessages ? search.error?.message : cardText.noMatch(query);

  const missShown = useRef(false);
  useEffect(() => {
    if (noMatch && search.error) {
      toastError(missText ?? search.error.message);
      missShown.current = true;
    }
  }, [noMatch, search.error, missText]);
  // Cards are on screen again: a "no match" toast about an earlier query would only mislead.
  const found = !noMatch && !shown.isError && shown.isSuccess && !shown.isPlaceholderData;
  useEffect(() => {
    if (found && missShown.current) {
      dismissToasts();
      missShown.current = false;
    }
  }, [found]);

  let body;
  if (noMatch) {
    body = (
      <EmptyState
        art={<SearchX size={48} aria-hidden="true" />}
        title={t.noMatchText}
        action={
          <button type="button" className="btn btn--secondary" onClick={() => setText('')}>
            {t.clearSearch}
          </button>
        }
      />
    );
  } else if (shown.isError) {
    body = <FetchError message={fetchText.giftCards} onRetry={() => void shown.refetch()} retrying={shown.isFetching} />;
  } else if (shown.isPending || !shown.data) {
    body = <GridSkeleton label={t.loading} />;
  } else {
    body = (
      <ul className="gift-grid" data-testid="gift-cards" aria-busy={shown.isPlaceholderData || undefined}>
        {shown.data.cards.map((card) => (
          <li key={card.id}>
            <Link to={hrefFor(card)} className="gift-tile">
              <GiftCardArt card={card} className="gift-tile__art" />
              <span className="gift-tile__name">{card.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <div className="gift-search" role="search">
        <TextField
          label={t.search}
          hideLabel
          type="search"
          inputMode="search"
          enterKeyHint="search"
          placeholder={t.search}
          autoComplete="off"
          maxLength={GIFT_CARD_QUERY_MAX}
          leading={<Search size={18} />}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {body}
    </>
  );
}
