import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { cryptoErrorCodes, type CryptoSaleFields, type Quote, type SaleDetail } from '@wise/shared';
import { ApiError } from '#web/lib/api-client';
import { newIdempotencyKey } from '#web/lib/idempotency';
import { createQuote } from '../api/create-quote';
import { quoteFromExpiredMeta } from '../quote-shape';

const loadSubmit = () => import('../api/submit-crypto-sale');
const PREFETCH_DELAY_MS = 2_000;

interface SellInput {
  quote: Quote;
  fields: CryptoSaleFields;
  screenshot: File;
}

export type SellCryptoOutcome =
  | { kind: 'sold'; sale: SaleDetail }
  /** The quote ran out before it reached the server: here is a fresh one, for the customer to confirm. */
  | { kind: 'quote-expired'; quote: Quote }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown };

/** The fresh quote a 409 QUOTE_EXPIRED carries in `meta.quote`. */
function quoteFromError(error: ApiError): Quote | undefined {
  return quoteFromExpiredMeta(error.body.meta);
}

/**
 * Submits a crypto sale with upload progress and cancel. The same submission sent again (after a
 * dropped connection or a cancel) carries the same Idempotency-Key, so the server answers with the
 * first sale; another quote, transaction ID or screenshot is a new submission with a new key.
 */
export function useSellCrypto() {
  const [fraction, setFraction] = useState<number>();
  const controller = useRef<AbortController | null>(null);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const fileIds = useRef(new WeakMap<File, number>());
  const fileCounter = useRef(0);

  // The upload code is fetched once the screen has settled, not with it: nothing of it is needed to
  // draw the proof form, and the screen is at the edge of its JavaScript budget (docs/PERFORMANCE.md).
  useEffect(() => {
    const timer = setTimeout(() => void loadSubmit().catch(() => undefined), PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const mutation = useMutation({
    mutationFn: async ({ input, key, signal }: { input: SellInput; key: string; signal: AbortSignal }) => {
      const { submitCryptoSale } = await loadSubmit();
      return submitCryptoSale(
        { fields: input.fields, screenshot: input.screenshot, idempotencyKey: key },
        { signal, onProgress: (p) => setFraction(p.fraction) },
      );
    },
  });

  const sell = useCallback(
    async (input: SellInput): Promise<SellCryptoOutcome> => {
      let fileId = fileIds.current.get(input.screenshot);
      if (fileId === undefined) {
        fileCounter.current += 1;
        fileId = fileCounter.current;
        fileIds.current.set(input.screenshot, fileId);
      }
      const print = JSON.stringify([input.fields.quote_id, input.fields.transaction_id ?? null, fileId]);
      if (attempt.current?.fingerprint !== print) attempt.current = { fingerprint: print, key: newIdempotencyKey() };
      controller.current = new AbortController();
      setFraction(0);
      try {
        const { sale } = await mutation.mutateAsync({ input, key: attempt.current.key, signal: controller.current.signal });
        attempt.current = null;
        return { kind: 'sold', sale };
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'cancelled' };
        if (error instanceof ApiError && error.code === cryptoErrorCodes.quoteExpired) {
          const fresh = quoteFromError(error);
          if (fresh) return { kind: 'quote-expired', quote: fresh };
          // The answer had no usable quote: ask for one for the same coin and amount.
          try {
            return { kind: 'quote-expired', quote: await createQuote({ coin: input.quote.coin, amount: input.quote.amount }) };
          } catch (quoteError) {
            return { kind: 'failed', error: quoteError };
          }
        }
        return { kind: 'failed', error };
      } finally {
        controller.current = null;
        setFraction(undefined);
      }
    },
    [mutation],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { sell, cancel, submitting: mutation.isPending, fraction };
}
