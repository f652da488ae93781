import type { SaleQueueFilters } from './api/keys';

/**
 * The queue the reviewer last looked at, so work mode steps through the same list (j/k, and the
 * next sale after a decision) as the desk showed. Kept for the browser tab only.
 */
const KEY = 'wise.admin.desk.filters';

/** The filters the desk's URL carries, in the order it writes them. */
export const DESK_FILTER_KEYS = ['status', 'kind', 'gift_card_id', 'coin', 'older_than_minutes', 'flag', 'sort', 'q', 'assigned'] as const;

/** The desk's URL query for these filters: defaults (the waiting view, the default order) are left out. */
export function deskQuery(filters: SaleQueueFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of DESK_FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== '' && !(key === 'status' && value === 'pending') && !(key === 'sort' && value === 'default'))
      query.set(key, String(value));
  }
  return query;
}

/** The queue the reviewer came from (its search and filters), for `q` and the end of the queue in work mode. */
export function deskHref(queuePath: string, filters: SaleQueueFilters): string {
  const query = deskQuery(filters).toString();
  return query ? `${queuePath}?${query}` : queuePath;
}

export function rememberDeskFilters(filters: SaleQueueFilters): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(filters));
  } catch {
    // Private mode or storage full: work mode falls back to the waiting view.
  }
}

export function recallDeskFilters(): SaleQueueFilters {
  try {
    const text = sessionStorage.getItem(KEY);
    const parsed: unknown = text ? JSON.parse(text) : null;
    return parsed && typeof parsed === 'object' ? (parsed as SaleQueueFilters) : { status: 'pending' };
  } catch {
    return { status: 'pending' };
  }
}

/** True when a key press belongs to a field or a dialog rather than to the desk's shortcuts. */
export function keyBelongsElsewhere(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target;
  if (target instanceof HTMLElement) {
    if (target.isContentEditable) return true;
    if (target.closest('input, textarea, select, [role="dialog"]')) return true;
  }
  // The authenticator-code dialog, the reject dialog, the image viewer: they own the keyboard.
  return document.querySelector('[role="dialog"], [aria-modal="true"]') !== null;
}
