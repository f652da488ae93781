import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import type { CoinId, Quote } from '@wise/shared';
import { createQuote } from '../api/create-quote';
import { acceptQuote, quoteStore, rememberQuote, type QuoteEntry } from '../quote-store';
import { useCountdown } from './use-countdown';

export const QUOTE_PARAM = 'quote';

export interface SaleQuote {
  /** Undefined when the URL names no quote this tab knows (opened elsewhere, or another coin's). */
  entry: QuoteEntry | undefined;
  /** Milliseconds until the quote expires; null when this device's clock cannot be trusted to count. */
  msLeft: number | null;
  /** A new quote is being asked for, the old one having expired. */
  refreshing: boolean;
  /** Asking for a new quote failed (e.g. prices are being updated): its message and a retry. */
  refreshError: Error | null;
  retryRefresh: () => void;
  /** The quote replaced an expired one and the customer has not accepted its value yet. */
  needsConfirmation: boolean;
  accept: () => void;
  /** Switches to a fresh quote the server handed back (409 QUOTE_EXPIRED), to be confirmed. */
  replace: (fresh: Quote) => void;
  /** Whether the customer may go on with this quote now. */
  usable: boolean;
}

/**
 * The quote a crypto sale goes on with, named by `?quote=` in the URL (docs/decisions.md §4: honoured until
 * `expires_at`). When it runs out, a new one for the same coin and amount is asked for at once
 * and shown for the customer to confirm; the URL then names the new one. `settled`: a deposit took the
 * quote, so nothing is counted or renewed any more (a renewal would only open a quote nobody asked for).
 */
export function useSaleQuote(coin: CoinId, settled = false): SaleQuote {
  const [params, setParams] = useSearchParams();
  const id = params.get(QUOTE_PARAM);
  const raw = useSyncExternalStore(
    quoteStore.subscribe,
    () => quoteStore.snapshot(id),
    () => null,
  );
  const stored = useMemo(() => quoteStore.parse(raw), [raw]);
  const entry = stored && stored.quote.coin === coin ? stored : undefined;

  const expiresAtMs = entry ? Date.parse(entry.quote.expires_at) : null;
  // A device clock far from the server's makes a fresh quote look expired on arrival: count nothing
  // then, and let the server decide at submission (it answers QUOTE_EXPIRED with a fresh quote).
  const clockTrusted = entry !== undefined && expiresAtMs !== null && expiresAtMs > entry.receivedAtMs;
  const msLeft = useCountdown(clockTrusted && !settled ? expiresAtMs : null);

  const switchTo = useCallback(
    (fresh: Quote, replacedValueKobo: number) => {
      rememberQuote(fresh, replacedValueKobo);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(QUOTE_PARAM, fresh.id);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const refresh = useMutation({ mutationFn: createQuote });
  const { mutate, isPending, isError, error, reset } = refresh;
  const renew = useCallback(() => {
    if (!entry) return;
    // The value to compare with stays the one the customer agreed to, however many quotes expire meanwhile.
    const agreedKobo = entry.replacedValueKobo ?? entry.quote.value_kobo;
    mutate({ coin, amount: entry.quote.amount }, { onSuccess: (fresh) => switchTo(fresh, agreedKobo) });
  }, [coin, entry, mutate, switchTo]);

  const expired = msLeft === 0;
  useEffect(() => {
    if (expired && !isPending && !isError) renew();
  }, [expired, isPending, isError, renew]);

  const needsConfirmation = entry !== undefined && entry.replacedValueKobo !== null;
  return {
    entry,
    msLeft,
    refreshing: isPending || (expired && !isError),
    refreshError: isError ? error : null,
    retryRefresh: () => {
      reset();
      renew();
    },
    needsConfirmation,
    accept: () => {
      if (entry) acceptQuote(entry.quote.id);
    },
    replace: (fresh) => {
      if (entry) switchTo(fresh, entry.replacedValueKobo ?? entry.quote.value_kobo);
    },
    usable: entry !== undefined && !expired && !isPending && !needsConfirmation,
  };
}
