import { useCallback, useEffect, useState } from 'react';
import { ratesResponseSchema, type RatesResponse } from '@wise/shared';

/**
 * GET /api/rates (no session): every sub-category's rate and band, and the coins' naira prices.
 * A plain fetch, not the app's API client: this public answer needs no session handling or error
 * body, and /rates is held to the landing screen's JavaScript budget (docs/PERFORMANCE.md). The
 * answer is checked against its schema in development only, as the client does.
 */
export async function getRates(signal?: AbortSignal): Promise<RatesResponse> {
  const response = await fetch('/api/rates', { headers: { accept: 'application/json' }, signal });
  // Never shown: the screen offers Retry whatever went wrong.
  if (!response.ok) throw new Error(String(response.status));
  const body: unknown = await response.json();
  return import.meta.env.DEV ? ratesResponseSchema.parse(body) : (body as RatesResponse);
}

/** Coin prices are refreshed every minute on the server: the page follows while it stays open. */
const REFRESH_MS = 60_000;

export type RatesState = { status: 'pending' } | { status: 'error'; retrying: boolean } | { status: 'success'; data: RatesResponse };

/**
 * The rates without the query library, which alone would take /rates over its budget: one
 * request, a retry, and a quiet refresh each minute that keeps what is shown if it fails.
 */
export function useRates(): RatesState & { refetch: () => void } {
  const [state, setState] = useState<RatesState>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const load = () =>
      getRates(controller.signal).then(
        (data) => setState({ status: 'success', data }),
        () => {
          if (!controller.signal.aborted)
            setState((current) => (current.status === 'success' ? current : { status: 'error', retrying: false }));
        },
      );
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [attempt]);

  const refetch = useCallback(() => {
    setState((current) => (current.status === 'error' ? { status: 'error', retrying: true } : current));
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, refetch };
}
