import { useEffect, type RefObject } from 'react';
import { keyBelongsElsewhere } from './desk-filters';
import { moveSelection } from './desk-queue';

interface QueueKeys {
  /** The rows the keyboard stops on, in screen order (desk-queue.ts keyboardRows). */
  rows: readonly { id: string }[] | undefined;
  selected: string | null;
  onSelect: (id: string | null) => void;
  onOpen: (id: string) => void;
  searchRef: RefObject<HTMLInputElement | null>;
}

/**
 * The queue's keys (docs/back-office.md, "The review desk"): `j`/`k` move, Enter (or `o`) opens
 * the chosen row or else the first, `/` searches, Escape leaves the search (keeping it). Rows the viewer cannot
 * act on are not in `rows`, so the keys pass over them.
 */
export function useQueueKeys({ rows, selected, onSelect, onOpen, searchRef }: QueueKeys): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '/' && !keyBelongsElsewhere(event)) {
        event.preventDefault();
        searchRef.current?.focus();
        return;
      }
      if (event.key === 'Escape' && event.target === searchRef.current) {
        // Back to the rows with the search kept (a search field would clear itself), so j/k and
        // Enter work the sales it found.
        event.preventDefault();
        searchRef.current?.blur();
        return;
      }
      if (keyBelongsElsewhere(event) || !rows || rows.length === 0) return;
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        const id = moveSelection(rows, selected, event.key);
        onSelect(id);
        document.querySelector(`[data-sale-id="${id}"]`)?.scrollIntoView?.({ block: 'nearest' });
      } else if (event.key === 'Enter' || event.key === 'o') {
        const id = rows.some((row) => row.id === selected) ? selected : rows[0]?.id;
        if (id && !(event.target instanceof HTMLAnchorElement || event.target instanceof HTMLButtonElement)) {
          event.preventDefault();
          onOpen(id);
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [rows, selected, onSelect, onOpen, searchRef]);
}
