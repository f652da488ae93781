import type { SaleQueueFilters } from './api/keys';

/**
 * The queue the reviewer last looked at, so work mode steps through the same list (j/k, and the
 * next sale after a decision) as the desk showed. Kept for the browser tab only.
 */
const KEY = 'wise.admin.desk.filters';

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
