import type { Quote } from '@wise/shared';
import { asQuote } from './quote-shape';

/**
 * The quotes this tab asked for, by id. The id travels in the URL (`?quote=`) from screen to
 * screen; the quote itself is kept here and in sessionStorage, so a reload of any step finds it
 * again (there is no endpoint to read a quote back, and the server re-checks it at submission).
 */

export interface QuoteEntry {
  quote: Quote;
  /** This device's clock when the quote arrived: a clock far off the server's shows no countdown. */
  receivedAtMs: number;
  /**
   * Set while a quote that replaced an expired one has not been accepted yet: the value the
   * customer had agreed to. Nothing is submitted until they confirm the new value.
   */
  replacedValueKobo: number | null;
}

/** What `parse` checks, by hand (no zod on the sell screens): the quote as `quoteSchema` would, a number and an integer or null. */
function asEntry(value: unknown): QuoteEntry | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { quote, receivedAtMs, replacedValueKobo } = value as Record<string, unknown>;
  const checked = asQuote(quote);
  if (!checked || typeof receivedAtMs !== 'number' || !Number.isFinite(receivedAtMs)) return undefined;
  if (replacedValueKobo !== null && !(typeof replacedValueKobo === 'number' && Number.isSafeInteger(replacedValueKobo))) return undefined;
  return { quote: checked, receivedAtMs, replacedValueKobo };
}
const STORAGE_PREFIX = 'wise.crypto.quote.';
/** A handful is plenty: a customer sells one coin at a time. */
const KEPT_MAX = 6;

const memory = new Map<string, string>();
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be switched off; the quote then lives as long as the page.
    return undefined;
  }
}

function write(id: string, entry: QuoteEntry): void {
  const raw = JSON.stringify(entry);
  memory.set(id, raw);
  try {
    storage()?.setItem(STORAGE_PREFIX + id, raw);
  } catch {
    // Quota or privacy mode: memory is enough for this visit.
  }
  prune();
  for (const listener of listeners) listener();
}

function prune(): void {
  const store = storage();
  const ids = new Set(memory.keys());
  if (store) {
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(STORAGE_PREFIX)) ids.add(key.slice(STORAGE_PREFIX.length));
    }
  }
  if (ids.size <= KEPT_MAX) return;
  const byAge = [...ids].map((id) => ({ id, at: parse(readRaw(id))?.receivedAtMs ?? 0 })).sort((a, b) => a.at - b.at);
  for (const { id } of byAge.slice(0, ids.size - KEPT_MAX)) {
    memory.delete(id);
    store?.removeItem(STORAGE_PREFIX + id);
  }
}

function readRaw(id: string): string | null {
  const inMemory = memory.get(id);
  if (inMemory !== undefined) return inMemory;
  try {
    return storage()?.getItem(STORAGE_PREFIX + id) ?? null;
  } catch {
    return null;
  }
}

function parse(raw: string | null): QuoteEntry | undefined {
  if (!raw) return undefined;
  try {
    return asEntry(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/** Keeps a quote the server just gave. `replacedValueKobo`: the value of the expired quote it replaces. */
export function rememberQuote(quote: Quote, replacedValueKobo: number | null = null): QuoteEntry {
  const entry: QuoteEntry = { quote, receivedAtMs: Date.now(), replacedValueKobo };
  write(quote.id, entry);
  return entry;
}

/** The customer accepted the new value of a replacement quote. */
export function acceptQuote(id: string): void {
  const entry = parse(readRaw(id));
  if (entry && entry.replacedValueKobo !== null) write(id, { ...entry, replacedValueKobo: null });
}

export function recallQuote(id: string): QuoteEntry | undefined {
  return parse(readRaw(id));
}

/** For useSyncExternalStore: the raw entry is a string, so React compares snapshots by value. */
export const quoteStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  snapshot: (id: string | null) => (id ? readRaw(id) : null),
  parse,
};
