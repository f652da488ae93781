import { useEffect, useRef } from 'react';
import { listTexts as englishListTexts } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';
import { Button, Spinner } from './button';
import './load-more.css';

interface LoadMoreProps {
  /** The server gave a next_cursor: there is more to load. */
  hasMore: boolean;
  /** The next page is on its way. */
  loading: boolean;
  /** The last attempt at the next page failed: show why and stop loading by itself. */
  failed: boolean;
  errorMessage: string;
  onLoadMore: () => void;
}

/** How far below the viewport the next page starts loading, so scrolling rarely meets the end. */
const AHEAD = '400px 0px';

/**
 * The end of a keyset-paged list (docs/decisions.md §7b.4): older rows load when this comes into view (an
 * IntersectionObserver sentinel), and a "Load more" button does the same for a keyboard or a
 * screen reader, which never "scrolls" into it. While a page loads, a status row says so (announced
 * politely); after a failure the list stops loading by itself and offers to try again.
 */
export function LoadMore({ hasMore, loading, failed, errorMessage, onLoadMore }: LoadMoreProps) {
  const listTexts = useTexts(englishListTexts);
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  }, [onLoadMore]);

  // A new observer after each page: its first report says whether the end is still in view (a
  // short page on a tall screen), so the list keeps filling until it reaches past the fold.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, failed]);

  if (!hasMore && !failed) return null;
  return (
    <div ref={sentinel} className="load-more" data-testid="load-more">
      {failed ? (
        <p className="load-more__error" role="alert">
          {errorMessage}
        </p>
      ) : null}
      <div role="status" aria-live="polite" className="load-more__status">
        {loading ? (
          <>
            <Spinner /> {listTexts.loadingMore}
          </>
        ) : null}
      </div>
      {loading ? null : (
        <Button variant="secondary" onClick={onLoadMore}>
          {failed ? listTexts.retry : listTexts.loadMore}
        </Button>
      )}
    </div>
  );
}
